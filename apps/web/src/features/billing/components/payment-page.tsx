import { formatPlanPrice, PLANS } from '@normas/contracts/billing';
import { planOf } from '@normas/contracts/plans';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { usePublicConfig } from '../../../lib/public-config';
import { useSignedInUser } from '../../../lib/session';
import { readToken } from '../../../lib/stored-session';
import {
  createCustomer,
  createSubscription,
  getPaymentConfig,
  plansQueryOptions,
} from '../api/billing';
import { writeCheckout } from '../utils/checkout-storage';
import {
  NO_CLIENT_SECRET,
  paymentErrorMessage,
  SIGN_IN_TO_SUBSCRIBE,
} from '../utils/payment-errors';
import { PlanCarousel } from './plan-carousel';
import { PlanComparison } from './plan-comparison';
import { PlanStatus } from './plan-status';

/** Spec §9: checkout opens 100 ms after the payment is prepared. */
export const CHECKOUT_REDIRECT_MS = 100;

const BUSINESS_TEXT = 'Olá! Quero conhecer o plano Business do Assistente de Normas.';

export function businessWhatsappLink(phone: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(BUSINESS_TEXT)}`;
}

/** /payment: the plans, their comparison and the action of the selected one (spec §2, §4). */
export function PaymentPage() {
  useDocumentTitle('Planos');
  const user = useSignedInUser();
  const navigate = useNavigate();
  const config = usePublicConfig();
  const plansQuery = useQuery(plansQueryOptions);
  const plans = plansQuery.data?.data ?? PLANS;
  const current = planOf(user.plan);
  const [index, setIndex] = useState(
    current === 'free' ? 1 : plans.findIndex((p) => p.id === current),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const selected = plans[index]!;

  async function startPayment() {
    setError(null);
    if (!readToken()) {
      setError(SIGN_IN_TO_SUBSCRIBE);
      void navigate('/login', { state: { from: '/payment' } });
      return;
    }
    setBusy(true);
    try {
      await getPaymentConfig();
      const customer = await createCustomer(user.email, user.name);
      const subscription = await createSubscription(customer.data.id);
      if (!subscription.data.clientSecret) throw new Error(NO_CLIENT_SECRET);
      writeCheckout({
        clientSecret: subscription.data.clientSecret,
        planName: subscription.data.plan.name,
        planPrice: String(subscription.data.amount),
      });
      timer.current = setTimeout(() => void navigate('/checkout'), CHECKOUT_REDIRECT_MS);
    } catch (e) {
      setError(paymentErrorMessage(e));
      setBusy(false);
    }
  }

  function act() {
    if (selected.id === 'free') {
      void navigate(-1);
    } else if (selected.id === 'pro') {
      void startPayment();
    } else if (config.data) {
      window.open(businessWhatsappLink(config.data.supportWhatsapp), '_blank', 'noopener');
    }
  }

  const label =
    selected.id === 'free'
      ? 'Voltar'
      : selected.id === 'pro'
        ? current === 'pro'
          ? 'Você já é Pro'
          : `Assinar o Plano Pro por ${formatPlanPrice(selected.price)}/mês`
        : 'Falar com a equipe no WhatsApp';
  const disabled = busy || (selected.id === 'pro' && current !== 'free');

  return (
    <div className="page page--wide payment-page">
      <h1 className="page-title">Planos</h1>
      <p className="page-lead">
        Escolha o plano que combina com a sua rotina de consultas às normas.
      </p>
      <PlanStatus />
      <PlanCarousel plans={plans} index={index} currentPlan={current} onSelect={setIndex} />
      <div className="payment-action">
        <button
          type="button"
          className="button button--primary"
          onClick={act}
          disabled={disabled}
          aria-busy={busy}
        >
          {label}
          {busy && <Spinner />}
        </button>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <PlanComparison plans={plans} />
    </div>
  );
}
