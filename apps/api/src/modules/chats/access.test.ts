import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback } from '../../db/schema';
import {
  createChatTestApp,
  type ChatTestApp,
  type ChatTestUser,
} from './test-support/chat-test-app';

/**
 * Every chat, message, project and feedback belongs to its user: another signed-in user gets 404 on
 * every route, never 403 and never the data, and anonymous callers get 401.
 */
let t: ChatTestApp;
let alice: ChatTestUser;
let bob: ChatTestUser;
const own = {
  chatId: '',
  chatKey: '',
  messageId: '',
  projectId: '',
  projectChatId: '',
  questionKey: '',
  unusedQuestionKey: '',
};

beforeAll(async () => {
  t = await createChatTestApp();
  alice = await t.user('pro');
  bob = await t.user('business');
  own.questionKey = (await t.askQuestion(alice, 'O que é trabalho em altura?')).chatKey;
  own.unusedQuestionKey = (await t.askQuestion(alice, 'Quem fornece o EPI?')).chatKey;
  const chat = await t.createChat(alice, { chatKey: own.questionKey });
  own.chatId = chat.id;
  own.chatKey = chat.chatKey;
  own.messageId = (
    await t.inject('POST', `/regulation/chat/${chat.id}/message`, alice.headers, {
      content: 'E o treinamento?',
    })
  ).json().id;
  own.projectId = (
    await t.inject('POST', '/regulation/projects', alice.headers, { name: 'Obra da Alice' })
  ).json().id;
  own.projectChatId = (
    await t.createChat(alice, { title: 'No projeto', projectId: own.projectId })
  ).id;
});
afterAll(async () => t.close());

type Call = [name: string, method: 'GET' | 'POST', url: () => string, payload?: () => object];

const NOT_FOUND: [Call, code: string][] = [
  [['history by id', 'GET', () => `/regulation/chat/${own.chatId}`], 'CHAT_NOT_FOUND'],
  [['history by chatKey', 'GET', () => `/regulation/chat/${own.chatKey}`], 'CHAT_NOT_FOUND'],
  [
    ['message', 'POST', () => `/regulation/chat/${own.chatId}/message`, () => ({ content: 'Oi' })],
    'CHAT_NOT_FOUND',
  ],
  [
    [
      'message by chatKey',
      'POST',
      () => `/regulation/chat/${own.chatKey}/message`,
      () => ({ content: 'Oi' }),
    ],
    'CHAT_NOT_FOUND',
  ],
  [
    [
      'message stream',
      'POST',
      () => `/regulation/chat/${own.chatId}/message/stream`,
      () => ({ content: 'Oi' }),
    ],
    'CHAT_NOT_FOUND',
  ],
  [
    [
      'create from a question already continued',
      'POST',
      () => '/regulation/chat/create',
      () => ({ chatKey: own.questionKey }),
    ],
    'QUESTION_NOT_FOUND',
  ],
  [
    [
      'create from a question not yet continued',
      'POST',
      () => '/regulation/chat/create',
      () => ({ chatKey: own.unusedQuestionKey }),
    ],
    'QUESTION_NOT_FOUND',
  ],
  [
    [
      'create in the project',
      'POST',
      () => '/regulation/chat/create',
      () => ({ title: 'Intrusa', projectId: own.projectId }),
    ],
    'PROJECT_NOT_FOUND',
  ],
  [['project', 'GET', () => `/regulation/projects/${own.projectId}`], 'PROJECT_NOT_FOUND'],
  [
    ['chats of the project', 'GET', () => `/regulation/chats?projectId=${own.projectId}`],
    'PROJECT_NOT_FOUND',
  ],
  [
    [
      'feedback on the chat',
      'POST',
      () => '/chat/feedback',
      () => ({ chatId: own.chatId, type: 'NEGATIVE' }),
    ],
    'CHAT_NOT_FOUND',
  ],
  [
    [
      'feedback on the message',
      'POST',
      () => '/chat/feedback',
      () => ({ chatId: own.chatId, messageId: own.messageId, type: 'NEGATIVE' }),
    ],
    'CHAT_NOT_FOUND',
  ],
];

const MESSAGES: Record<string, string> = {
  CHAT_NOT_FOUND: 'Chat não encontrado.',
  PROJECT_NOT_FOUND: 'Projeto não encontrado.',
  QUESTION_NOT_FOUND: 'Pergunta não encontrada para este chatKey.',
  MESSAGE_NOT_FOUND: 'Mensagem não encontrada neste chat.',
};

