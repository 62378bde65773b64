import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startStripeStandIn, type StripeStandIn } from './test-support/stripe-stand-in';

const WEBHOOK_SECRET = 'whsec_test_' + crypto.randomBytes(12).toString('hex');
// Only to sign test payloads; no request leaves the machine.
const signer = new Stripe('sk_test_signer');

let t: TestApp;
let standIn: StripeStandIn;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_billing',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_billing',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_PRO: 'pro_mensal',
    STRIPE_API_BASE: standIn.url,
  });
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

let count = 0;
async function user() {
  const email = `stripe${++count}@example.com`;
  const login = await signIn(t.app, { email, name: `Cliente ${count}` });
  return { id: login.user.id, email, headers: bearer(login.token) };
}
type U = Awaited<ReturnType<typeof user>>;

const post = (u: U | undefined, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: u?.headers, payload });
const get = (u: U, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: u.headers });
const plan = async (u: U) => ((await get(u, '/auth/me')).json() as { plan: string }).plan;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A subscribed-but-unpaid user: customer, subscription, and the ids Stripe gave them. */
async function checkout() {
  const u = await user();
  const customer = await post(u, '/stripe/customers', { email: u.email, name: 'Cliente' });
  expect(customer.statusCode).toBe(200);
  const customerId = (customer.json() as { data: { id: string } }).data.id;
  const res = await post(u, '/stripe/subscriptions', {
    planType: 'pro',
    customerId,
    setupFutureUsage: 'off_session',
  });
  expect(res.statusCode).toBe(200);
  const [sub] = await rows<{ subscription_id: string; latest_invoice_id: string }>(
    sql`select subscription_id, latest_invoice_id from subscriptions where user_id = ${u.id}`,
  );
  return {
    u,
    customerId,
    clientSecret: (res.json() as { data: { clientSecret: string } }).data.clientSecret,
    subscriptionId: sub!.subscription_id,
    invoiceId: sub!.latest_invoice_id,
  };
}
type Checkout = Awaited<ReturnType<typeof checkout>>;

const T0 = Math.floor(Date.now() / 1000);
const PERIOD_START = T0;
const PERIOD_END = T0 + 30 * 86400;

function subscriptionEvent(
  c: Checkout,
  type: string,
  created: number,
  fields: { status: string; cancel_at_period_end?: boolean; start?: number; end?: number },
) {
  return {
    id: `evt_${crypto.randomBytes(8).toString('hex')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    type,
    created,
    data: {
      object: {
        id: c.subscriptionId,
        object: 'subscription',
        customer: c.customerId,
        status: fields.status,
        cancel_at_period_end: fields.cancel_at_period_end ?? false,
        items: {
          object: 'list',
          data: [
            {
              object: 'subscription_item',
              current_period_start: fields.start ?? PERIOD_START,
              current_period_end: fields.end ?? PERIOD_END,
            },
          ],
        },
      },
    },
  };
}

function invoiceEvent(
  c: Checkout,
  type: 'invoice.paid' | 'invoice.payment_failed',
  created: number,
  invoice: { id?: string; start?: number; end?: number } = {},
) {
  const paid = type === 'invoice.paid';
  return {
    id: `evt_${crypto.randomBytes(8).toString('hex')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    type,
    created,
    data: {
      object: {
        id: invoice.id ?? c.invoiceId,
        object: 'invoice',
        customer: c.customerId,
        amount_due: 2990,
        amount_paid: paid ? 2990 : 0,
        currency: 'brl',
        created,
        hosted_invoice_url: `https://invoice.stripe.test/${invoice.id ?? c.invoiceId}`,
        status_transitions: { paid_at: paid ? created : null },
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: c.subscriptionId },
        },
        lines: {
          object: 'list',
          data: [
            {
              object: 'line_item',
              period: { start: invoice.start ?? PERIOD_START, end: invoice.end ?? PERIOD_END },
            },
          ],
        },
      },
    },
  };
}

function deliver(event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
}

async function subscriptionRow(c: Checkout) {
  const [row] = await rows<{ status: string; cancel_at_period_end: boolean; paid: boolean }>(
    sql`select status, cancel_at_period_end, paid from subscriptions where subscription_id = ${c.subscriptionId}`,
  );
  return row!;
}

