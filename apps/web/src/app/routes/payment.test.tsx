import { CHECKOUT_STORAGE_KEYS, PLANS } from '@normas/contracts/billing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const main = () => screen.getByRole('main');
const SECRET = 'pi_demo_1_secret_2';

function paymentApi() {
  const api = installFakeApi();
  api.on('GET /api/v1/plans', { body: { data: PLANS } });
  api.on('GET /api/v1/stripe/config', { body: { publicKey: 'pk_demo', provider: 'demo' } });
  api.on('POST /api/v1/stripe/customers', { body: { data: { id: 'cus_demo_1' } } });
  api.on('POST /api/v1/stripe/subscriptions', {
    body: {
      data: { clientSecret: SECRET, amount: 29.9, plan: { id: 'pro', name: 'Pro', price: 29.9 } },
    },
  });
  return api;
}

afterEach(() => sessionStorage.clear());

describe('/payment', () => {
  it('shows the plans in a carousel, Pro first selected and recommended, and the comparison', async () => {
    renderApp('/payment', { api: paymentApi(), storedUser: makeUser() });

    const pro = await within(main()).findByRole('article', { name: 'Plano Pro' });
    expect(within(pro).getByText('Recomendado')).toBeInTheDocument();
    expect(within(pro).getByText('R$ 29,90')).toBeInTheDocument();
    expect(within(pro).getByText('100 perguntas por mês')).toBeInTheDocument();
    expect(
      within(main()).getByRole('button', { name: 'Assinar o Plano Pro por R$ 29,90/mês' }),
    ).toBeEnabled();
    const table = within(main()).getByRole('table', { name: 'Comparação dos planos' });
    expect(within(table).getByRole('cell', { name: 'Sob consulta' })).toBeInTheDocument();
  });

  it('changes the action with the selected plan and marks the current plan', async () => {
    const { user } = renderApp('/payment', { api: paymentApi(), storedUser: makeUser() });

    await user.click(within(main()).getByRole('button', { name: 'Plano anterior' }));
    const free = within(main()).getByRole('article', { name: 'Plano Gratuito' });
    expect(within(free).getByText('Plano atual')).toBeInTheDocument();
    expect(within(main()).getByRole('button', { name: 'Voltar' })).toBeInTheDocument();

    await user.click(within(main()).getByRole('button', { name: 'Business' }));
    expect(within(main()).getByRole('article', { name: 'Plano Business' })).toBeInTheDocument();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await user.click(
      within(main()).getByRole('button', { name: 'Falar com a equipe no WhatsApp' }),
    );
    expect(open).toHaveBeenCalledWith(
      expect.stringMatching(/^https:\/\/wa\.me\/5511999998888\?text=.*Business/),
      '_blank',
      'noopener',
    );
  });

  it('runs config → customer → subscription, stores the checkout and opens /checkout', async () => {
    const api = paymentApi();
    const { user, router } = renderApp('/payment', { api, storedUser: makeUser() });

    await user.click(await within(main()).findByRole('button', { name: /^Assinar o Plano Pro/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(api.requestsTo('POST /api/v1/stripe/customers')[0]?.body).toEqual({
      email: 'ana@exemplo.com.br',
      name: 'Ana Souza',
    });
    expect(api.requestsTo('POST /api/v1/stripe/subscriptions')[0]?.body).toEqual({
      planType: 'pro',
      customerId: 'cus_demo_1',
      setupFutureUsage: 'off_session',
    });
    const order = api.requests.map((r) => `${r.method} ${r.path}`);
    expect(order.indexOf('GET /api/v1/stripe/config')).toBeLessThan(
      order.indexOf('POST /api/v1/stripe/customers'),
    );
    expect(sessionStorage.getItem(CHECKOUT_STORAGE_KEYS.clientSecret)).toBe(SECRET);
    expect(sessionStorage.getItem(CHECKOUT_STORAGE_KEYS.planName)).toBe('Pro');
    expect(sessionStorage.getItem(CHECKOUT_STORAGE_KEYS.planPrice)).toBe('29.9');
    expect(await screen.findByText('Pagamento de demonstração')).toBeInTheDocument();
  });

  it('shows "Erro do servidor: {message}" when the server refuses', async () => {
    const api = paymentApi();
    api.on('POST /api/v1/stripe/subscriptions', {
      status: 409,
      body: { code: 'ALREADY_SUBSCRIBED', message: 'Você já tem o plano Pro ativo.' },
    });
    const { user } = renderApp('/payment', { api, storedUser: makeUser() });

    await user.click(await within(main()).findByRole('button', { name: /^Assinar o Plano Pro/ }));

    expect(await within(main()).findByRole('alert')).toHaveTextContent(
      'Erro do servidor: Você já tem o plano Pro ativo.',
    );
  });

  it('sends a user whose session ended to /login, with /payment as the origin', async () => {
    const api = paymentApi();
    api.on('POST /api/v1/stripe/customers', {
      status: 401,
      body: { code: 'UNAUTHENTICATED', message: 'Sua sessão expirou ou é inválida.' },
    });
    const { user, router } = renderApp('/payment', { api, storedUser: makeUser() });

    await user.click(await within(main()).findByRole('button', { name: /^Assinar o Plano Pro/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/payment' });
  });

  it('says the payment server cannot be reached when nothing answers', async () => {
    const api = paymentApi();
    api.on('POST /api/v1/stripe/customers', 'network-error');
    const { user } = renderApp('/payment', { api, storedUser: makeUser() });

    await user.click(await within(main()).findByRole('button', { name: /^Assinar o Plano Pro/ }));

    expect(await within(main()).findByRole('alert')).toHaveTextContent(
      'Não foi possível conectar ao servidor de pagamento. Verifique sua conexão.',
    );
  });
});

describe('/checkout with the demo provider', () => {
  function checkoutApi() {
    const api = paymentApi();
    sessionStorage.setItem(CHECKOUT_STORAGE_KEYS.clientSecret, SECRET);
    sessionStorage.setItem(CHECKOUT_STORAGE_KEYS.planName, 'Pro');
    sessionStorage.setItem(CHECKOUT_STORAGE_KEYS.planPrice, '29.9');
    return api;
  }

  it('shows the decline reason and stays', async () => {
    const api = checkoutApi();
    api.on('POST /api/v1/stripe/demo/confirm', {
      status: 402,
      body: {
        code: 'CARD_DECLINED',
        message: 'O seu cartão foi recusado.',
        declineCode: 'generic_decline',
      },
    });
    const { user, router } = renderApp('/checkout', { api, storedUser: makeUser() });

    expect(await within(main()).findByText('R$ 29,90')).toBeInTheDocument();
    await user.type(
      await within(main()).findByLabelText('Número do cartão'),
      '4000 0000 0000 0002',
    );
    await user.click(within(main()).getByRole('button', { name: 'Pagar' }));

    expect(await within(main()).findByRole('alert')).toHaveTextContent(
      'O seu cartão foi recusado.',
    );
    expect(api.requestsTo('POST /api/v1/stripe/demo/confirm')[0]?.body).toEqual({
      clientSecret: SECRET,
      cardNumber: '4000 0000 0000 0002',
    });
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('after paying refreshes the profile, says so and opens /profile', async () => {
    const api = checkoutApi();
    api.on('POST /api/v1/stripe/demo/confirm', { body: { status: 'succeeded' } });
    const { user, router } = renderApp('/checkout', { api, storedUser: makeUser() });
    api.on('GET /api/v1/auth/me', { body: makeUser({ plan: 'pro' }) });

    await user.type(await within(main()).findByLabelText('Número do cartão'), '4242424242424242');
    await user.click(within(main()).getByRole('button', { name: 'Pagar' }));

    expect(await within(main()).findByRole('status')).toHaveTextContent(
      'Pagamento confirmado! Seu plano Pro está ativo.',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'), {
      timeout: 6_000,
    });
    expect(api.requestsTo('GET /api/v1/auth/me').length).toBeGreaterThan(0);
    // Leaving the checkout clears its stored data.
    await waitFor(() =>
      expect(sessionStorage.getItem(CHECKOUT_STORAGE_KEYS.clientSecret)).toBeNull(),
    );
  });

  it('takes the query parameters as fallbacks', async () => {
    const api = paymentApi();
    renderApp(`/checkout?client_secret=${SECRET}&plan_name=Pro&plan_price=29.9`, {
      api,
      storedUser: makeUser(),
    });
    expect(await within(main()).findByLabelText('Número do cartão')).toBeInTheDocument();
    expect(within(main()).getByText('R$ 29,90')).toBeInTheDocument();
  });

  it('says the payment information is missing without a client secret', async () => {
    renderApp('/checkout', { api: paymentApi(), storedUser: makeUser() });
    expect(await within(main()).findByRole('alert')).toHaveTextContent(
      'Informação de pagamento não encontrada. Por favor, volte e tente novamente.',
    );
  });

  it('says the Stripe configuration is missing without a public key', async () => {
    const api = checkoutApi();
    api.on('GET /api/v1/stripe/config', { body: { publicKey: '', provider: 'stripe' } });
    renderApp('/checkout', { api, storedUser: makeUser() });
    expect(await within(main()).findByRole('alert')).toHaveTextContent(
      'Configuração do Stripe não encontrada.',
    );
  });
});

describe('the plan on the profile', () => {
  it('shows status, renewal date and last payment, and cancels at the period end', async () => {
    const api = installFakeApi();
    const active = {
      plan: 'pro',
      provider: 'demo',
      subscription: {
        status: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: '2026-12-25T15:00:00.000Z',
        payUrl: null,
      },
      lastPayment: {
        amount: 29.9,
        currency: 'BRL',
        status: 'paid',
        date: '2026-11-25T15:00:00.000Z',
      },
    };
    api.on('GET /api/v1/billing/subscription', { body: active });
    api.on('POST /api/v1/billing/subscription/cancel', {
      body: { ...active, subscription: { ...active.subscription, cancelAtPeriodEnd: true } },
    });
    const { user } = renderApp('/profile', { api, storedUser: makeUser({ plan: 'pro' }) });

    const section = await within(main()).findByRole('region', { name: 'Sua assinatura' });
    expect(within(section).getByTestId('subscription-status')).toHaveTextContent('Ativa');
    expect(within(section).getByText('Renova em')).toBeInTheDocument();
    expect(within(section).getByText('25/12/2026')).toBeInTheDocument();
    expect(within(section).getByTestId('last-payment')).toHaveTextContent(
      'R$ 29,90 em 25/11/2026 (pago)',
    );

    await user.click(within(section).getByRole('button', { name: 'Cancelar assinatura' }));

    expect(await within(section).findByText('Termina em')).toBeInTheDocument();
    expect(within(section).getByTestId('subscription-status')).toHaveTextContent(
      'Cancelada ao fim do período',
    );
    expect(within(section).getByRole('button', { name: 'Reativar assinatura' })).toBeEnabled();
  });
});
