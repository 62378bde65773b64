import { ChatHistoryResponseSchema, ChatSchema, MessageSchema } from '@normas/contracts/chats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema';
import { parseEvents } from '../questions/test-support/sse';
import { createUsersRepository } from '../users/users.repository';
import { createChatTestApp, type ChatTestApp } from './test-support/chat-test-app';

const EARLY_ACCESS = {
  code: 'PLAN_DOES_NOT_ALLOW_CHATS',
  message: 'Usuário não possui plano que permita chats',
};
const FAILED = 'Ocorreu um erro ao processar sua pergunta. Por favor, tente novamente.';

let t: ChatTestApp;
beforeAll(async () => {
  t = await createChatTestApp();
});
afterAll(async () => t.close());

const fakeAnswer = () => {
  const cited = t.corpus()[0]!;
  return `Segundo a norma, considera-se trabalho em altura a atividade acima de 2,00 m ([NR-35, item 35.1.2](/regulations/${cited.regulationId}#35.1.2)).`;
};

describe('POST /regulation/chat/create', () => {
  it('continues a question: the chat carries the stored question, answer and regulations under its chatKey', async () => {
    const u = await t.user('pro');
    const question = await t.askQuestion(u, 'O que é trabalho em altura?');
    const res = await t.inject('POST', '/regulation/chat/create', u.headers, {
      chatKey: question.chatKey,
      initialQuestion: 'O que é trabalho em altura?',
      initialAnswer: question.aiResponse,
      initialRegulations: question.data,
    });
    expect(res.statusCode).toBe(201);
    const chat = ChatSchema.parse(res.json());
    const cited = t.corpus()[0]!;
    expect(chat).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      chatKey: question.chatKey,
      userId: u.id,
      type: 'regulation',
      createdBy: u.id,
      projectId: null,
      title: null,
      initialQuestion: 'O que é trabalho em altura?',
      initialAnswer: fakeAnswer(),
      initialRegulations: [
        {
          id: cited.regulationId,
          title: 'Trabalho em Altura',
          code: 'NR-35',
          authority: 'Ministério do Trabalho e Emprego',
          status: 'vigente',
          sections: [{ number: 1, item: '35.1.2', content: cited.content }],
        },
      ],
      createdAt: chat.createdAt,
      updatedAt: chat.updatedAt,
    });
  });

  it('keeps the server copy of the question when the client sends a different one', async () => {
    const u = await t.user('business');
    const question = await t.askQuestion(u, 'O que é trabalho em altura?');
    const chat = await t.createChat(u, {
      chatKey: question.chatKey,
      initialQuestion: 'Outra coisa',
      initialAnswer: 'Inventada',
    });
    expect(chat.initialQuestion).toBe('O que é trabalho em altura?');
    expect(chat.initialAnswer).toBe(fakeAnswer());
  });

  it('answers the existing chat (200) when the same chatKey is sent again, also concurrently', async () => {
    const u = await t.user('pro');
    const { chatKey } = await t.askQuestion(u, 'O que é trabalho em altura?');
    const [a, b] = await Promise.all([
      t.inject('POST', '/regulation/chat/create', u.headers, { chatKey }),
      t.inject('POST', '/regulation/chat/create', u.headers, { chatKey }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().id).toBe(b.json().id);
    const again = await t.inject('POST', '/regulation/chat/create', u.headers, { chatKey });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(a.json().id);
    const list = await t.inject('GET', '/regulation/chats?onlyWithoutProject=true', u.headers);
    expect(list.json().data.map((c: { chatKey: string }) => c.chatKey)).toEqual([chatKey]);
  });

  it('creates a blank independent chat with a trimmed title and a generated url-safe chatKey', async () => {
    const u = await t.user('pro');
    const res = await t.inject('POST', '/regulation/chat/create', u.headers, {
      title: '  Dúvidas de altura  ',
      projectId: '',
    });
    expect(res.statusCode).toBe(201);
    const chat = ChatSchema.parse(res.json());
    expect(chat).toMatchObject({
      title: 'Dúvidas de altura',
      projectId: null,
      initialQuestion: null,
      initialAnswer: null,
      initialRegulations: [],
    });
    expect(chat.chatKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("creates a chat inside one of the user's projects", async () => {
    const u = await t.user('pro');
    const project = (
      await t.inject('POST', '/regulation/projects', u.headers, { name: 'Obra A' })
    ).json();
    const chat = await t.createChat(u, { title: 'Andaimes', projectId: project.id });
    expect(chat.projectId).toBe(project.id);
    const inProject = await t.inject('GET', `/regulation/chats?projectId=${project.id}`, u.headers);
    expect(inProject.json().data.map((c: { id: string }) => c.id)).toEqual([chat.id]);
    const independent = await t.inject(
      'GET',
      '/regulation/chats?onlyWithoutProject=true',
      u.headers,
    );
    expect(independent.json().data).toEqual([]);
  });

  it.each([
    [{}, 'chatKey é obrigatória para criar um chat'],
    [{ chatKey: '   ' }, 'chatKey é obrigatória para criar um chat'],
    [
      { initialQuestion: 'O que é?', initialAnswer: 'É.' },
      'chatKey é obrigatória para criar um chat',
    ],
    [{ title: '   ', projectId: '' }, 'O título do chat é obrigatório.'],
    [
      { title: 'a'.repeat(201), projectId: '' },
      'O título do chat pode ter no máximo 200 caracteres.',
    ],
    [{ title: 'Obra', projectId: 'nao-e-uuid' }, 'projectId inválido.'],
    [{ chatKey: 'abc', initialRegulations: 'NR-35' }, 'initialRegulations deve ser uma lista.'],
  ])('refuses %j with a pt-BR 400', async (payload, message) => {
    const u = await t.user('pro');
    const res = await t.inject('POST', '/regulation/chat/create', u.headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });

  it('answers 404 for a chatKey no question of the user has', async () => {
    const u = await t.user('pro');
    const res = await t.inject('POST', '/regulation/chat/create', u.headers, {
      chatKey: 'nao-existe',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 'QUESTION_NOT_FOUND',
      message: 'Pergunta não encontrada para este chatKey.',
    });
  });

  it.each(['free'] as const)(
    'refuses the %s plan with the early-access 403 and creates nothing',
    async (plan) => {
      const u = await t.user(plan);
      const { chatKey } = await t.askQuestion(u, 'O que é trabalho em altura?');
      for (const payload of [{ chatKey }, { title: 'Obra', projectId: '' }]) {
        const res = await t.inject('POST', '/regulation/chat/create', u.headers, payload);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(EARLY_ACCESS);
      }
      expect((await t.inject('GET', '/regulation/chats', u.headers)).json()).toEqual({ data: [] });
    },
  );
});

describe('GET /regulation/chat/{id}', () => {
  it('answers the chat and its messages, by id and by chatKey alike, leaving out empty messages', async () => {
    const u = await t.user('pro');
    const chat = await t.createChat(u, { title: 'Altura', projectId: '' });
    const reply = (
      await t.inject('POST', `/regulation/chat/${chat.id}/message`, u.headers, {
        content: 'O que é trabalho em altura?',
      })
    ).json();
    await t.database.db.insert(messages).values([
      { chatId: chat.id, sender: 'assistant', isUserMessage: false, content: '' },
      { chatId: chat.id, sender: 'assistant', isUserMessage: false, content: '  \n ' },
    ]);
    const byId = await t.inject('GET', `/regulation/chat/${chat.id}`, u.headers);
    expect(byId.statusCode).toBe(200);
    const history = ChatHistoryResponseSchema.parse(byId.json());
    expect(history.chat.id).toBe(chat.id);
    expect(history.chat.updatedAt).toBe(reply.createdAt);
    expect(history.messages.map((m) => [m.sender, m.isUserMessage, m.content])).toEqual([
      ['user', true, 'O que é trabalho em altura?'],
      ['assistant', false, fakeAnswer()],
    ]);
    expect(history.messages[1]).toEqual(reply);
    expect(history.messages[0]!.regulations).toEqual([]);
    const byKey = await t.inject('GET', `/regulation/chat/${chat.chatKey}`, u.headers);
    expect(byKey.json()).toEqual(byId.json());
  });

  it('still shows a Free user their chats (the plan only stops new writes)', async () => {
    const u = await t.user('pro');
    const chat = await t.createChat(u, { title: 'Antes do downgrade', projectId: '' });
    await createUsersRepository(t.database.db).setPlanByEmail(u.email, 'free');
    expect((await t.inject('GET', `/regulation/chat/${chat.chatKey}`, u.headers)).statusCode).toBe(
      200,
    );
    const send = await t.inject('POST', `/regulation/chat/${chat.id}/message`, u.headers, {
      content: 'Ainda posso?',
    });
    expect(send.statusCode).toBe(403);
    expect(send.json()).toEqual(EARLY_ACCESS);
  });

  it.each(['com espaço', 'ponto.e.virgula;', 'acentuação'])(
    'answers 400 for the malformed id %j',
    async (id) => {
      const u = await t.user('pro');
      const res = await t.inject('GET', `/regulation/chat/${encodeURIComponent(id)}`, u.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Identificador de chat inválido.',
      });
    },
  );

  it('answers 404 for an unknown id or chatKey', async () => {
    const u = await t.user('pro');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'chave-inexistente']) {
      const res = await t.inject('GET', `/regulation/chat/${id}`, u.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'CHAT_NOT_FOUND', message: 'Chat não encontrado.' });
    }
  });
});

