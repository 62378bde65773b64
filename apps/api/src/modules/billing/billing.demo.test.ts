import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { bearer, signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let count = 0;
async function user() {
  const email = `assinante${++count}@example.com`;
  const login = await signIn(t.app, { email, name: `Assinante ${count}` });
  return { id: login.user.id, email, headers: bearer(login.token) };
}
type U = Awaited<ReturnType<typeof user>>;

const post = (u: U | undefined, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: u?.headers, payload });
const get = (u: U | undefined, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: u?.headers });

async function customer(u: U): Promise<string> {
  const res = await post(u, '/stripe/customers', { email: u.email, name: 'Assinante' });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { id: string } }).data.id;
}

async function subscribe(u: U, customerId: string) {
  return post(u, '/stripe/subscriptions', {
    planType: 'pro',
    customerId,
    setupFutureUsage: 'off_session',
  });
}

const me = async (u: U) => (await get(u, '/auth/me')).json() as { plan: string };

describe('plans and payment config', () => {
  it('lists the three plans of §9, Pro recommended at 29.9', async () => {
    const res = await get(undefined, '/plans');
    expect(res.statusCode).toBe(200);
    const plans = (res.json() as { data: { id: string; price: number | null }[] }).data;
    expect(plans.map((p) => [p.id, p.price])).toEqual([
      ['free', 0],
      ['pro', 29.9],
      ['business', null],
    ]);
    expect(plans[1]).toMatchObject({ recommended: true, name: 'Pro' });
    expect(plans[1]).toHaveProperty('features', expect.arrayContaining(['100 perguntas por mês']));
  });

  it('names the demo provider when Stripe is not configured', async () => {
    const res = await get(undefined, '/stripe/config');
    expect(res.json()).toEqual({ publicKey: 'pk_demo', provider: 'demo' });
  });
});

