import type Stripe from 'stripe';
import { AppError } from '../../../lib/app-error';
import type {
  BillingEvent,
  CreatedSubscription,
  InvoiceSnapshot,
  PaymentProviderPort,
  SubscriptionSnapshot,
} from './provider';

/** The API version this code is written for (the one stripe 23.x pins). */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export interface StripeProviderSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  /** A price id (price_…) or a lookup key. */
  pricePro: string;
  /** A local stand-in for tests, e.g. http://127.0.0.1:12111. */
  apiBase?: string | undefined;
}

/** The SDK's connection settings for a base URL: it takes host, port and protocol apart. */
export function stripeConnection(apiBase: string | undefined) {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

function subscriptionSnapshot(sub: Stripe.Subscription): SubscriptionSnapshot {
  const item = sub.items.data[0];
  return {
    subscriptionId: sub.id,
    customerId: idOf(sub.customer)!,
    status: sub.status as SubscriptionSnapshot['status'],
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    periodStart: item?.current_period_start ?? null,
    periodEnd: item?.current_period_end ?? null,
  };
}

function invoiceSnapshot(invoice: Stripe.Invoice, paid: boolean): InvoiceSnapshot {
  const line = invoice.lines?.data[0];
  return {
    invoiceId: invoice.id!,
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
    customerId: idOf(invoice.customer)!,
    amount: paid ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    periodStart: line?.period.start ?? null,
    periodEnd: line?.period.end ?? null,
    paidAt: paid ? (invoice.status_transitions?.paid_at ?? invoice.created) : null,
    payUrl: invoice.hosted_invoice_url ?? null,
  };
}

/** A Stripe event in the terms of billing's state machine; other types are stored and ignored. */
export function translateStripeEvent(event: Stripe.Event): BillingEvent {
  const base = { id: event.id, created: event.created };
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { ...base, type: event.type, subscription: subscriptionSnapshot(event.data.object) };
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return {
        ...base,
        type: event.type,
        invoice: invoiceSnapshot(event.data.object, event.type === 'invoice.paid'),
      };
    default:
      return { ...base, type: 'ignored' };
  }
}

/**
 * Stripe Billing through the official SDK: customers, `default_incomplete` subscriptions whose
 * first invoice's `confirmation_secret` the Payment Element confirms, cancel at the period's end,
 * and webhooks verified on their raw body. Every write carries an idempotency key.
 */
export function createStripeProvider(settings: StripeProviderSettings): PaymentProviderPort {
  // The SDK loads on the first call to Stripe, not with the server: a start without card
  // payments (the default) does without it, and one with them is ready sooner.
  let client: Promise<Stripe> | undefined;
  function sdk(): Promise<Stripe> {
    client ??= import('stripe').then(
      ({ default: StripeSdk }) =>
        new StripeSdk(settings.secretKey, {
          apiVersion: STRIPE_API_VERSION,
          maxNetworkRetries: 2,
          timeout: 20_000,
          ...stripeConnection(settings.apiBase),
        }),
    );
    return client;
  }
  let price: Promise<string> | undefined;

  function proPrice(): Promise<string> {
    if (settings.pricePro.startsWith('price_')) return Promise.resolve(settings.pricePro);
    price ??= sdk()
      .then((stripe) =>
        stripe.prices.list({ lookup_keys: [settings.pricePro], active: true, limit: 1 }),
      )
      .then((list) => {
        const found = list.data[0];
        if (!found) throw new Error(`STRIPE_PRICE_PRO: no active price "${settings.pricePro}"`);
        return found.id;
      })
      .catch((error: unknown) => {
        price = undefined;
        throw error;
      });
    return price;
  }

  return {
    kind: 'stripe',
    publicKey: settings.publishableKey,

    async createCustomer(input, idempotencyKey) {
      const stripe = await sdk();
      const customer = await stripe.customers.create(
        { email: input.email, name: input.name || undefined, metadata: { userId: input.userId } },
        { idempotencyKey },
      );
      return { id: customer.id };
    },

    async createSubscription(input, idempotencyKey): Promise<CreatedSubscription> {
      const stripe = await sdk();
      const sub = await stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price: await proPrice() }],
          payment_behavior: 'default_incomplete',
          // The card confirmed now pays the renewals off session.
          payment_settings: { save_default_payment_method: 'on_subscription' },
          expand: ['latest_invoice.confirmation_secret'],
          metadata: { userId: input.userId },
        },
        { idempotencyKey },
      );
      const invoice = sub.latest_invoice as Stripe.Invoice | null;
      const clientSecret = invoice?.confirmation_secret?.client_secret;
      if (!invoice?.id || !clientSecret) throw new AppError('PAYMENT_PROVIDER_ERROR');
      return {
        ...subscriptionSnapshot(sub),
        clientSecret,
        invoiceId: invoice.id,
        amount: invoice.amount_due,
      };
    },

    async setCancelAtPeriodEnd(current, cancel) {
      const stripe = await sdk();
      const sub = await stripe.subscriptions.update(
        current.subscriptionId,
        { cancel_at_period_end: cancel },
        { idempotencyKey: `cancel-${current.subscriptionId}-${String(cancel)}-${Date.now()}` },
      );
      return subscriptionSnapshot(sub);
    },

    async parseWebhook(rawBody, signature) {
      if (!settings.webhookSecret || !signature) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      const stripe = await sdk();
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          rawBody,
          signature,
          settings.webhookSecret,
        );
      } catch {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      }
      return translateStripeEvent(event);
    },
  };
}
