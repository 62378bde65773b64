import { MESSAGE_BOX_MAX_PX, MESSAGE_BOX_MIN_PX } from '@normas/contracts/constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFakeMessageStream } from '../../features/chats/testing/fake-message-stream';
import { makeMessage } from '../../features/chats/testing/messages';
import { makeAnswerRegulation } from '../../features/questions/testing/fixtures';
import { installFakeApi } from '../../test/fake-api';
import { makeChat, makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { preloadMarkdown } from '../../components/markdown/markdown';

// The markdown renderer is loaded lazily; loading it once here keeps the first test within its time limits.
beforeAll(() => Promise.all([preloadMarkdown(), preloadMarkdown('$')]), 30_000);

const CHAT = makeChat({
  id: 'chat-1',
  chatKey: 'key-1',
  title: 'Chat: Guarda-corpo',
  initialQuestion: null,
});
const HISTORY = 'GET /api/v1/regulation/chat/key-1';
const PRO = makeUser({ plan: 'pro' });

function messageList() {
  return screen.getByRole('list', { name: 'Mensagens' });
}

function bubbles() {
  return within(messageList())
    .getAllByRole('listitem')
    .filter((item) => item.classList.contains('message'))
    .map((item) => [
      item.classList.contains('message--user') ? 'user' : 'assistant',
      item.querySelector('.message-text, .markdown')?.textContent,
    ]);
}

function setup(
  messages = [
    makeMessage({ id: 'm1', isUserMessage: true, content: 'Qual a altura?' }),
    makeMessage({ id: 'm2', content: 'A altura mínima é **1,10 m**.' }),
  ],
) {
  const api = installFakeApi();
  api.on(HISTORY, { body: { chat: CHAT, messages } });
  const stream = installFakeMessageStream(api);
  return { api, stream };
}

describe('/chat/{chatKey}: history', () => {
  it('shows the loading state, then the messages: user on the right, assistant as markdown', async () => {
    const api = installFakeApi();
    const release = api.deferred(HISTORY);
    renderApp('/chat/key-1', { api, storedUser: PRO });

    expect(screen.getByRole('status')).toHaveTextContent('Carregando mensagens...');
    expect(screen.getByRole('heading', { level: 1, name: 'Chat' })).toBeInTheDocument();

    release({
      body: {
        chat: CHAT,
        messages: [
          makeMessage({ id: 'm1', isUserMessage: true, content: 'Qual a altura?' }),
          makeMessage({
            id: 'm2',
            content: 'Veja [NR-35, item 35.1.2](/regulations/reg-35#35.1.2): **2,00 m**.',
            regulations: [
              makeAnswerRegulation({
                sections: [
                  {
                    id: 'sec-1',
                    number: 3,
                    item: '35.1.2',
                    headingPath: '35.1 Objetivo e Campo de Aplicação',
                    content:
                      'Considera-se trabalho em altura toda atividade executada acima de 2,00 m.',
                    effectiveFrom: null,
                  },
                ],
              }),
            ],
          }),
        ],
      },
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Guarda-corpo' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Guarda-corpo | Assistente de Normas');
    const strong = await within(messageList()).findByText('2,00 m');
    expect(strong.tagName).toBe('STRONG');
    expect(bubbles()).toEqual([
      ['user', 'Qual a altura?'],
      ['assistant', 'Veja NR-35, item 35.1.2: 2,00 m.'],
    ]);
    expect(within(messageList()).getByRole('link', { name: 'NR-35, item 35.1.2' })).toHaveAttribute(
      'href',
      '/regulations/reg-35#35.1.2',
    );
    expect(
      within(messageList()).getByRole('link', { name: 'NR-35 — Trabalho em Altura' }),
    ).toHaveAttribute('href', '/regulations/reg-35');
    expect(within(messageList()).getByRole('link', { name: 'item 35.1.2' })).toHaveAttribute(
      'href',
      '/regulations/reg-35#35.1.2',
    );
    expect(screen.queryByText('Carregando mensagens...')).not.toBeInTheDocument();
  });

  it('drops messages with empty content', async () => {
    const api = installFakeApi();
    api.on(HISTORY, {
      body: {
        chat: CHAT,
        messages: [
          makeMessage({ id: 'm1', isUserMessage: true, content: 'Olá' }),
          makeMessage({ id: 'm2', content: '' }),
          makeMessage({ id: 'm3', content: '  ' }),
          makeMessage({ id: 'm4', content: 'Resposta' }),
        ],
      },
    });
    renderApp('/chat/key-1', { api, storedUser: PRO });

    await within(await screen.findByRole('list', { name: 'Mensagens' })).findByText('Resposta');
    expect(bubbles()).toEqual([
      ['user', 'Olá'],
      ['assistant', 'Resposta'],
    ]);
    expect(screen.getAllByRole('button', { name: 'Avaliar resposta' })).toHaveLength(1);
  });

  it('says so when the history cannot load', async () => {
    const api = installFakeApi();
    api.on(HISTORY, {
      status: 404,
      body: { code: 'CHAT_NOT_FOUND', message: 'Chat não encontrado.' },
    });
    const { user, router } = renderApp('/chat/key-1', { api, storedUser: PRO });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar o histórico de mensagens.');
    // An unknown key leaves nothing to write to: the box is closed, and a way out is offered.
    expect(screen.getByRole('textbox', { name: 'Mensagem' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    await user.click(within(alert).getByRole('link', { name: 'Começar um novo chat' }));
    expect(router.state.location.pathname).toBe('/chat');
  });

  it('shows the question and answer a chat came from at the top, from navigation state at once', async () => {
    const api = installFakeApi();
    const chat = makeChat({
      chatKey: 'key-1',
      title: null,
      initialQuestion: 'Quando usar cinto paraquedista?',
      initialAnswer: 'Sempre acima de **2 m**.',
      initialRegulations: [
        {
          id: 'reg-35',
          title: 'Trabalho em Altura',
          code: 'NR-35',
          authority: 'MTE',
          status: 'vigente',
          sections: [{ number: 3, item: '35.1.2', content: '…' }],
        },
      ],
    });
    api.deferred(HISTORY);
    const { router } = renderApp('/chat/key-1', { api, storedUser: PRO });
    await act(() => router.navigate('/chat/key-1', { state: { chat } }));

    expect(
      screen.getByRole('heading', { level: 1, name: 'Quando usar cinto paraquedista?' }),
    ).toBeInTheDocument();
    expect(await within(messageList()).findByText('2 m')).toBeInTheDocument();
    expect(bubbles()).toEqual([
      ['user', 'Quando usar cinto paraquedista?'],
      ['assistant', 'Sempre acima de 2 m.'],
    ]);
    expect(within(messageList()).getByRole('link', { name: 'item 35.1.2' })).toHaveAttribute(
      'href',
      '/regulations/reg-35#35.1.2',
    );
  });
});

describe('/chat/{chatKey}: sending', () => {
  it('shows the message and the typing indicator, streams the answer, then reloads the history', async () => {
    const { api, stream } = setup([]);
    const { user } = renderApp('/chat/key-1', { api, storedUser: PRO });
    const box = await screen.findByRole('textbox', { name: 'Mensagem' });
    await waitFor(() => expect(box).toBeEnabled());

    await user.type(box, '  E o rodapé?  {Enter}');

    await waitFor(() => expect(stream.calls).toHaveLength(1));
    expect(stream.calls[0]!.chatRef).toBe('chat-1');
    expect(stream.calls[0]!.body).toEqual({ content: 'E o rodapé?' });
    expect(stream.calls[0]!.headers.get('Authorization')).toBe('Bearer session-token');
    expect(box).toHaveValue('');
    expect(bubbles()).toEqual([['user', 'E o rodapé?']]);
    expect(screen.getByRole('status')).toHaveTextContent('O assistente está digitando…');
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();

    act(() => stream.calls[0]!.send('delta', { text: 'O rodapé deve ter ' }));
    expect(await within(messageList()).findByText(/O rodapé deve ter/)).toBeInTheDocument();
    expect(screen.queryByText('O assistente está digitando…')).not.toBeInTheDocument();

    act(() => stream.calls[0]!.send('delta', { text: '**0,15 m**.' }));
    expect(await within(messageList()).findByText('0,15 m')).toBeInTheDocument();
    expect(bubbles()).toEqual([
      ['user', 'E o rodapé?'],
      ['assistant', 'O rodapé deve ter 0,15 m.'],
    ]);

    const stored = [
      makeMessage({ id: 'm1', isUserMessage: true, content: 'E o rodapé?' }),
      makeMessage({ id: 'm2', content: 'O rodapé deve ter **0,15 m** (histórico).' }),
    ];
    api.on(HISTORY, { body: { chat: CHAT, messages: stored } });
    act(() => {
      stream.calls[0]!.send('done', stored[1]);
      stream.calls[0]!.close();
    });

    expect(await within(messageList()).findByText(/\(histórico\)/)).toBeInTheDocument();
    expect(api.requestsTo(HISTORY)).toHaveLength(2);
    expect(bubbles()).toEqual([
      ['user', 'E o rodapé?'],
      ['assistant', 'O rodapé deve ter 0,15 m (histórico).'],
    ]);
    expect(screen.getByRole('button', { name: 'Avaliar resposta' })).toBeInTheDocument();
  });

  it('adds a new line on Shift+Enter and sends with Enter only', async () => {
    const { api, stream } = setup([]);
    const { user } = renderApp('/chat/key-1', { api, storedUser: PRO });
    const box = await screen.findByRole('textbox', { name: 'Mensagem' });
    await waitFor(() => expect(box).toBeEnabled());

    await user.type(box, 'linha 1{Shift>}{Enter}{/Shift}linha 2');
    expect(box).toHaveValue('linha 1\nlinha 2');
    expect(stream.calls).toHaveLength(0);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(stream.calls).toHaveLength(1));
    expect(stream.calls[0]!.body).toEqual({ content: 'linha 1\nlinha 2' });
  });

  it('does not send a blank message', async () => {
    const { api, stream } = setup([]);
    const { user } = renderApp('/chat/key-1', { api, storedUser: PRO });
    const box = await screen.findByRole('textbox', { name: 'Mensagem' });
    await waitFor(() => expect(box).toBeEnabled());

    await user.type(box, '   {Enter}');

    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    expect(stream.calls).toHaveLength(0);
    expect(screen.queryByText('O assistente está digitando…')).not.toBeInTheDocument();
  });

  it.each([
    ['an error event in the stream', 'stream'],
    ['a refused request', 'json'],
  ] as const)('shows the send error after %s and gives the text back', async (_case, kind) => {
    const { api, stream } = setup([]);
    if (kind === 'json')
      stream.failWith({ status: 500, body: { code: 'INTERNAL_ERROR', message: 'Erro interno.' } });
    const { user } = renderApp('/chat/key-1', { api, storedUser: PRO });
    const box = await screen.findByRole('textbox', { name: 'Mensagem' });
    await waitFor(() => expect(box).toBeEnabled());

    await user.type(box, 'Pergunta{Enter}');
    if (kind === 'stream') {
      await waitFor(() => expect(stream.calls).toHaveLength(1));
      act(() => {
        stream.calls[0]!.send('error', { code: 'ANSWER_FAILED', message: 'Falhou.' });
        stream.calls[0]!.close();
      });
    }

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível enviar a mensagem. Tente novamente.',
    );
    expect(box).toHaveValue('Pergunta');
    expect(screen.queryByText('O assistente está digitando…')).not.toBeInTheDocument();
    expect(within(messageList()).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('opens the early-access modal when the plan does not allow chats', async () => {
    const { api, stream } = setup([]);
    stream.failWith({
      status: 403,
      body: {
        code: 'PLAN_DOES_NOT_ALLOW_CHATS',
        message: 'Usuário não possui plano que permita chats',
      },
    });
    const { user } = renderApp('/chat/key-1', { api, storedUser: makeUser() });
    const box = await screen.findByRole('textbox', { name: 'Mensagem' });
    await waitFor(() => expect(box).toBeEnabled());

    await user.type(box, 'Pergunta{Enter}');

    expect(
      await screen.findByRole('dialog', { name: 'Chats em acesso antecipado' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('grows the box with its text from 36 px up to 240 px, then lets it scroll', async () => {
    const lineHeight = 20;
    Object.defineProperty(HTMLTextAreaElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLTextAreaElement) {
        return this.value.split('\n').length * lineHeight + 8;
      },
    });
    try {
      const { api } = setup([]);
      const { user } = renderApp('/chat/key-1', { api, storedUser: PRO });
      const box = await screen.findByRole('textbox', { name: 'Mensagem' });
      await waitFor(() => expect(box).toBeEnabled());

      expect(box.style.height).toBe(`${MESSAGE_BOX_MIN_PX}px`);
      await user.type(box, 'a{Shift>}{Enter}{Enter}{Enter}{/Shift}b');
      expect(box.style.height).toBe('88px');
      expect(box.style.overflowY).toBe('hidden');

      await user.type(box, '{Shift>}' + '{Enter}'.repeat(12) + '{/Shift}');
      expect(box.style.height).toBe(`${MESSAGE_BOX_MAX_PX}px`);
      expect(box.style.overflowY).toBe('auto');

      await user.clear(box);
      expect(box.style.height).toBe(`${MESSAGE_BOX_MIN_PX}px`);
    } finally {
      delete (HTMLTextAreaElement.prototype as { scrollHeight?: number }).scrollHeight;
    }
  });
});

describe('/chat/{chatKey}: accessibility (axe-core, rules that work without layout)', () => {
  it('has no violations with a streamed answer, the typing indicator and an open feedback form', async () => {
    document.documentElement.lang = 'pt-BR';
    const { api, stream } = setup();
    const { user } = renderApp('/chat/key-1', { api, storedUser: PRO });
    await user.click(await screen.findByRole('button', { name: 'Avaliar resposta' }));
    const box = screen.getByRole('textbox', { name: 'Mensagem' });
    await user.type(box, 'Outra pergunta{Enter}');
    await screen.findByText('O assistente está digitando…');

    const options: axe.RunOptions = { rules: { 'color-contrast': { enabled: false } } };
    expect((await axe.run(document, options)).violations.map((violation) => violation.id)).toEqual(
      [],
    );
    act(() => stream.calls[0]!.send('delta', { text: 'Parte da resposta' }));
    await within(messageList()).findByText('Parte da resposta');
    expect((await axe.run(document, options)).violations.map((violation) => violation.id)).toEqual(
      [],
    );
  });
});