describe('customers', () => {
  it('creates one customer per user: a second call returns the same id', async () => {
    const u = await user();
    const first = await customer(u);
    expect(first).toMatch(/^cus_demo_/);
    expect(await customer(u)).toBe(first);
  });

  it("refuses another e-mail than the signed-in user's", async () => {
    const u = await user();
    const res = await post(u, '/stripe/customers', { email: 'outra@example.com', name: 'X' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CUSTOMER_EMAIL_MISMATCH' });
  });

  it('needs a signed-in user and a valid e-mail', async () => {
    expect((await post(undefined, '/stripe/customers', { email: 'a@b.com' })).statusCode).toBe(401);
    const u = await user();
    const res = await post(u, '/stripe/customers', { email: 'não é e-mail' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Informe um e-mail válido.' });
  });
});

describe('subscriptions', () => {
  it('sells Business by consultation only, and Free not at all', async () => {
    const u = await user();
    const id = await customer(u);
    const business = await post(u, '/stripe/subscriptions', {
      planType: 'business',
      customerId: id,
    });
    expect(business.statusCode).toBe(400);
    expect(business.json()).toMatchObject({
      message: 'O plano Business é vendido sob consulta: fale conosco pelo WhatsApp.',
    });
    const free = await post(u, '/stripe/subscriptions', { planType: 'free', customerId: id });
    expect(free.statusCode).toBe(400);
  });

  it("refuses another user's customer id", async () => {
    const owner = await user();
    const other = await user();
    const ownerCustomer = await customer(owner);
    await customer(other);
    const res = await subscribe(other, ownerCustomer);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'CUSTOMER_NOT_FOUND' });
  });

  it('makes one subscription of a double click or parallel requests: the same secret back', async () => {
    const u = await user();
    const id = await customer(u);
    const answers = await Promise.all([subscribe(u, id), subscribe(u, id), subscribe(u, id)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const secrets = answers.map((a) => (a.json() as { data: { clientSecret: string } }).data);
    expect(new Set(secrets.map((s) => s.clientSecret)).size).toBe(1);
    expect(secrets[0]).toMatchObject({ amount: 29.9, plan: { id: 'pro', name: 'Pro' } });
    const again = await subscribe(u, id);
    expect((again.json() as { data: { clientSecret: string } }).data.clientSecret).toBe(
      secrets[0]!.clientSecret,
    );
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from subscriptions where user_id = ${u.id}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });
});

describe('a subscription left half-made', () => {
  it('frees a pending row a stopped process left behind, so the user can subscribe', async () => {
    const u = await user();
    const id = await customer(u);
    await t.database.db.execute(sql`
      insert into subscriptions (user_id, provider, plan, customer_id, status, amount, created_at)
      values (${u.id}, 'demo', 'pro', ${id}, 'pending', 2990, now() - interval '5 minutes')`);
    const res = await subscribe(u, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { clientSecret: expect.stringMatching(/_secret_/) } });
  });
});

describe('the demo card form', () => {
  it('declines 4000 0000 0000 0002 with the reason, and nothing changes', async () => {
    const u = await user();
    const id = await customer(u);
    const { clientSecret } = (await subscribe(u, id)).json().data as { clientSecret: string };
    const res = await post(u, '/stripe/demo/confirm', {
      clientSecret,
      cardNumber: '4000 0000 0000 0002',
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      code: 'CARD_DECLINED',
      message: 'O seu cartão foi recusado.',
      declineCode: 'generic_decline',
    });
    expect((await me(u)).plan).toBe('free');
    const status = (await get(u, '/billing/subscription')).json();
    expect(status).toMatchObject({
      plan: 'free',
      subscription: { status: 'incomplete' },
      lastPayment: { status: 'failed', amount: 29.9, currency: 'BRL' },
    });
  });

  it('pays with 4242…: Pro at once, 100 questions in the billing period, projects unlocked', async () => {
    const u = await user();
    expect((await post(u, '/regulation/projects', { name: 'Obra' })).statusCode).toBe(403);
    const id = await customer(u);
    const { clientSecret } = (await subscribe(u, id)).json().data as { clientSecret: string };
    const declined = await post(u, '/stripe/demo/confirm', {
      clientSecret,
      cardNumber: '4000000000000002',
    });
    expect(declined.statusCode).toBe(402);
    const paid = await post(u, '/stripe/demo/confirm', {
      clientSecret,
      cardNumber: '4242 4242 4242 4242',
    });
    expect(paid.statusCode).toBe(200);
    expect((await me(u)).plan).toBe('pro');

    const status = (await get(u, '/billing/subscription')).json() as {
      subscription: { currentPeriodEnd: string };
    };
    expect(status).toMatchObject({
      plan: 'pro',
      subscription: { status: 'active', cancelAtPeriodEnd: false },
      lastPayment: { status: 'paid', amount: 29.9, currency: 'BRL' },
    });
    const usage = (await get(u, '/usage')).json();
    expect(usage).toMatchObject({ plan: 'pro', used: 0, max: 100, period: 'month' });
    expect(usage.resetAt).toBe(status.subscription.currentPeriodEnd);
    expect((await post(u, '/regulation/projects', { name: 'Obra' })).statusCode).toBe(201);

    // Paying again is a no-op; a new subscription is refused.
    expect(
      (await post(u, '/stripe/demo/confirm', { clientSecret, cardNumber: '4242424242424242' }))
        .statusCode,
    ).toBe(200);
    const second = await subscribe(u, id);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      message: 'Você já tem o plano Pro ativo. Gerencie sua assinatura no perfil.',
    });
    const payments = await t.database.db.execute(
      sql`select count(*)::int as n from payments where user_id = ${u.id} and status = 'paid'`,
    );
    expect((payments as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it('cancels at the period end and undoes it', async () => {
    const u = await user();
    const id = await customer(u);
    const { clientSecret } = (await subscribe(u, id)).json().data as { clientSecret: string };
    await post(u, '/stripe/demo/confirm', { clientSecret, cardNumber: '4242424242424242' });
    const cancelled = await post(u, '/billing/subscription/cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      plan: 'pro',
      subscription: { status: 'active', cancelAtPeriodEnd: true },
    });
    const back = await post(u, '/billing/subscription/reactivate');
    expect(back.json()).toMatchObject({ subscription: { cancelAtPeriodEnd: false } });
  });

  it("does not pay another user's secret", async () => {
    const owner = await user();
    const id = await customer(owner);
    const { clientSecret } = (await subscribe(owner, id)).json().data as { clientSecret: string };
    const thief = await user();
    const res = await post(thief, '/stripe/demo/confirm', {
      clientSecret,
      cardNumber: '4242424242424242',
    });
    expect(res.statusCode).toBe(404);
    expect((await me(owner)).plan).toBe('free');
  });

  it('refuses a card number that is not one', async () => {
    const u = await user();
    const res = await post(u, '/stripe/demo/confirm', { clientSecret: 'x', cardNumber: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'O número do seu cartão é inválido.' });
  });
});

describe('production', () => {
  it('refuses to start with the demo provider or without the webhook secret', () => {
    const base = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(8) + 'Zq9!fK2@pL7#mW4$rT6%vB1^nH3&',
      FIREBASE_PROJECT_ID: 'p',
      FIREBASE_API_KEY: 'k',
    };
    expect(() => loadConfig(base)).toThrow(/STRIPE_SECRET_KEY: é obrigatório em produção/);
    expect(() =>
      loadConfig({
        ...base,
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
        STRIPE_PRICE_PRO: 'price_1',
      }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET: é obrigatório em produção/);
  });

  it('does not build an app that would sell with the demo provider in production', async () => {
    const config = {
      ...loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.dataDir }),
      env: 'production' as const,
      firebase: { projectId: 'p', apiKey: 'k', authDomain: 'p.firebaseapp.com' },
    };
    await expect(buildApp(config, { logger: false })).rejects.toThrow(
      'O pagamento de demonstração não pode rodar em produção',
    );
  });
});
