import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { installFakeMessageStream } from '../../features/chats/testing/fake-message-stream';
import { installFakeApi, type FakeApi } from '../../test/fake-api';
import { devConfig, makeChat, makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { createQueryClient } from '../../lib/query-client';
import { AppProvider } from '../provider';
import { routes } from '../router';

const CREATE = 'POST /api/v1/regulation/chat/create';
const CHATS = 'GET /api/v1/regulation/chats?onlyWithoutProject=true';
const PRO = makeUser({ plan: 'pro' });
const EARLY_ACCESS = {
  code: 'PLAN_DOES_NOT_ALLOW_CHATS',
  message: 'Usuário não possui plano que permita chats',
};

function drawerChats() {
  return screen.getByRole('list', { name: 'Chats Independentes' });
}

/** The app as main.tsx renders it, in StrictMode, where effects run twice in development. */
function renderStrict(path: string, api: FakeApi) {
  api.onDefault('GET /api/v1/config', { body: devConfig });
  api.onDefault(CHATS, { body: { data: [] } });
  api.onDefault('GET /api/v1/auth/me', { body: PRO });
  localStorage.setItem('token', 'session-token');
  localStorage.setItem('userData', JSON.stringify(PRO));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <StrictMode>
      <AppProvider queryClient={createQueryClient({ retry: false })}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
  return { router, user: userEvent.setup() };
}

describe('/chat', () => {
  it('welcomes the user with three example questions', async () => {
    renderApp('/chat', { storedUser: PRO });

    expect(screen.getByRole('heading', { level: 1, name: 'Chat de Normas' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Olá! Como posso ajudar?' }),
    ).toBeInTheDocument();
    const examples = within(
      screen.getByRole('list', { name: 'Experimente perguntar:' }),
    ).getAllByRole('button');
    expect(examples.map((button) => button.textContent)).toEqual([
      'A partir de que altura o trabalho é considerado trabalho em altura?',
      'Quais EPIs o empregador deve fornecer gratuitamente aos trabalhadores?',
      'Quando a empresa é obrigada a constituir a CIPA?',
    ]);
    expect(screen.getByRole('textbox', { name: 'Mensagem' })).toBeInTheDocument();
  });

  it('creates a chat from the first message, opens it and sends the message there exactly once', async () => {
    const api = installFakeApi();
    const text =
      'Qual é a altura mínima do guarda-corpo em plataformas de trabalho segundo a NR-18 e a NR-35?';
    const chat = makeChat({
      id: 'chat-9',
      chatKey: 'novo-key',
      title: 'Qual é a altura mínima do guarda-corpo em plataformas de…',
      initialQuestion: null,
    });
    api.on(CREATE, { status: 201, body: chat });
    api.on('GET /api/v1/regulation/chat/novo-key', { body: { chat, messages: [] } });
    const stream = installFakeMessageStream(api);
    const { router, user } = renderStrict('/chat', api);
    expect(
      await within(drawerChats()).findByText('Ainda não há chats independentes'),
    ).toBeInTheDocument();
    api.on(CHATS, { body: { data: [chat] } });

    await user.type(screen.getByRole('textbox', { name: 'Mensagem' }), `${text}{Enter}`);

    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/novo-key'));
    expect(api.requestsTo(CREATE).map((request) => request.body)).toEqual([
      // Cut at the last whole word within 60 characters, with an ellipsis that says so.
      { title: 'Qual é a altura mínima do guarda-corpo em plataformas de…', projectId: '' },
    ]);
    await waitFor(() => expect(stream.calls).toHaveLength(1));
    expect(stream.calls[0]!.chatRef).toBe('chat-9');
    expect(stream.calls[0]!.body).toEqual({ content: text });
    expect(
      (await screen.findByText('O assistente está digitando…')).closest('[role="status"]'),
    ).not.toBeNull();
    // The message leaves the navigation state once sent, so a reload does not send it again.
    await waitFor(() => expect(router.state.location.state).toEqual({ chat }));
    // The drawer lists the new chat without waiting for its 10 s cache.
    expect(await within(drawerChats()).findByRole('link', { name: chat.title! })).toHaveAttribute(
      'href',
      '/chat/novo-key',
    );

    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(stream.calls).toHaveLength(1);
  });

  it('starts a chat from an example question', async () => {
    const api = installFakeApi();
    const chat = makeChat({ chatKey: 'ex-key' });
    api.on(CREATE, { status: 201, body: chat });
    api.on('GET /api/v1/regulation/chat/ex-key', { body: { chat, messages: [] } });
    const stream = installFakeMessageStream(api);
    const { user, router } = renderApp('/chat', { api, storedUser: PRO });

    await user.click(
      screen.getByRole('button', { name: 'Quando a empresa é obrigada a constituir a CIPA?' }),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/ex-key'));
    expect(api.requestsTo(CREATE)[0]!.body).toEqual({
      title: 'Quando a empresa é obrigada a constituir a CIPA?',
      projectId: '',
    });
    await waitFor(() =>
      expect(stream.calls.map((call) => call.body)).toEqual([
        { content: 'Quando a empresa é obrigada a constituir a CIPA?' },
      ]),
    );
  });

  it.each([
    ['the code', { status: 403, body: EARLY_ACCESS }],
    [
      'the text of a 500',
      {
        status: 500,
        body: { code: 'INTERNAL_ERROR', message: 'Usuário não possui plano que permita chats' },
      },
    ],
  ])(
    'opens the early-access modal (recognised by %s); Escape and a click outside close it',
    async (_how, reply) => {
      const api = installFakeApi();
      api.on(CREATE, reply);
      // The profile says Pro, the server no longer does (a plan that just ended): it decides.
      const { user, router } = renderApp('/chat', { api, storedUser: PRO });
      const box = screen.getByRole('textbox', { name: 'Mensagem' });

      await user.type(box, 'Posso usar escada de madeira?{Enter}');

      const dialog = await screen.findByRole('dialog', { name: 'Chats em acesso antecipado' });
      expect(within(dialog).getByRole('link', { name: 'Assinar o Plano Pro' })).toHaveAttribute(
        'href',
        '/payment',
      );
      expect(within(dialog).getByRole('link', { name: /Falar no WhatsApp/ })).toHaveAttribute(
        'href',
        `https://wa.me/5511999998888?text=${encodeURIComponent('Olá! Quero participar do acesso antecipado aos chats do Assistente de Normas.')}`,
      );
      expect(document.body.style.overflow).toBe('hidden');
      expect(router.state.location.pathname).toBe('/chat');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(document.body.style.overflow).toBe('');
      expect(box).toHaveValue('Posso usar escada de madeira?');

      await user.type(box, '{Enter}');
      await screen.findByRole('dialog', { name: 'Chats em acesso antecipado' });
      await user.click(screen.getByTestId('modal-backdrop'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(document.body.style.overflow).toBe('');
    },
  );

  it.each([
    [
      'the server message',
      {
        status: 400,
        body: { code: 'VALIDATION_ERROR', message: 'O título do chat é obrigatório.' },
      },
      'O título do chat é obrigatório.',
    ],
    ['the wrapper text without one', 'network-error' as const, 'Erro ao criar chat'],
  ])(
    'shows %s when the chat cannot be created and keeps the text',
    async (_case, reply, message) => {
      const api = installFakeApi();
      api.on(CREATE, reply);
      const { user, router } = renderApp('/chat', { api, storedUser: PRO });
      const box = screen.getByRole('textbox', { name: 'Mensagem' });

      await user.type(box, 'Pergunta{Enter}');

      expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${message}$`));
      expect(box).toHaveValue('Pergunta');
      expect(router.state.location.pathname).toBe('/chat');
    },
  );
});
