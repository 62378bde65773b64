import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, signInThroughPopup, uniqueEmail } from './support';

async function planOf(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const response = await fetch('/api/v1/auth/me', {
      headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
    });
    return ((await response.json()) as { plan: string }).plan;
  });
}

async function openCheckout(page: Page, options: { axe?: boolean } = {}) {
  await page.goto('/profile');
  await page.getByRole('link', { name: /^Gerenciar plano/ }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('article', { name: 'Plano Pro' })).toBeVisible();
  if (options.axe) await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Assinar o Plano Pro por R$ 29,90/mês' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
}

test('a Free user buys Pro with the demo card: a declined card changes nothing, 4242 makes them Pro with 100 questions a month and chats', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInThroughPopup(page, { name: 'Carla Compra', email: uniqueEmail('carla') });
  await expect(page.getByRole('complementary', { name: 'Plano Pro' })).toBeVisible();

  await openCheckout(page, { axe: true });
  await expect(page.getByText('Pagamento de demonstração')).toBeVisible();
  await expect(page.getByLabel('Resumo do plano')).toContainText('R$ 29,90');
  await expectNoAxeViolations(page);

  // Declined: the provider's reason, and the plan stays Free.
  await page.getByLabel('Número do cartão').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(page.getByRole('alert')).toHaveText('O seu cartão foi recusado.');
  await expect(page).toHaveURL(/\/checkout$/);
  expect(await planOf(page)).toBe('free');

  // Paid: Pro at once, then the profile.
  await page.getByLabel('Número do cartão').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(page.getByRole('status')).toContainText(
    'Pagamento confirmado! Seu plano Pro está ativo.',
  );
  await expect(page).toHaveURL(/\/profile$/, { timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Gerenciar plano Pro' })).toBeVisible();
  const subscription = page.getByRole('region', { name: 'Sua assinatura' });
  await expect(subscription.getByTestId('subscription-plan')).toHaveText('Pro · 100 perguntas/mês');
  await expect(subscription.getByTestId('subscription-status')).toHaveText('Ativa');
  await expect(subscription.getByTestId('last-payment')).toContainText('R$ 29,90');
  await expect(subscription.getByTestId('last-payment')).toContainText('(pago)');
  expect(await planOf(page)).toBe('pro');
  await expectNoAxeViolations(page);

  // 100 questions a month, no upgrade banner.
  await page.goto('/regulations');
  await expect(page.getByTestId('usage-meter')).toHaveText('Restam 100 de 100 perguntas neste mês');
  await expect(page.getByRole('complementary', { name: 'Plano Pro' })).toHaveCount(0);

  // Chats are unlocked: the first message on /chat opens a chat, with no early-access modal.
  await page.goto('/chat');
  await page.getByRole('textbox', { name: 'Mensagem' }).fill('O que é trabalho em altura?');
  await page.getByRole('textbox', { name: 'Mensagem' }).press('Enter');
  await expect(page).toHaveURL(/\/chat\/[^/]+$/, { timeout: 30_000 });
  await expect(page.getByRole('dialog', { name: 'Chats em acesso antecipado' })).toHaveCount(0);

  // Cancel at the period's end, then undo it.
  await page.goto('/profile');
  await subscription.getByRole('button', { name: 'Cancelar assinatura' }).click();
  await expect(subscription.getByTestId('subscription-status')).toHaveText(
    'Cancelada ao fim do período',
  );
  await expect(subscription.getByText('Termina em')).toBeVisible();
  await subscription.getByRole('button', { name: 'Reativar assinatura' }).click();
  await expect(subscription.getByTestId('subscription-status')).toHaveText('Ativa');
});

/** Enough of Stripe.js for react-stripe-js: elements, a Payment Element, confirmPayment. */
const STRIPE_JS_STAND_IN = `
(() => {
  let attempts = 0;
  window.Stripe = function Stripe(publicKey, options) {
    window.__stripeStandIn = { publicKey, options };
    const noop = () => undefined;
    const elements = {
      create(type, elementOptions) {
        window.__stripeStandIn.elementType = type;
        let node = null;
        const handlers = {};
        return {
          mount(target) {
            node = document.createElement('div');
            node.setAttribute('data-testid', 'stripe-payment-element');
            node.textContent = 'Payment Element (stand-in)';
            (typeof target === 'string' ? document.querySelector(target) : target).appendChild(node);
            setTimeout(() => (handlers.ready || []).forEach((h) => h({ elementType: type })), 0);
          },
          on(event, handler) { (handlers[event] = handlers[event] || []).push(handler); return this; },
          off(event, handler) { handlers[event] = (handlers[event] || []).filter((h) => h !== handler); return this; },
          update: noop,
          destroy() { node && node.remove(); },
          unmount() { node && node.remove(); },
        };
      },
      getElement: () => null,
      update: noop,
      submit: async () => ({}),
    };
    return {
      elements(elementsOptions) { window.__stripeStandIn.elementsOptions = elementsOptions; return elements; },
      createToken: async () => ({}),
      createPaymentMethod: async () => ({}),
      confirmCardPayment: async () => ({}),
      registerAppInfo: noop,
      _registerWrapper: noop,
      async confirmPayment(args) {
        window.__stripeStandIn.confirm = { redirect: args.redirect, hasElements: args.elements === elements };
        attempts += 1;
        if (attempts === 1)
          return { error: { type: 'card_error', message: 'Seu cartão foi recusado. (stand-in)' } };
        return { paymentIntent: { id: 'pi_stand_in', status: 'succeeded' } };
      },
    };
  };
})();
`;

test('the Stripe path renders the Payment Element (Stripe.js stand-in) and confirms without a redirect', async ({
  browser,
}) => {
  // The test server runs the demo provider, whose CSP names no Stripe host; the page is told it is
  // Stripe, so the browser must let the stand-in of js.stripe.com load.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  try {
    await page.route('**/api/v1/stripe/config', (route) =>
      route.fulfill({ json: { publicKey: 'pk_test_e2e', provider: 'stripe' } }),
    );
    let stripeJsUrl = '';
    await page.route('https://js.stripe.com/**', (route) => {
      stripeJsUrl = route.request().url();
      return route.fulfill({ contentType: 'application/javascript', body: STRIPE_JS_STAND_IN });
    });
    await signInThroughPopup(page, { name: 'Sara Stripe', email: uniqueEmail('sara') });
    await openCheckout(page);

    await expect(page.getByTestId('stripe-payment-element')).toBeVisible();
    expect(stripeJsUrl).toMatch(/^https:\/\/js\.stripe\.com\//);
    const standIn = await page.evaluate(
      () => (window as unknown as { __stripeStandIn: Record<string, unknown> }).__stripeStandIn,
    );
    expect(standIn).toMatchObject({
      publicKey: 'pk_test_e2e',
      elementType: 'payment',
      elementsOptions: { clientSecret: expect.stringMatching(/_secret_/) },
    });

    await page.getByRole('button', { name: 'Pagar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Seu cartão foi recusado. (stand-in)');
    await page.getByRole('button', { name: 'Pagar' }).click();
    await expect(page.getByRole('status')).toContainText(
      'Pagamento confirmado! Seu plano Pro está ativo.',
    );
    const confirm = await page.evaluate(
      () =>
        (window as unknown as { __stripeStandIn: { confirm: unknown } }).__stripeStandIn.confirm,
    );
    expect(confirm).toEqual({ redirect: 'if_required', hasElements: true });
  } finally {
    await context.close();
  }
});
