/**
 * Billing on the embedded database: how long a signed Stripe webhook takes from the raw body to the
 * applied state (signature, event stored by id, subscription and plan updated, payment recorded),
 * a replay of it, and a whole demo purchase (customer, subscription, card confirmation). The Stripe
 * SDK talks to the local stand-in of the API tests. Writes bench/results/billing.md.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { startStripeStandIn } from '../apps/api/src/modules/billing/test-support/stripe-stand-in';
import { bearer, signIn } from '../apps/api/src/test/sign-in';
import { createTestApp, type TestApp } from '../apps/api/src/test/test-app';
import { machineNote } from './lib/report';
import { runBench, writeBenchResult } from './lib/run';

const ROUNDS = Number(process.env.BENCH_BILLING_ROUNDS ?? 100);
const SECRET = 'whsec_bench_' + crypto.randomBytes(8).toString('hex');

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const summary = (name: string, values: number[]) =>
  `| ${name} | ${values.length} | ${percentile(values, 50).toFixed(1)} | ${percentile(values, 95).toFixed(1)} | ${Math.max(...values).toFixed(1)} |`;

async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await run();
  return [performance.now() - started, result];
}

async function subscribedUser(t: TestApp, n: number) {
  const email = `bench${n}@example.com`;
  const login = await signIn(t.app, { email, name: `Bench ${n}` });
  const headers = bearer(login.token);
  const customer = await t.app.inject({
    method: 'POST',
    url: '/api/v1/stripe/customers',
    headers,
    payload: { email, name: 'Bench' },
  });
  const customerId = (customer.json() as { data: { id: string } }).data.id;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/stripe/subscriptions',
    headers,
    payload: { planType: 'pro', customerId, setupFutureUsage: 'off_session' },
  });
  if (res.statusCode !== 200) throw new Error(`subscription: ${res.statusCode} ${res.body}`);
  const [row] = (
    (await t.database.db.execute(
      sql`select subscription_id, latest_invoice_id from subscriptions where user_id = ${login.user.id}`,
    )) as unknown as { rows: { subscription_id: string; latest_invoice_id: string }[] }
  ).rows;
  return { customerId, subscriptionId: row!.subscription_id, invoiceId: row!.latest_invoice_id };
}

function paidEvent(c: { customerId: string; subscriptionId: string; invoiceId: string }) {
  const now = Math.floor(Date.now() / 1000);
  return JSON.stringify({
    id: `evt_${crypto.randomBytes(8).toString('hex')}`,
    object: 'event',
    type: 'invoice.paid',
    created: now,
    data: {
      object: {
        id: c.invoiceId,
        object: 'invoice',
        customer: c.customerId,
        amount_due: 2990,
        amount_paid: 2990,
        currency: 'brl',
        created: now,
        status_transitions: { paid_at: now },
        parent: { subscription_details: { subscription: c.subscriptionId } },
        lines: { data: [{ period: { start: now, end: now + 30 * 86400 } }] },
      },
    },
  });
}

async function main() {
  const machine = machineNote();
  const signer = new Stripe('sk_test_bench');
  const standIn = await startStripeStandIn();
  const stripeApp = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_PRICE_PRO: 'price_bench',
    STRIPE_API_BASE: standIn.url,
  });
  const webhook: number[] = [];
  const replay: number[] = [];
  try {
    for (let i = 0; i < ROUNDS; i++) {
      const c = await subscribedUser(stripeApp, i);
      const payload = paidEvent(c);
      const header = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET });
      const deliver = () =>
        stripeApp.app.inject({
          method: 'POST',
          url: '/api/v1/stripe/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': header },
          payload,
        });
      const [first, res] = await timed(deliver);
      if (res.json().duplicate !== false) throw new Error(`webhook: ${res.body}`);
      webhook.push(first);
      const [again] = await timed(deliver);
      replay.push(again);
    }
  } finally {
    await stripeApp.close();
    await standIn.close();
  }

  const demoApp = await createTestApp();
  const purchase: number[] = [];
  try {
    for (let i = 0; i < ROUNDS; i++) {
      const email = `demo${i}@example.com`;
      const login = await signIn(demoApp.app, { email, name: `Demo ${i}` });
      const headers = bearer(login.token);
      const [ms] = await timed(async () => {
        const customer = await demoApp.app.inject({
          method: 'POST',
          url: '/api/v1/stripe/customers',
          headers,
          payload: { email, name: 'Demo' },
        });
        const customerId = (customer.json() as { data: { id: string } }).data.id;
        const sub = await demoApp.app.inject({
          method: 'POST',
          url: '/api/v1/stripe/subscriptions',
          headers,
          payload: { planType: 'pro', customerId },
        });
        const { clientSecret } = (sub.json() as { data: { clientSecret: string } }).data;
        const paid = await demoApp.app.inject({
          method: 'POST',
          url: '/api/v1/stripe/demo/confirm',
          headers,
          payload: { clientSecret, cardNumber: '4242424242424242' },
        });
        if (paid.statusCode !== 200) throw new Error(`demo confirm: ${paid.body}`);
      });
      purchase.push(ms);
    }
  } finally {
    await demoApp.close();
  }

  const report = [
    '# Billing',
    '',
    `\`npm run bench:billing\`, ${ROUNDS} rounds each, in-process (Fastify inject), embedded PGlite.`,
    `Máquina: ${machine}.`,
    '',
    '| Operação | n | p50 (ms) | p95 (ms) | máx (ms) |',
    '| --- | --- | --- | --- | --- |',
    summary(
      'Webhook `invoice.paid` assinado: verificação, evento guardado, assinatura, plano e pagamento',
      webhook,
    ),
    summary('O mesmo webhook repetido (no-op)', replay),
    summary('Compra de demonstração: cliente + assinatura + cartão 4242', purchase),
    '',
  ].join('\n');
  const file = writeBenchResult('billing.md', report);
  process.stdout.write(`${report}\n${file}\n`);
}

runBench(main);
