import crypto from 'node:crypto';
import { PRO_PRICE_BRL } from '@normas/contracts/plans';
import { AppError } from '../../../lib/app-error';
import type { BillingEvent, CreatedSubscription, PaymentProviderPort } from './provider';

const id = (prefix: string) => `${prefix}_demo_${crypto.randomBytes(12).toString('hex')}`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The test cards of the demo form, with the messages Stripe gives for them in pt-BR. */
export const DEMO_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export type DemoCardOutcome = { ok: true } | { ok: false; declineCode: string; message: string };

/** What a demo card does: 4242… pays, 4000 0000 0000 0002 is declined, like Stripe's test cards. */
export function demoCardOutcome(cardNumber: string): DemoCardOutcome {
  if (cardNumber === DEMO_CARDS.success) return { ok: true };
  if (cardNumber === DEMO_CARDS.insufficientFunds)
    return {
      ok: false,
      declineCode: 'insufficient_funds',
      message: 'O seu cartão não tem fundos suficientes.',
    };
  if (cardNumber === DEMO_CARDS.declined)
    return { ok: false, declineCode: 'generic_decline', message: 'O seu cartão foi recusado.' };
  return {
    ok: false,
    declineCode: 'invalid_number',
    message:
      'O número do seu cartão é inválido. No pagamento de demonstração, use 4242 4242 4242 4242.',
  };
}

function addMonth(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/**
 * The offline provider of `npm start` without Stripe keys. It keeps nothing itself (the state lives
 * in the database, as Stripe's would); a confirmed card produces the same events a Stripe webhook
 * would, which billing applies through its one state machine.
 */
export function createDemoProvider(now: () => Date = () => new Date()) {
  const idempotent = new Map<string, unknown>();
  let sequence = 0;

  function once<T>(key: string, make: () => T): T {
    if (!idempotent.has(key)) idempotent.set(key, make());
    const value = idempotent.get(key) as T;
    // A double click is idempotent; the map does not grow without end.
    if (idempotent.size > 10_000) idempotent.delete(idempotent.keys().next().value!);
    return value;
  }

  function event(body: DistributiveOmit<BillingEvent, 'id' | 'created'>): BillingEvent {
    // Strictly increasing, so that events made in the same second still order.
    sequence = Math.max(sequence + 1, seconds(now()));
    return { id: id('evt'), created: sequence, ...body } as BillingEvent;
  }

  const provider: PaymentProviderPort & {
    confirm(sub: DemoPayable, cardNumber: string): BillingEvent[];
  } = {
    kind: 'demo',
    publicKey: 'pk_demo',

    async createCustomer(_input, key) {
      return once(`customer:${key}`, () => ({ id: id('cus') }));
    },

    async createSubscription(input, key) {
      return once(`subscription:${key}`, (): CreatedSubscription => ({
        subscriptionId: id('sub'),
        customerId: input.customerId,
        status: 'incomplete',
        cancelAtPeriodEnd: false,
        periodStart: null,
        periodEnd: null,
        invoiceId: id('in'),
        amount: Math.round(PRO_PRICE_BRL * 100),
        clientSecret: `${id('pi')}_secret_${crypto.randomBytes(12).toString('hex')}`,
      }));
    },

    async setCancelAtPeriodEnd(current, cancel) {
      return { ...current, cancelAtPeriodEnd: cancel };
    },

    async parseWebhook() {
      throw new AppError('WEBHOOK_SIGNATURE_INVALID');
    },

    /**
     * Pays (or declines) the subscription's first invoice and returns the events a provider would
     * send: `invoice.paid` and the subscription turning active, or `invoice.payment_failed`.
     */
    confirm(sub, cardNumber) {
      const start = now();
      const end = addMonth(start);
      const invoice = {
        invoiceId: sub.invoiceId,
        subscriptionId: sub.subscriptionId,
        customerId: sub.customerId,
        amount: sub.amount,
        currency: 'brl',
        periodStart: seconds(start),
        periodEnd: seconds(end),
        payUrl: null,
      };
      if (!demoCardOutcome(cardNumber).ok) {
        return [event({ type: 'invoice.payment_failed', invoice: { ...invoice, paidAt: null } })];
      }
      return [
        event({ type: 'invoice.paid', invoice: { ...invoice, paidAt: seconds(start) } }),
        event({
          type: 'customer.subscription.updated',
          subscription: {
            subscriptionId: sub.subscriptionId,
            customerId: sub.customerId,
            status: 'active',
            cancelAtPeriodEnd: false,
            periodStart: seconds(start),
            periodEnd: seconds(end),
          },
        }),
      ];
    },
  };
  return provider;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The subscription a demo card pays. */
export interface DemoPayable {
  subscriptionId: string;
  customerId: string;
  invoiceId: string;
  amount: number;
}

export type DemoProvider = ReturnType<typeof createDemoProvider>;
