import type { PaymentProvider, SubscriptionStatus } from '@normas/contracts/billing';

/** A subscription as the provider last described it (times in seconds since the epoch). */
export interface SubscriptionSnapshot {
  subscriptionId: string;
  customerId: string;
  status: Exclude<SubscriptionStatus, 'pending'> | 'trialing' | 'paused';
  cancelAtPeriodEnd: boolean;
  periodStart: number | null;
  periodEnd: number | null;
}

/** An invoice of a subscription (amounts in cents). */
export interface InvoiceSnapshot {
  invoiceId: string;
  subscriptionId: string | null;
  customerId: string;
  amount: number;
  currency: string;
  periodStart: number | null;
  periodEnd: number | null;
  paidAt: number | null;
  /** Where the customer can pay it (Stripe's hosted invoice page). */
  payUrl: string | null;
}

/**
 * The events the billing state machine understands, whatever provider sent them: Stripe webhooks
 * are translated into these, and the demo provider produces them directly.
 */
export type BillingEvent = { id: string; created: number } & (
  | {
      type:
        | 'customer.subscription.created'
        | 'customer.subscription.updated'
        | 'customer.subscription.deleted';
      subscription: SubscriptionSnapshot;
    }
  | { type: 'invoice.paid' | 'invoice.payment_failed'; invoice: InvoiceSnapshot }
  | { type: 'ignored' }
);

export interface CreatedSubscription extends SubscriptionSnapshot {
  clientSecret: string;
  invoiceId: string;
  /** Cents. */
  amount: number;
}

/** What billing needs from a payment provider (Stripe, or the offline demo). */
export interface PaymentProviderPort {
  kind: PaymentProvider;
  publicKey: string;
  createCustomer(
    input: { email: string; name: string; userId: string },
    idempotencyKey: string,
  ): Promise<{ id: string }>;
  /** A Pro subscription awaiting its first payment (`default_incomplete`). */
  createSubscription(
    input: { customerId: string; userId: string },
    idempotencyKey: string,
  ): Promise<CreatedSubscription>;
  setCancelAtPeriodEnd(
    current: SubscriptionSnapshot,
    cancel: boolean,
  ): Promise<SubscriptionSnapshot>;
  /** Verifies a webhook's signature on its raw body; throws when it does not match. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<BillingEvent>;
}

export class CardDeclinedError extends Error {
  constructor(
    message: string,
    readonly declineCode: string,
  ) {
    super(message);
    this.name = 'CardDeclinedError';
  }
}
