import type { HistoryDetail } from '@normas/contracts/questions';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeAnswerRegulation } from '../../features/questions/testing/fixtures';
import { installFakeApi, type FakeApi } from '../../test/fake-api';
import { makeChat, makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { preloadMarkdown } from '../../components/markdown/markdown';

const DETAIL = 'GET /api/v1/regulation/question-history/h1';
const CREATE = 'POST /api/v1/regulation/chat/create';
const QUESTION = 'Quem responde pelas medidas de proteção?';

function makeDetail(overrides: Partial<HistoryDetail> = {}): HistoryDetail {
  return {
    id: 'h1',
    question: QUESTION,
    createdAt: '2026-11-21T14:00:00.000Z',
    aiResponse: 'O **empregador** ([NR-35, item 35.2.1](/regulations/reg-35#35.2.1)).',
    chatKey: 'key-abc',
    data: [makeAnswerRegulation()],
    abstained: false,
    ...overrides,
  };
}

beforeAll(() => Promise.all([preloadMarkdown(), preloadMarkdown('$')]), 30_000);

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  api.on('GET /api/v1/regulation/question-history?page=1&limit=10', {
    body: {
      data: [{ id: 'h1', question: QUESTION, createdAt: '2026-11-21T14:00:00.000Z' }],
      page: 1,
      limit: 10,
      total: 1,
    },
  });
});

/** Opens the stored answer as a user on a plan with chats, who is offered "Continuar chat". */
async function openDetail(detail: HistoryDetail = makeDetail()) {
  api.on(DETAIL, { body: detail });
  const view = renderApp('/history/h1', { api, storedUser: makeUser({ plan: 'pro' }) });
  const button = await screen.findByRole('button', { name: 'Continuar chat' });
  return { ...view, button };
}

describe('/history/{id}', () => {
  it('shows a Free user what a chat would give instead of "Continuar chat"', async () => {
    api.on(DETAIL, { body: makeDetail() });
    renderApp('/history/h1', { api, storedUser: makeUser({ plan: 'free' }) });

    const upsell = await screen.findByRole('group', {
      name: 'Continue esta resposta como chat no Plano Pro',
    });
    expect(within(upsell).getByRole('link', { name: 'Conhecer o Plano Pro' })).toHaveAttribute(
      'href',
      '/payment',
    );
    expect(screen.queryByRole('button', { name: 'Continuar chat' })).not.toBeInTheDocument();
  });

  it('offers to ask again, and related FAQs, under a stored answer that abstained', async () => {
    api.on(DETAIL, {
      body: makeDetail({
        aiResponse: 'Não encontrei nas normas da base de conhecimento um item que responda.',
        data: [],
        abstained: true,
      }),
    });
    api.on('GET /api/v1/faqs/search', {
      body: { data: [{ id: 'f1', Pergunta: 'Quem deve fornecer o EPI?' }] },
    });
    const { user, router } = renderApp('/history/h1', {
      api,
      storedUser: makeUser({ plan: 'pro' }),
    });

    const steps = await screen.findByRole('region', { name: 'O que fazer agora' });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continuar chat' })).not.toBeInTheDocument();
    expect(
      await within(steps).findByRole('link', { name: 'Quem deve fornecer o EPI?' }),
    ).toHaveAttribute('href', '/faq/f1');
    await user.click(within(steps).getByRole('link', { name: 'Reformular a pergunta' }));
    expect(router.state.location.pathname).toBe('/regulations');
    expect(screen.getByRole('combobox', { name: 'Sua pergunta' })).toHaveValue(QUESTION);
  });

  it('shows the stored answer with its regulations above the same history list', async () => {
    await openDetail();

    const answer = screen.getByRole('region', { name: QUESTION });
    expect(await within(answer).findByText('empregador')).toContainHTML('strong');
    expect(within(answer).getByRole('link', { name: 'item 35.2.1' })).toHaveAttribute(
      'href',
      '/regulations/reg-35#35.2.1',
    );
    const entry = screen.getByRole('link', { name: `${QUESTION} 11:00` });
    expect(entry).toHaveAttribute('aria-current', 'page');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Histórico de perguntas' }),
    ).toBeInTheDocument();
  });

  it('shows an error when the stored answer cannot be loaded', async () => {
    api.on(DETAIL, {
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Recurso não encontrado.' },
    });
    renderApp('/history/h1', { api, storedUser: makeUser() });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ocorreu um erro ao carregar esta pergunta do histórico.',
    );
    expect(await screen.findByRole('link', { name: `${QUESTION} 11:00` })).toBeInTheDocument();
  });
});