describe('POST /regulation/chat/{id}/message', () => {
  it('stores the user message and answers the assistant message with the cited regulations', async () => {
    const u = await t.user('business');
    const chat = await t.createChat(u, { title: 'Altura', projectId: '' });
    const res = await t.inject('POST', `/regulation/chat/${chat.chatKey}/message`, u.headers, {
      content: '  O que é trabalho em altura?  ',
    });
    expect(res.statusCode).toBe(201);
    const message = MessageSchema.parse(res.json());
    const cited = t.corpus()[0]!;
    expect(message).toMatchObject({
      chatId: chat.id,
      sender: 'assistant',
      isUserMessage: false,
      content: fakeAnswer(),
    });
    expect(message.regulations.map((r) => [r.code, r.sections.map((s) => [s.id, s.item])])).toEqual(
      [['NR-35', [[cited.sectionId, '35.1.2']]]],
    );
    const history = (await t.inject('GET', `/regulation/chat/${chat.id}`, u.headers)).json();
    expect(history.messages[0].content).toBe('O que é trabalho em altura?');
  });

  it('does not use up questions of the plan', async () => {
    const u = await t.user('pro');
    const chat = await t.createChat(u, { title: 'Altura', projectId: '' });
    await t.inject('POST', `/regulation/chat/${chat.id}/message`, u.headers, {
      content: 'O que é trabalho em altura?',
    });
    const asked = await t.askQuestion(u, 'O que é trabalho em altura?');
    expect((asked as unknown as { usage: unknown }).usage).toEqual({ used: 1, max: 100 });
  });

  it.each([
    [{ content: '   ' }, 'Escreva sua mensagem.'],
    [{}, 'A mensagem deve ser um texto.'],
    [{ content: 7 }, 'A mensagem deve ser um texto.'],
    [{ content: 'a'.repeat(2001) }, 'A mensagem pode ter no máximo 2000 caracteres.'],
  ])('refuses %j with a pt-BR 400 and stores nothing', async (payload, message) => {
    const u = await t.user('pro');
    const chat = await t.createChat(u, { title: 'Altura', projectId: '' });
    for (const suffix of ['message', 'message/stream']) {
      const res = await t.inject(
        'POST',
        `/regulation/chat/${chat.id}/${suffix}`,
        u.headers,
        payload,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    expect(
      (await t.inject('GET', `/regulation/chat/${chat.id}`, u.headers)).json().messages,
    ).toEqual([]);
  });

  it('answers 502 and stores neither message when the answer engine fails', async () => {
    const u = await t.user('pro');
    const chat = await t.createChat(u, { title: 'Altura', projectId: '' });
    const res = await t.inject('POST', `/regulation/chat/${chat.id}/message`, u.headers, {
      content: 'isto provoca uma falha',
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 'ANSWER_FAILED', message: FAILED });
    expect(
      (await t.inject('GET', `/regulation/chat/${chat.id}`, u.headers)).json().messages,
    ).toEqual([]);
  });

  it('refuses a Free user with the early-access 403 before looking at the chat', async () => {
    const u = await t.user('free');
    for (const suffix of ['message', 'message/stream']) {
      const res = await t.inject(
        'POST',
        `/regulation/chat/00000000-0000-4000-8000-000000000000/${suffix}`,
        u.headers,
        { content: 'Oi' },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(EARLY_ACCESS);
    }
  });
});

describe('POST /regulation/chat/{id}/message/stream', () => {
  it('streams the deltas, then the stored assistant message', async () => {
    const u = await t.user('pro');
    const chat = await t.createChat(u, { title: 'Altura', projectId: '' });
    const res = await t.inject('POST', `/regulation/chat/${chat.id}/message/stream`, u.headers, {
      content: 'O que é trabalho em altura?',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const events = parseEvents(res.body);
    expect(events.map((e) => e.event)).toEqual(['delta', 'delta', 'done']);
    const done = MessageSchema.parse(events[2]!.data);
    expect(
      events
        .slice(0, 2)
        .map((e) => (e.data as { text: string }).text)
        .join(''),
    ).toBe(done.content);
    const history = (await t.inject('GET', `/regulation/chat/${chat.id}`, u.headers)).json();
    expect(history.messages.map((m: { id: string }) => m.id)[1]).toBe(done.id);
  });

  it('answers an unknown chat as JSON 404 before any stream starts', async () => {
    const u = await t.user('pro');
    const res = await t.inject('POST', '/regulation/chat/nao-existe/message/stream', u.headers, {
      content: 'Oi',
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ code: 'CHAT_NOT_FOUND', message: 'Chat não encontrado.' });
  });

  it('ends with an error event and stores nothing when the engine fails mid-stream', async () => {
    const u = await t.user('pro');
    const chat = await t.createChat(u, { title: 'Altura', projectId: '' });
    const res = await t.inject('POST', `/regulation/chat/${chat.id}/message/stream`, u.headers, {
      content: 'outra falha',
    });
    expect(parseEvents(res.body)).toEqual([
      { event: 'error', data: { code: 'ANSWER_FAILED', message: FAILED } },
    ]);
    expect(
      (await t.inject('GET', `/regulation/chat/${chat.id}`, u.headers)).json().messages,
    ).toEqual([]);
  });
});
