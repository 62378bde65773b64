import { formatPlanPrice } from '@normas/contracts/billing';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSession } from '../../../lib/session';
import { billingStatusQueryKey, paymentConfigQueryOptions } from '../api/billing';
import { clearCheckout, readCheckout } from '../utils/checkout-storage';
import {
  CHECKOUT_MISSING,
  paymentErrorMessage,
  STRIPE_CONFIG_MISSING,
} from '../utils/payment-errors';
import { DemoCardForm } from './demo-card-form';

const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

/** Spec §9: the profile opens 2 s after a successful payment. */
export const SUCCESS_REDIRECT_MS = 2000;

export const PAYMENT_SUCCESS = 'Pagamento confirmado! Seu plano Pro está ativo.';

// Leaving /checkout clears the stored checkout; a reload never runs this, so its data stays.
// Deferred a tick, so that a re-mount (React's strict mode) keeps it.
let pendingClear: ReturnType<typeof setTimeout> | undefined;

/** /checkout: plan summary and the payment form (spec §2, §4). */
export function CheckoutPage() {
  useDocumentTitle('Pagamento');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { refreshProfile } = useSession();
  const [checkout] = useState(() => readCheckout(search));
  const config = useQuery(paymentConfigQueryOptions);
  const [paid, setPaid] = useState(search.get('redirect_status') === 'succeeded');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    clearTimeout(pendingClear);
    return () => {
      clearTimeout(timer.current);
      pendingClear = setTimeout(clearCheckout, 0);
    };
  }, []);

  useEffect(() => {
    if (!paid) return;
    let cancelled = false;
    void (async () => {
      // The plan turns Pro when the provider's paid invoice arrives: asked again a few times.
      for (let attempt = 0; attempt < 10 && !cancelled; attempt++) {
        const user = await refreshProfile().catch(() => null);
        if (user?.plan !== 'free') break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      if (cancelled) return;
      void queryClient.invalidateQueries({ queryKey: billingStatusQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['usage'] });
      timer.current = setTimeout(() => void navigate('/profile'), SUCCESS_REDIRECT_MS);
    })();
    return () => {
      cancelled = true;
    };
  }, [paid, refreshProfile, queryClient, navigate]);

  let body;
  if (paid) {
    body = (
      <p className="notice notice--success" role="status">
        {PAYMENT_SUCCESS} Você será levado ao seu perfil.
      </p>
    );
  } else if (!checkout.clientSecret) {
    body = <CheckoutError message={CHECKOUT_MISSING} />;
  } else if (config.isPending) {
    body = (
      <p className="checkout-preparing" role="status">
        <Spinner /> Preparando o pagamento…
      </p>
    );
  } else if (config.isError) {
    body = <CheckoutError message={paymentErrorMessage(config.error)} />;
  } else if (!config.data.publicKey) {
    body = <CheckoutError message={STRIPE_CONFIG_MISSING} />;
  } else if (config.data.provider === 'demo') {
    body = <DemoCardForm clientSecret={checkout.clientSecret} onPaid={() => setPaid(true)} />;
  } else {
    body = (
      <Suspense
        fallback={
          <p className="checkout-preparing" role="status">
            <Spinner /> Preparando o pagamento…
          </p>
        }
      >
        <StripePaymentForm
          publicKey={config.data.publicKey}
          clientSecret={checkout.clientSecret}
          onPaid={() => setPaid(true)}
        />
      </Suspense>
    );
  }

  const price = Number(checkout.planPrice);
  return (
    <div className="page checkout-page">
      <h1 className="page-title">Pagamento</h1>
      {checkout.planName && (
        <section className="card checkout-summary" aria-label="Resumo do plano">
          <p>
            Plano <strong>{checkout.planName}</strong>
          </p>
          {Number.isFinite(price) && price > 0 && (
            <p>
              <strong>{formatPlanPrice(price)}</strong> por mês, renovado automaticamente. Cancele
              quando quiser no seu perfil.
            </p>
          )}
        </section>
      )}
      {body}
    </div>
  );
}

function CheckoutError({ message }: { message: string }) {
  return (
    <div className="checkout-error">
      <p className="form-error" role="alert">
        {message}
      </p>
      <Link className="button button--secondary" to="/payment">
        Voltar aos planos
      </Link>
    </div>
  );
}