describe('Stripe: configuration and subscription creation', () => {
  it('names Stripe and its publishable key; the demo confirmation does not exist', async () => {
    const u = await user();
    expect((await get(u, '/stripe/config')).json()).toEqual({
      publicKey: 'pk_test_billing',
      provider: 'stripe',
    });
    const demo = await post(u, '/stripe/demo/confirm', {
      clientSecret: 'x',
      cardNumber: '4242424242424242',
    });
    expect(demo.statusCode).toBe(404);
  });

  it('creates a default_incomplete subscription and answers the invoice confirmation_secret', async () => {
    const c = await checkout();
    expect(c.clientSecret).toMatch(/^pi_.+_secret_/);
    const create = standIn.requests.find(
      (r) => r.path === '/v1/subscriptions' && r.form.get('customer') === c.customerId,
    )!;
    expect(create.form.get('payment_behavior')).toBe('default_incomplete');
    expect(create.form.get('expand[0]')).toBe('latest_invoice.confirmation_secret');
    expect(create.form.get('items[0][price]')).toBe('price_pro_lookup');
    expect(create.form.get('payment_settings[save_default_payment_method]')).toBe(
      'on_subscription',
    );
    expect(create.headers['idempotency-key']).toMatch(/^subscription-/);
    expect(create.headers['stripe-version']).toBe('2026-10-28.endive');
    expect(await plan(c.u)).toBe('free');
  });

  it('makes one subscription of two parallel requests', async () => {
    const u = await user();
    const customer = await post(u, '/stripe/customers', { email: u.email, name: 'Cliente' });
    const customerId = (customer.json() as { data: { id: string } }).data.id;
    const before = standIn.creations();
    const body = { planType: 'pro', customerId, setupFutureUsage: 'off_session' };
    const [a, b] = await Promise.all([
      post(u, '/stripe/subscriptions', body),
      post(u, '/stripe/subscriptions', body),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.clientSecret).toBe(b.json().data.clientSecret);
    expect(standIn.creations() - before).toBe(1);
  });

  it("refuses another user's customer id", async () => {
    const owner = await checkout();
    const other = await user();
    await post(other, '/stripe/customers', { email: other.email, name: 'Outro' });
    const res = await post(other, '/stripe/subscriptions', {
      planType: 'pro',
      customerId: owner.customerId,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('Stripe webhooks', () => {
  it('happy path: invoice.paid and the active subscription make the user Pro for the period', async () => {
    const c = await checkout();
    expect((await deliver(invoiceEvent(c, 'invoice.paid', T0 + 1))).statusCode).toBe(200);
    expect(
      (
        await deliver(
          subscriptionEvent(c, 'customer.subscription.updated', T0 + 1, { status: 'active' }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await plan(c.u)).toBe('pro');
    const usage = (await get(c.u, '/usage')).json();
    expect(usage).toMatchObject({ plan: 'pro', max: 100, period: 'month' });
    expect(usage.resetAt).toBe(new Date(PERIOD_END * 1000).toISOString());
    const [payment] = await rows<{ amount: number; currency: string; status: string }>(
      sql`select amount, currency, status from payments where user_id = ${c.u.id}`,
    );
    expect(payment).toEqual({ amount: 2990, currency: 'brl', status: 'paid' });
  });

  it('a replayed event is a no-op', async () => {
    const c = await checkout();
    const paid = invoiceEvent(c, 'invoice.paid', T0 + 1);
    expect((await deliver(paid)).json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(paid)).json()).toEqual({ received: true, duplicate: true });
    const deleted = subscriptionEvent(c, 'customer.subscription.deleted', T0 + 5, {
      status: 'canceled',
    });
    await deliver(deleted);
    expect(await plan(c.u)).toBe('free');
    // The same paid event again does not bring Pro back.
    expect((await deliver(paid)).json()).toMatchObject({ duplicate: true });
    expect(await plan(c.u)).toBe('free');
  });

  it('the same event delivered three times at once is applied once', async () => {
    const c = await checkout();
    const paid = invoiceEvent(c, 'invoice.paid', T0 + 1);
    const answers = await Promise.all([deliver(paid), deliver(paid), deliver(paid)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.json().duplicate === false)).toHaveLength(1);
    expect(await rows(sql`select 1 from payments where user_id = ${c.u.id}`)).toHaveLength(1);
    expect(await plan(c.u)).toBe('pro');
  });

  it('out of order: an older event never overwrites newer state', async () => {
    const c = await checkout();
    await deliver(
      subscriptionEvent(c, 'customer.subscription.updated', T0 + 20, {
        status: 'active',
        cancel_at_period_end: true,
      }),
    );
    // Active but no invoice paid yet: not Pro.
    expect(await plan(c.u)).toBe('free');
    await deliver(invoiceEvent(c, 'invoice.paid', T0 + 10));
    expect(await plan(c.u)).toBe('pro');
    await deliver(
      subscriptionEvent(c, 'customer.subscription.created', T0 + 5, { status: 'incomplete' }),
    );
    await deliver(
      subscriptionEvent(c, 'customer.subscription.updated', T0 + 15, {
        status: 'active',
        cancel_at_period_end: false,
      }),
    );
    expect(await subscriptionRow(c)).toEqual({
      status: 'active',
      cancel_at_period_end: true,
      paid: true,
    });
    expect(await plan(c.u)).toBe('pro');
  });

  it('refuses an unsigned or badly signed event with 400, and nothing changes', async () => {
    const c = await checkout();
    const event = invoiceEvent(c, 'invoice.paid', T0 + 1);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await deliver(event, 'whsec_someone_else')).statusCode).toBe(400);
    // Signed, then changed on the way.
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: payload.replace('"amount_paid":2990', '"amount_paid":1'),
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
    expect(await plan(c.u)).toBe('free');
    expect(await rows(sql`select 1 from billing_events where id = ${event.id}`)).toHaveLength(0);
    // The genuine delivery still applies afterwards.
    expect((await deliver(event)).json()).toMatchObject({ duplicate: false });
    expect(await plan(c.u)).toBe('pro');
  });

  it('payment failure then success: free, then Pro; one payment row for the invoice', async () => {
    const c = await checkout();
    await deliver(invoiceEvent(c, 'invoice.payment_failed', T0 + 1));
    expect(await plan(c.u)).toBe('free');
    expect((await get(c.u, '/billing/subscription')).json()).toMatchObject({
      subscription: { status: 'incomplete' },
      lastPayment: { status: 'failed' },
    });
    await deliver(invoiceEvent(c, 'invoice.paid', T0 + 2));
    await deliver(
      subscriptionEvent(c, 'customer.subscription.updated', T0 + 2, { status: 'active' }),
    );
    expect(await plan(c.u)).toBe('pro');
    const payments = await rows<{ status: string }>(
      sql`select status from payments where user_id = ${c.u.id}`,
    );
    expect(payments).toEqual([{ status: 'paid' }]);

    // A renewal that fails: past due, with a link to pay; paid later: active again.
    const renewal = {
      id: 'in_renewal_' + c.subscriptionId,
      start: PERIOD_END,
      end: PERIOD_END + 30 * 86400,
    };
    await deliver(invoiceEvent(c, 'invoice.payment_failed', T0 + 100, renewal));
    const pastDue = (await get(c.u, '/billing/subscription')).json();
    expect(pastDue).toMatchObject({
      plan: 'pro',
      subscription: { status: 'past_due', payUrl: `https://invoice.stripe.test/${renewal.id}` },
    });
    await deliver(invoiceEvent(c, 'invoice.paid', T0 + 200, renewal));
    expect((await get(c.u, '/billing/subscription')).json()).toMatchObject({
      subscription: {
        status: 'active',
        payUrl: null,
        currentPeriodEnd: new Date(renewal.end * 1000).toISOString(),
      },
    });
  });

  it('deletion returns the user to Free and keeps the payments', async () => {
    const c = await checkout();
    await deliver(invoiceEvent(c, 'invoice.paid', T0 + 1));
    expect(await plan(c.u)).toBe('pro');
    await deliver(
      subscriptionEvent(c, 'customer.subscription.deleted', T0 + 50, { status: 'canceled' }),
    );
    expect(await plan(c.u)).toBe('free');
    expect(await rows(sql`select 1 from payments where user_id = ${c.u.id}`)).toHaveLength(1);
    // An older update arriving after the deletion changes nothing.
    await deliver(
      subscriptionEvent(c, 'customer.subscription.updated', T0 + 40, { status: 'active' }),
    );
    expect(await plan(c.u)).toBe('free');
  });

  it('cancels at the period end through Stripe and undoes it', async () => {
    const c = await checkout();
    await deliver(invoiceEvent(c, 'invoice.paid', T0 + 1));
    const cancelled = await post(c.u, '/billing/subscription/cancel');
    expect(cancelled.json()).toMatchObject({ subscription: { cancelAtPeriodEnd: true } });
    const call = standIn.requests.findLast(
      (r) => r.path === `/v1/subscriptions/${c.subscriptionId}`,
    )!;
    expect(call.form.get('cancel_at_period_end')).toBe('true');
    const back = await post(c.u, '/billing/subscription/reactivate');
    expect(back.json()).toMatchObject({ subscription: { cancelAtPeriodEnd: false } });
  });
});