describe('"Continuar chat"', () => {
  it('creates the chat from the answer and opens /chat/{chatKey} with the chat in state', async () => {
    const chat = makeChat({ chatKey: 'key-abc', initialQuestion: QUESTION });
    api.on(CREATE, { body: chat });
    const { user, router, button } = await openDetail();

    await user.click(button);

    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/key-abc'));
    expect(router.state.location.state).toEqual({ chat });
    expect(api.requestsTo(CREATE).map((request) => request.body)).toEqual([
      {
        chatKey: 'key-abc',
        initialQuestion: QUESTION,
        initialAnswer: makeDetail().aiResponse,
        initialRegulations: [
          {
            id: 'reg-35',
            title: 'Trabalho em Altura',
            code: 'NR-35',
            authority: 'Ministério do Trabalho e Emprego',
            status: 'vigente',
            sections: [
              {
                number: 3,
                item: '35.2.1',
                content:
                  '35.2.1 Cabe ao empregador: a) garantir a implementação das medidas de proteção;',
              },
            ],
          },
        ],
      },
    ]);
  });

  it('says the chatKey is missing without calling the server', async () => {
    const { user, button } = await openDetail(makeDetail({ chatKey: '' }));

    await user.click(button);

    expect(screen.getByRole('alert')).toHaveTextContent(
      /^Erro ao criar o chat: chatKey não encontrada\.$/,
    );
    expect(api.requestsTo(CREATE)).toHaveLength(0);
  });

  it('says creation failed on any other error', async () => {
    api.on(CREATE, { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Erro inesperado.' } });
    const { user, router, button } = await openDetail();

    await user.click(button);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Erro ao criar o chat\. Por favor, tente novamente\.$/,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/history/h1');
  });

  it('opens the early-access modal on PLAN_DOES_NOT_ALLOW_CHATS; Escape closes it and gives focus back', async () => {
    api.on(CREATE, {
      status: 403,
      body: {
        code: 'PLAN_DOES_NOT_ALLOW_CHATS',
        message: 'Usuário não possui plano que permita chats',
      },
    });
    const { user, button } = await openDetail();

    await user.click(button);

    const dialog = await screen.findByRole('dialog', { name: 'Chats em acesso antecipado' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('planos Pro e Business');
    const whatsapp = within(dialog).getByRole('link', {
      name: 'Falar no WhatsApp (abre em nova aba)',
    });
    expect(whatsapp).toHaveAttribute(
      'href',
      `https://wa.me/5511999998888?text=${encodeURIComponent(
        'Olá! Quero participar do acesso antecipado aos chats do Assistente de Normas.',
      )}`,
    );
    // The first action, buying Pro, has the focus; WhatsApp sits beside it.
    const pro = within(dialog).getByRole('link', { name: 'Assinar o Plano Pro' });
    expect(pro).toHaveAttribute('href', '/payment');
    expect(pro).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // Focus stays inside the dialog.
    await user.tab();
    expect(whatsapp).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Fechar' })).toHaveFocus();
    await user.tab();
    expect(pro).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Fechar' })).toHaveFocus();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
    expect(button).toHaveFocus();
  });

  it('keeps focus on the button while the chat is created, and ignores a second click', async () => {
    const release = api.deferred(CREATE);
    const { user, button } = await openDetail();

    await user.click(button);
    await user.click(button);

    // Not `disabled`: a real browser would move focus away, leaving the modal nothing to return to.
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    expect(api.requestsTo(CREATE)).toHaveLength(1);
    release({
      status: 403,
      body: {
        code: 'PLAN_DOES_NOT_ALLOW_CHATS',
        message: 'Usuário não possui plano que permita chats',
      },
    });
    await screen.findByRole('dialog', { name: 'Chats em acesso antecipado' });
    expect(button).toHaveAttribute('aria-disabled', 'false');
  });

  it('opens the modal on a 500 saying the plan does not allow chats; a click outside closes it', async () => {
    api.on(CREATE, {
      status: 500,
      body: { code: 'INTERNAL_ERROR', message: 'Usuário não possui plano que permita chats' },
    });
    const { user, button } = await openDetail();

    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Chats em acesso antecipado' });
    await user.click(dialog);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(screen.getByTestId('modal-backdrop'));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('"Fechar" closes the modal', async () => {
    api.on(CREATE, {
      status: 403,
      body: { code: 'FORBIDDEN', message: 'O usuário não possui plano que permita chats.' },
    });
    const { user, button } = await openDetail();

    await user.click(button);
    await user.click(await screen.findByRole('button', { name: 'Fechar' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
