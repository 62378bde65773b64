import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useState, type FormEvent } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { PAYMENT_FAILED, STRIPE_NOT_READY } from '../utils/payment-errors';

// Stripe.js is fetched only here, when a checkout with Stripe opens (never in the first script).
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publicKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publicKey);
  if (!promise) {
    promise = loadStripe(publicKey, { locale: 'pt-BR' });
    loaded.set(publicKey, promise);
  }
  return promise;
}

function PayButton({ onPaid }: { onPaid: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) {
      setError(STRIPE_NOT_READY);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}/checkout` },
      });
      if (result.error) {
        setError(result.error.message ?? PAYMENT_FAILED);
        setBusy(false);
        return;
      }
      onPaid();
    } catch {
      setError(PAYMENT_FAILED);
      setBusy(false);
    }
  }

  return (
    <form className="stripe-form" onSubmit={(e) => void submit(e)} aria-label="Cartão">
      <PaymentElement />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        Pagar
        {busy && <Spinner />}
      </button>
    </form>
  );
}

/** Stripe's Payment Element for the subscription's first invoice. */
export default function StripePaymentForm({
  publicKey,
  clientSecret,
  onPaid,
}: {
  publicKey: string;
  clientSecret: string;
  onPaid: () => void;
}) {
  return (
    <Elements stripe={stripeFor(publicKey)} options={{ clientSecret, locale: 'pt-BR' }}>
      <PayButton onPaid={onPaid} />
    </Elements>
  );
}
