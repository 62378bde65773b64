import type { BillingStatus } from '@normas/contracts/billing';
import { formatPlanPrice } from '@normas/contracts/billing';
import { PLAN_NAMES } from '@normas/contracts/plans';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/dates';
import {
  billingStatusQueryKey,
  billingStatusQueryOptions,
  setCancelAtPeriodEnd,
} from '../api/billing';
import { paymentErrorMessage } from '../utils/payment-errors';

const STATUS_TEXT: Record<NonNullable<BillingStatus['subscription']>['status'], string> = {
  pending: 'Aguardando pagamento',
  incomplete: 'Aguardando pagamento',
  active: 'Ativa',
  past_due: 'Pagamento pendente',
  unpaid: 'Não paga',
  canceled: 'Cancelada',
  incomplete_expired: 'Expirada',
};

const QUOTA_TEXT: Record<BillingStatus['plan'], string> = {
  free: '3 perguntas/dia',
  pro: '100 perguntas/mês',
  business: 'perguntas ilimitadas',
};

/** The plan's status, renewal or end date, last payment, and cancel or reactivate (profile, /payment). */
export function PlanStatus() {
  const queryClient = useQueryClient();
  const status = useQuery(billingStatusQueryOptions);
  const change = useMutation({
    mutationFn: setCancelAtPeriodEnd,
    onSuccess: (next) => queryClient.setQueryData(billingStatusQueryKey, next),
  });
  if (status.isPending) return null;
  if (status.isError) return null;
  const { subscription, lastPayment, plan } = status.data;
  const running =
    subscription && (subscription.status === 'active' || subscription.status === 'past_due');
  if (!subscription && !lastPayment) return null;
  return (
    <section className="card plan-status" aria-labelledby="plan-status-title">
      <h2 id="plan-status-title" className="plan-status-title">
        Sua assinatura
      </h2>
      <dl className="plan-status-facts">
        <dt>Plano</dt>
        <dd data-testid="subscription-plan">
          {PLAN_NAMES[plan]} · {QUOTA_TEXT[plan]}
        </dd>
        {subscription && (
          <>
            <dt>Situação</dt>
            <dd data-testid="subscription-status">
              {subscription.cancelAtPeriodEnd && running
                ? 'Cancelada ao fim do período'
                : STATUS_TEXT[subscription.status]}
            </dd>
            {running && subscription.currentPeriodEnd && (
              <>
                <dt>{subscription.cancelAtPeriodEnd ? 'Termina em' : 'Renova em'}</dt>
                <dd>{formatDate(subscription.currentPeriodEnd)}</dd>
              </>
            )}
          </>
        )}
        {lastPayment && (
          <>
            <dt>Último pagamento</dt>
            <dd data-testid="last-payment">
              {formatPlanPrice(lastPayment.amount)} em {formatDate(lastPayment.date)} (
              {lastPayment.status === 'paid' ? 'pago' : 'recusado'})
            </dd>
          </>
        )}
      </dl>
      {subscription?.status === 'past_due' && (
        <p className="notice" role="status">
          O pagamento da renovação falhou.{' '}
          {subscription.payUrl ? (
            <a href={subscription.payUrl} target="_blank" rel="noopener noreferrer">
              Pagar a fatura <span className="visually-hidden">(abre em nova aba)</span>
            </a>
          ) : (
            'Atualize seu cartão para manter o plano Pro.'
          )}
        </p>
      )}
      {running && (
        <button
          type="button"
          className="button button--secondary"
          disabled={change.isPending}
          aria-busy={change.isPending}
          onClick={() => change.mutate(!subscription.cancelAtPeriodEnd)}
        >
          {subscription.cancelAtPeriodEnd ? 'Reativar assinatura' : 'Cancelar assinatura'}
          {change.isPending && <Spinner />}
        </button>
      )}
      {change.isError && (
        <p className="form-error" role="alert">
          {paymentErrorMessage(change.error)}
        </p>
      )}
    </section>
  );
}
