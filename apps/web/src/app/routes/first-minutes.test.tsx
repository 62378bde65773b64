import type { UsageStatus } from '@normas/contracts/questions';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadMarkdown } from '../../components/markdown/markdown';
import { fakeEventStream, routeQuestionStream } from '../../features/questions/testing/fake-stream';
import { makeAnswer } from '../../features/questions/testing/fixtures';
import { installFakeApi, type FakeApi } from '../../test/fake-api';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const USAGE = 'GET /api/v1/usage';
const FREE = makeUser({ plan: 'free' });
const ABSTAINED =
  'Não encontrei nas normas da base de conhecimento um item que responda a esta pergunta, por isso prefiro não arriscar uma resposta.';
const QUESTION = 'Qual a altura mínima de um corrimão pela NBR 9050?';

function usage(used: number, overrides: Partial<UsageStatus> = {}): UsageStatus {
  return {
    plan: 'free',
    used,
    max: 3,
    period: 'day',
    resetAt: '2026-11-22T03:00:00.000Z',
    ...overrides,
  };
}

function meter() {
  return screen.getByTestId('usage-meter');
}

function input() {
  return screen.getByRole('combobox', { name: 'Sua pergunta' });
}

beforeAll(() => Promise.all([preloadMarkdown(), preloadMarkdown('$')]), 30_000);

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  vi.stubGlobal('scrollTo', vi.fn());
});

/** Asks on /regulations and lets the test answer through the returned stream. */
async function ask(view: ReturnType<typeof renderApp>, question = QUESTION) {
  const stream = fakeEventStream();
  routeQuestionStream(() => stream.response);
  await view.user.click(input());
  await view.user.paste(question);
  await view.user.click(screen.getByRole('button', { name: 'Perguntar' }));
  return stream;
}

