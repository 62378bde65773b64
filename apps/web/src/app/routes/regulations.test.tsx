import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fakeEventStream,
  jsonResponse,
  routeQuestionStream,
} from '../../features/questions/testing/fake-stream';
import { makeAnswer } from '../../features/questions/testing/fixtures';
import { installFakeApi, type FakeApi } from '../../test/fake-api';
import { makeChat, makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { preloadMarkdown } from '../../components/markdown/markdown';

const QUESTION = 'Quais são as responsabilidades do empregador?';
const ERROR_TEXT = 'Ocorreu um erro ao processar sua pergunta. Por favor, tente novamente.';

function input() {
  return screen.getByRole('combobox', { name: 'Sua pergunta' });
}

function sendButton() {
  return screen.getByRole('button', { name: 'Perguntar' });
}

// The markdown renderers are loaded lazily; loading them once here keeps that cost out of each test.
beforeAll(() => Promise.all([preloadMarkdown(), preloadMarkdown('$')]), 30_000);

let scrollTo: ReturnType<typeof vi.fn>;
beforeEach(() => {
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
});

/** Asks as a user on a plan with chats (the Free plan's own answers are tested further down). */
async function askOnPage(question = QUESTION, storedUser = makeUser({ plan: 'pro' })) {
  const view = renderApp('/regulations', { api, storedUser });
  // Pasting keeps the test fast; typing is covered by the suggestion tests.
  await view.user.click(input());
  await view.user.paste(question);
  await view.user.click(sendButton());
  return view;
}

let api: FakeApi;

describe('/regulations: idle', () => {
  beforeEach(() => {
    api = installFakeApi();
  });

  it('shows the title, the question box, three examples and keeps send disabled while blank', async () => {
    const { user } = renderApp('/regulations', { api, storedUser: makeUser() });

    expect(
      screen.getByRole('heading', { level: 1, name: 'Assistente de Normas' }),
    ).toBeInTheDocument();
    const examples = within(screen.getByRole('region', { name: 'Exemplos de perguntas' }));
    expect(examples.getAllByRole('button')).toHaveLength(3);
    expect(sendButton()).toBeDisabled();

    await user.type(input(), '   ');
    expect(sendButton()).toBeDisabled();
    await user.type(input(), 'NR-35?');
    expect(sendButton()).toBeEnabled();
  });

  it('shows the upgrade banner with a link to /payment on the free plan only', () => {
    renderApp('/regulations', { api, storedUser: makeUser({ plan: 'free' }) });

    const banner = screen.getByRole('complementary', { name: 'Plano Pro' });
    expect(within(banner).getByRole('link', { name: 'Conhecer o Plano Pro' })).toHaveAttribute(
      'href',
      '/payment',
    );
  });

  it.each(['pro', 'business'] as const)('shows no banner on the %s plan', (plan) => {
    renderApp('/regulations', { api, storedUser: makeUser({ plan }) });

    expect(screen.queryByRole('complementary', { name: 'Plano Pro' })).not.toBeInTheDocument();
  });

  it('is prefilled from the navigation state initialQuestion', async () => {
    const { router } = renderApp('/chat', { api, storedUser: makeUser() });

    await act(() =>
      router.navigate('/regulations', { state: { initialQuestion: 'Quando usar cinto?' } }),
    );

    expect(await screen.findByRole('combobox', { name: 'Sua pergunta' })).toHaveValue(
      'Quando usar cinto?',
    );
    expect(sendButton()).toBeEnabled();
  });
});

describe('/regulations: asking', () => {
  beforeEach(() => {
    api = installFakeApi();
  });

  it('streams the text as it arrives, then shows the answer with its regulations', async () => {
    const stream = fakeEventStream();
    const calls = routeQuestionStream(() => stream.response);
    await askOnPage();

    expect(await screen.findByRole('status')).toHaveTextContent('Gerando resposta…');
    expect(sendButton()).toBeDisabled();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ question: QUESTION });
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer session-token');

    act(() => stream.send('delta', { text: 'Cabe ao empregador ' }));
    expect(await screen.findByText(/^Cabe ao empregador$/)).toBeInTheDocument();
    act(() => stream.send('delta', { text: 'garantir **as medidas**.' }));
    expect(await screen.findByText('as medidas')).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();

    act(() => stream.send('done', makeAnswer()));
    act(() => stream.close());

    await screen.findByRole('button', { name: 'Continuar chat' });
    const answer = screen.getByRole('region', { name: QUESTION });
    expect(await within(answer).findByRole('link', { name: 'NR-35, item 35.2.1' })).toHaveAttribute(
      'href',
      '/regulations/reg-35#35.2.1',
    );
    const related = within(answer).getByRole('region', { name: 'Normas relacionadas' });
    expect(within(related).getByRole('link', { name: 'NR-35' })).toHaveAttribute(
      'href',
      '/regulations/reg-35',
    );
    expect(within(related).getByRole('link', { name: 'item 35.2.1' })).toHaveAttribute(
      'href',
      '/regulations/reg-35#35.2.1',
    );
    expect(within(answer).getByRole('button', { name: 'Continuar chat' })).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(sendButton()).toBeEnabled();
    // The examples belong to the idle page only.
    expect(screen.queryByRole('region', { name: 'Exemplos de perguntas' })).not.toBeInTheDocument();
  });

  it('asks an example question when it is chosen', async () => {
    const calls = routeQuestionStream(() => fakeEventStream().response);
    const { user } = renderApp('/regulations', { api, storedUser: makeUser() });

    await user.click(
      screen.getByRole('button', { name: 'Qual a altura mínima do guarda-corpo em andaimes?' }),
    );

    expect(calls.map((call) => call.body)).toEqual([
      { question: 'Qual a altura mínima do guarda-corpo em andaimes?' },
    ]);
    expect(input()).toHaveValue('Qual a altura mínima do guarda-corpo em andaimes?');
  });
  it('"Continuar chat" turns the fresh answer into a chat', async () => {
    const stream = fakeEventStream();
    routeQuestionStream(() => stream.response);
    const chat = makeChat({ chatKey: 'key-abc' });
    api.on('POST /api/v1/regulation/chat/create', { body: chat });
    const { user, router } = await askOnPage();
    act(() => stream.send('done', makeAnswer()));

    await user.click(await screen.findByRole('button', { name: 'Continuar chat' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/key-abc'));
    expect(router.state.location.state).toEqual({ chat });
    expect(api.requestsTo('POST /api/v1/regulation/chat/create')[0]?.body).toMatchObject({
      chatKey: 'key-abc',
      initialQuestion: QUESTION,
      initialAnswer: makeAnswer().aiResponse,
    });
  });
});

describe('/regulations: limit state', () => {
  beforeEach(() => {
    api = installFakeApi();
  });

  it('shows the daily limit with the server message, usage, reset date and upgrade; input and send disabled', async () => {
    routeQuestionStream(() =>
      jsonResponse(429, {
        code: 'DAILY_LIMIT_EXCEEDED',
        message: 'Você atingiu o limite de perguntas do seu plano para hoje.',
        usage: { used: 3, max: 3 },
        resetAt: '2026-11-21T03:00:00.000Z',
      }),
    );
    await askOnPage();

    const notice = await screen.findByRole('alert');
    expect(
      within(notice).getByRole('heading', { name: 'Limite diário atingido' }),
    ).toBeInTheDocument();
    expect(notice).toHaveTextContent('Você atingiu o limite de perguntas do seu plano para hoje.');
    expect(within(notice).getByTestId('limit-usage')).toHaveTextContent(/^3\/3$/);
    expect(within(notice).getByText('O limite será renovado em 21/11/2026')).toBeInTheDocument();
    expect(
      within(notice).getByRole('link', { name: 'Atualizar para o Plano Pro' }),
    ).toHaveAttribute('href', '/payment');
    expect(input()).toBeDisabled();
    expect(sendButton()).toBeDisabled();
    expect(screen.queryByText(ERROR_TEXT)).not.toBeInTheDocument();
  });

  it('names the monthly limit for MONTHLY_LIMIT_EXCEEDED', async () => {
    routeQuestionStream(() =>
      jsonResponse(429, {
        code: 'MONTHLY_LIMIT_EXCEEDED',
        message: 'Você atingiu o limite de perguntas do seu plano neste mês.',
        usage: { used: 100, max: 100 },
        resetAt: '2026-12-01T03:00:00.000Z',
      }),
    );
    await askOnPage();

    const notice = await screen.findByRole('alert');
    expect(
      within(notice).getByRole('heading', { name: 'Limite mensal atingido' }),
    ).toBeInTheDocument();
    expect(within(notice).getByTestId('limit-usage')).toHaveTextContent(/^100\/100$/);
    expect(within(notice).getByText('O limite será renovado em 01/12/2026')).toBeInTheDocument();
  });
});

describe('/regulations: error state', () => {
  beforeEach(() => {
    api = installFakeApi();
  });

  it.each([
    [
      'an error event in the stream',
      () => {
        const stream = fakeEventStream();
        stream.send('delta', { text: 'Começo' });
        stream.send('error', { code: 'ANSWER_FAILED', message: 'Falhou.' });
        stream.close();
        return stream.response;
      },
    ],
    ['a 502 before the stream', () => jsonResponse(502, { code: 'ANSWER_FAILED', message: 'x' })],
    [
      'a stream that ends without an answer',
      () => {
        const stream = fakeEventStream();
        stream.close();
        return stream.response;
      },
    ],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('shows the error after %s; "Tentar novamente" clears it', async (_case, reply) => {
    routeQuestionStream(reply);
    const { user } = await askOnPage();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(new RegExp(`^${ERROR_TEXT}Tentar novamente$`));
    expect(input()).toBeEnabled();

    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(input()).toHaveValue(QUESTION);
    expect(sendButton()).toBeEnabled();
    expect(screen.getByRole('region', { name: 'Exemplos de perguntas' })).toBeInTheDocument();
  });

  it('after a 401 the session is checked again and ends', async () => {
    routeQuestionStream(() => {
      api.on('GET /api/v1/auth/me', {
        status: 401,
        body: { code: 'UNAUTHENTICATED', message: 'Sua sessão expirou.' },
      });
      return jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'Sua sessão expirou.' });
    });
    const { router } = await askOnPage();

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});