describe('another user', () => {
  it.each(NOT_FOUND)('gets 404 on %s', async ([, method, url, payload], code) => {
    const res = await t.inject(method, url(), bob.headers, payload?.());
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ code, message: MESSAGES[code] });
  });

  it("gets 404 for feedback that pairs their own chat with the first user's message", async () => {
    const bobsChat = await t.createChat(bob, { title: 'Do Bob', projectId: '' });
    const res = await t.inject('POST', '/chat/feedback', bob.headers, {
      chatId: bobsChat.id,
      messageId: own.messageId,
      type: 'POSITIVE',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'MESSAGE_NOT_FOUND', message: MESSAGES.MESSAGE_NOT_FOUND });
  });

  it("sees none of the first user's chats or projects in the lists", async () => {
    for (const url of [
      '/regulation/chats',
      '/regulation/chats?onlyWithoutProject=true',
      '/regulation/projects',
    ]) {
      const res = await t.inject('GET', url, bob.headers);
      expect(res.statusCode).toBe(200);
      const ids = (res.json().data as { id: string }[]).map((x) => x.id);
      expect(ids).not.toContain(own.chatId);
      expect(ids).not.toContain(own.projectChatId);
      expect(ids).not.toContain(own.projectId);
    }
  });

  it("left the first user's data untouched", async () => {
    const history = (await t.inject('GET', `/regulation/chat/${own.chatId}`, alice.headers)).json();
    expect(history.messages.map((m: { content: string }) => m.content)[0]).toBe('E o treinamento?');
    expect(history.messages).toHaveLength(2);
    const project = (
      await t.inject('GET', `/regulation/projects/${own.projectId}`, alice.headers)
    ).json();
    expect(project.chats.map((c: { id: string }) => c.id)).toEqual([own.projectChatId]);
    expect(await t.database.db.select().from(feedback)).toEqual([]);
    const chats = (await t.inject('GET', '/regulation/chats', alice.headers)).json().data as {
      title: string | null;
    }[];
    expect(chats.map((c) => c.title)).not.toContain('Intrusa');
  });
});

describe('signed-out callers', () => {
  const ROUTES: Call[] = [
    ['list chats', 'GET', () => '/regulation/chats?onlyWithoutProject=true'],
    [
      'create chat',
      'POST',
      () => '/regulation/chat/create',
      () => ({ title: 'Obra', projectId: '' }),
    ],
    ['history', 'GET', () => `/regulation/chat/${own.chatId}`],
    ['message', 'POST', () => `/regulation/chat/${own.chatId}/message`, () => ({ content: 'Oi' })],
    [
      'message stream',
      'POST',
      () => `/regulation/chat/${own.chatId}/message/stream`,
      () => ({ content: 'Oi' }),
    ],
    ['list projects', 'GET', () => '/regulation/projects'],
    ['create project', 'POST', () => '/regulation/projects', () => ({ name: 'Obra' })],
    ['project', 'GET', () => `/regulation/projects/${own.projectId}`],
    ['feedback', 'POST', () => '/chat/feedback', () => ({ chatId: own.chatId, type: 'POSITIVE' })],
  ];
  const UNAUTHENTICATED = {
    code: 'UNAUTHENTICATED',
    message: 'Sua sessão expirou ou é inválida. Faça login novamente.',
  };

  it.each(ROUTES)(
    'get 401 on %s, with no token or a forged one',
    async (_name, method, url, payload) => {
      for (const headers of [{}, { authorization: 'Bearer nao.e.um-token' }] as Record<
        string,
        string
      >[]) {
        const res = await t.inject(method, url(), headers, payload?.());
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(UNAUTHENTICATED);
      }
    },
  );
});

describe('the OpenAPI description', () => {
  it('documents every chat, project and feedback route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, object>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/regulation/chats',
        '/api/v1/regulation/chat/create',
        '/api/v1/regulation/chat/{id}',
        '/api/v1/regulation/chat/{id}/message',
        '/api/v1/regulation/chat/{id}/message/stream',
        '/api/v1/regulation/projects',
        '/api/v1/regulation/projects/{id}',
        '/api/v1/chat/feedback',
      ]),
    );
  });
});