describe('the remaining questions', () => {
  it('shows what is left of the day before the limit, and follows each answer', async () => {
    api.on(USAGE, { body: usage(0) });
    const view = renderApp('/regulations', { api, storedUser: FREE });

    await waitFor(() => expect(meter()).toHaveTextContent('Restam 3 de 3 perguntas hoje'));
    const stream = await ask(view);
    act(() => stream.send('done', makeAnswer({ usage: { used: 1, max: 3 } })));

    await waitFor(() => expect(meter()).toHaveTextContent('Restam 2 de 3 perguntas hoje'));
    expect(within(meter()).getByText('2 de 3 perguntas hoje')).toBeInTheDocument();
  });

  it('counts a month on Pro and shows nothing on Business', async () => {
    api.on(USAGE, {
      body: usage(99, { plan: 'pro', max: 100, period: 'month', resetAt: '2026-12-01T03:00:00Z' }),
    });
    const pro = renderApp('/regulations', { api, storedUser: makeUser({ plan: 'pro' }) });
    await waitFor(() => expect(meter()).toHaveTextContent('Resta 1 de 100 perguntas neste mês'));
    pro.unmount();

    api.on(USAGE, { body: usage(40, { plan: 'business', max: null, resetAt: null }) });
    renderApp('/regulations', { api, storedUser: makeUser({ plan: 'business' }) });
    await waitFor(() => expect(api.requestsTo(USAGE)).toHaveLength(2));
    expect(screen.queryByTestId('usage-meter')).not.toBeInTheDocument();
  });

  it('opens at the limit when the server says the day is used up, as after a reload', async () => {
    api.on(USAGE, { body: usage(3) });
    renderApp('/regulations', { api, storedUser: FREE });

    const notice = await screen.findByRole('alert');
    expect(within(notice).getByRole('heading', { name: 'Limite diário atingido' })).toBeVisible();
    expect(notice).toHaveTextContent(
      'Você atingiu o limite de 3 perguntas por dia do plano Gratuito.',
    );
    expect(within(notice).getByTestId('limit-usage')).toHaveTextContent('3/3');
    expect(notice).toHaveTextContent('O limite será renovado em 22/11/2026');
    expect(input()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Perguntar' })).toBeDisabled();
    expect(screen.queryByRole('region', { name: 'Exemplos de perguntas' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('usage-meter')).not.toBeInTheDocument();
  });
});

describe('an answer that abstains', () => {
  it('costs nothing, claims no cited items and offers to rephrase or read related FAQs', async () => {
    api.on(USAGE, { body: usage(1) });
    api.on('GET /api/v1/faqs/search', {
      body: { data: [{ id: 'f7', Pergunta: 'Qual a altura do guarda-corpo?' }] },
    });
    const view = renderApp('/regulations', { api, storedUser: FREE });
    await waitFor(() => expect(meter()).toHaveTextContent('Restam 2 de 3 perguntas hoje'));
    const stream = await ask(view);
    act(() =>
      stream.send(
        'done',
        makeAnswer({
          aiResponse: ABSTAINED,
          abstained: true,
          data: [],
          usage: { used: 1, max: 3 },
        }),
      ),
    );

    await screen.findByRole('region', { name: 'O que fazer agora' });
    const answer = screen.getByRole('region', { name: QUESTION });
    expect(within(answer).getByText(ABSTAINED)).toBeInTheDocument();
    // Nothing is cited, so nothing asks to check cited items.
    expect(screen.queryByText(/Confira a resposta e os itens citados/)).not.toBeInTheDocument();
    expect(within(answer).queryByRole('region', { name: 'Normas relacionadas' })).toBeNull();
    // Neither a chat nor an offer of one: a chat cannot add what the base does not hold.
    expect(screen.queryByRole('button', { name: 'Continuar chat' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Plano Pro/ })).not.toBeInTheDocument();

    const steps = within(answer).getByRole('region', { name: 'O que fazer agora' });
    expect(steps).toHaveTextContent(
      'Esta pergunta não foi descontada do seu limite: restam 2 de 3 perguntas hoje.',
    );
    expect(meter()).toHaveTextContent('Restam 2 de 3 perguntas hoje');
    const related = await within(steps).findByRole('region', {
      name: 'Perguntas frequentes relacionadas',
    });
    expect(
      within(related).getByRole('link', { name: 'Qual a altura do guarda-corpo?' }),
    ).toHaveAttribute('href', '/faq/f7');
    expect(
      api.requestsTo(
        `GET /api/v1/faqs/search?search=${encodeURIComponent(QUESTION).replace(/%20/g, '+')}&suggestionMode=true&suggestionLimit=3`,
      ),
    ).toHaveLength(1);

    await view.user.click(within(steps).getByRole('button', { name: 'Reformular a pergunta' }));
    expect(input()).toHaveFocus();
    expect(input()).toHaveValue(QUESTION);
  });

  it('shows FAQs the base answers when none is close to the question', async () => {
    api.on(USAGE, { body: usage(0) });
    api.on('GET /api/v1/faqs/search', { body: { data: [] } });
    api.on('GET /api/v1/faqs', {
      body: {
        data: [{ id: 'f1', Pergunta: 'O que é trabalho em altura?' }],
        page: 1,
        limit: 3,
        total: 40,
      },
    });
    const view = renderApp('/regulations', { api, storedUser: FREE });
    const stream = await ask(view);
    act(() =>
      stream.send('done', makeAnswer({ aiResponse: ABSTAINED, abstained: true, data: [] })),
    );

    const examples = await screen.findByRole('region', { name: 'Perguntas que a base responde' });
    expect(
      within(examples).getByRole('link', { name: 'O que é trabalho em altura?' }),
    ).toHaveAttribute('href', '/faq/f1');
    expect(
      within(examples).getByRole('link', { name: 'Ver todas as perguntas frequentes' }),
    ).toHaveAttribute('href', '/faq');
  });
});

describe('a Free user and chats', () => {
  it('is shown what a chat would give instead of "Continuar chat" under an answer', async () => {
    api.on(USAGE, { body: usage(0) });
    const view = renderApp('/regulations', { api, storedUser: FREE });
    const stream = await ask(view);
    act(() => stream.send('done', makeAnswer()));

    const upsell = await screen.findByRole('group', {
      name: 'Continue esta resposta como chat no Plano Pro',
    });
    expect(within(upsell).getByRole('link', { name: 'Conhecer o Plano Pro' })).toHaveAttribute(
      'href',
      '/payment',
    );
    expect(screen.queryByRole('button', { name: 'Continuar chat' })).not.toBeInTheDocument();
  });

  it('gets a first /chat message answered as a question, once, with no early-access modal', async () => {
    api.on(USAGE, { body: usage(0) });
    const stream = fakeEventStream();
    const calls = routeQuestionStream(() => stream.response);
    const { user, router } = renderApp('/chat', { api, storedUser: FREE });

    expect(screen.getByText(/sua mensagem é respondida como uma pergunta às normas/)).toBeVisible();
    await waitFor(() => expect(meter()).toHaveTextContent('Restam 3 de 3 perguntas hoje'));
    await user.type(screen.getByRole('textbox', { name: 'Mensagem' }), `${QUESTION}{Enter}`);

    await waitFor(() => expect(router.state.location.pathname).toBe('/regulations'));
    await waitFor(() => expect(calls.map((call) => call.body)).toEqual([{ question: QUESTION }]));
    act(() => stream.send('done', makeAnswer()));
    // The answer (not the "Gerando resposta…" card, named after the same question) is shown.
    expect(
      await screen.findByRole('group', { name: 'Continue esta resposta como chat no Plano Pro' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: QUESTION })).not.toHaveAttribute('aria-busy');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestsTo('POST /api/v1/regulation/chat/create')).toHaveLength(0);
    // The history entry keeps the question but no longer asks it: a reload does not ask again.
    expect(router.state.location.state).toMatchObject({ initialQuestion: QUESTION });
    expect(router.state.location.state).not.toHaveProperty('autoAsk');
    expect(input()).toHaveValue(QUESTION);
    expect(calls).toHaveLength(1);
  });
});

describe('landing after sign-in', () => {
  it.each([
    ['free', '/regulations'],
    ['pro', '/chat'],
  ] as const)('takes a %s user who signs in to %s', async (plan, path) => {
    const signedIn = makeUser({ plan });
    api.on('POST /api/v1/auth/login', { body: { token: 't', user: signedIn } });
    api.on('GET /api/v1/auth/me', { body: signedIn });
    vi.spyOn(window, 'open').mockReturnValue({ closed: false, close() {} } as unknown as Window);
    const { user, router } = renderApp('/login', { api });

    await user.click(await screen.findByRole('button', { name: 'Continuar com Google' }));
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { type: 'dev-auth:id-token', idToken: 'id-1' },
        }),
      );
    });

    await waitFor(() => expect(router.state.location.pathname).toBe(path));
  });
});
