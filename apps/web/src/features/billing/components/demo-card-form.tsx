import { useState, type FormEvent } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { confirmDemoPayment } from '../api/billing';
import { PAYMENT_FAILED, paymentErrorMessage } from '../utils/payment-errors';

/** The demo provider's card form: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined. */
export function DemoCardForm({
  clientSecret,
  onPaid,
}: {
  clientSecret: string;
  onPaid: () => void;
}) {
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('12/34');
  const [cvc, setCvc] = useState('123');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await confirmDemoPayment(clientSecret, cardNumber);
      onPaid();
    } catch (e) {
      // A decline carries the provider's own message, shown as it is.
      setError(
        e instanceof ApiError && e.code === 'CARD_DECLINED'
          ? e.message
          : e instanceof ApiError && e.fromServer
            ? e.message
            : e instanceof ApiError
              ? paymentErrorMessage(e)
              : PAYMENT_FAILED,
      );
      setBusy(false);
    }
  }

  return (
    <form className="demo-card-form" onSubmit={(e) => void submit(e)} aria-label="Cartão">
      <p className="notice" role="note">
        <strong>Pagamento de demonstração</strong>: nenhum valor é cobrado. Use o cartão 4242 4242
        4242 4242 para aprovar ou 4000 0000 0000 0002 para ver uma recusa.
      </p>
      <label className="field">
        <span>Número do cartão</span>
        <input
          className="search-input"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={cardNumber}
          onChange={(e) => setCardNumber(e.target.value)}
          required
        />
      </label>
      <div className="field-row">
        <label className="field">
          <span>Validade</span>
          <input
            className="search-input"
            autoComplete="cc-exp"
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
          />
        </label>
        <label className="field">
          <span>CVC</span>
          <input
            className="search-input"
            inputMode="numeric"
            autoComplete="cc-csc"
            value={cvc}
            onChange={(e) => setCvc(e.target.value)}
          />
        </label>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary"
        disabled={busy || cardNumber.trim() === ''}
        aria-busy={busy}
      >
        Pagar
        {busy && <Spinner />}
      </button>
    </form>
  );
}
