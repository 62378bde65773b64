import { FeedbackSchema } from '@normas/contracts/chats';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback } from '../../db/schema';
import {
  createChatTestApp,
  type ChatTestApp,
  type ChatTestUser,
} from '../chats/test-support/chat-test-app';

let t: ChatTestApp;
beforeAll(async () => {
  t = await createChatTestApp();
});
afterAll(async () => t.close());

async function chatWithAnswer(u: ChatTestUser) {
  const chat = await t.createChat(u, { title: 'Altura', projectId: '' });
  const message = (
    await t.inject('POST', `/regulation/chat/${chat.id}/message`, u.headers, {
      content: 'O que é trabalho em altura?',
    })
  ).json();
  return { chat, messageId: message.id as string };
}

const rowsOf = (userId: string) =>
  t.database.db.select().from(feedback).where(eq(feedback.userId, userId));

describe('POST /chat/feedback', () => {
  it('stores feedback on an answer with the comment trimmed', async () => {
    const u = await t.user('pro');
    const { chat, messageId } = await chatWithAnswer(u);
    const res = await t.inject('POST', '/chat/feedback', u.headers, {
      chatId: chat.id,
      messageId,
      type: 'POSITIVE',
      comment: '  Muito útil!  ',
    });
    expect(res.statusCode).toBe(200);
    const body = FeedbackSchema.parse(res.json());
    expect(body).toMatchObject({
      chatId: chat.id,
      messageId,
      type: 'POSITIVE',
      comment: 'Muito útil!',
    });
    const rows = await rowsOf(u.id);
    expect(rows.map((r) => [r.id, r.messageId, r.type, r.comment])).toEqual([
      [body.id, messageId, 'POSITIVE', 'Muito útil!'],
    ]);
  });

  it('keeps one feedback per user and message: a second replaces the first', async () => {
    const u = await t.user('pro');
    const { chat, messageId } = await chatWithAnswer(u);
    const first = (
      await t.inject('POST', '/chat/feedback', u.headers, {
        chatId: chat.id,
        messageId,
        type: 'POSITIVE',
        comment: 'bom',
      })
    ).json();
    const second = await t.inject('POST', '/chat/feedback', u.headers, {
      chatId: chat.chatKey,
      messageId,
      type: 'NEGATIVE',
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id: first.id, type: 'NEGATIVE', comment: null });
    expect((await rowsOf(u.id)).map((r) => [r.type, r.comment])).toEqual([['NEGATIVE', null]]);
  });

  it('keeps one chat-level feedback (no messageId) per user and chat, apart from message feedback', async () => {
    const u = await t.user('pro');
    const { chat, messageId } = await chatWithAnswer(u);
    await t.inject('POST', '/chat/feedback', u.headers, {
      chatId: chat.id,
      messageId,
      type: 'POSITIVE',
    });
    await t.inject('POST', '/chat/feedback', u.headers, {
      chatId: chat.id,
      type: 'POSITIVE',
      comment: '   ',
    });
    const again = await t.inject('POST', '/chat/feedback', u.headers, {
      chatId: chat.id,
      messageId: null,
      type: 'NEGATIVE',
      comment: 'faltou a NR-06',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      messageId: null,
      type: 'NEGATIVE',
      comment: 'faltou a NR-06',
    });
    const rows = (await rowsOf(u.id)).map((r) => [r.messageId, r.type]).sort();
    expect(rows).toEqual(
      [
        [messageId, 'POSITIVE'],
        [null, 'NEGATIVE'],
      ].sort(),
    );
  });

  it.each([
    [{ type: 'POSITIVE' }, 'chatId é obrigatório.'],
    [{ chatId: 12, type: 'POSITIVE' }, 'chatId inválido.'],
    [{ chatId: 'abc' }, 'Escolha o tipo da avaliação: POSITIVE ou NEGATIVE.'],
    [{ chatId: 'abc', type: 'positive' }, 'Escolha o tipo da avaliação: POSITIVE ou NEGATIVE.'],
    [{ chatId: 'abc', type: 'NEGATIVE', messageId: 'm1' }, 'messageId inválido.'],
    [
      { chatId: 'abc', type: 'NEGATIVE', comment: 'a'.repeat(501) },
      'O comentário pode ter no máximo 500 caracteres.',
    ],
    [{ chatId: 'abc', type: 'NEGATIVE', comment: 3 }, 'O comentário deve ser um texto.'],
  ])('refuses %j with a pt-BR 400', async (payload, message) => {
    const u = await t.user('pro');
    const res = await t.inject('POST', '/chat/feedback', u.headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });

  it('accepts a comment of 500 characters, counted after trimming', async () => {
    const u = await t.user('pro');
    const { chat } = await chatWithAnswer(u);
    const comment = ` ${'a'.repeat(500)}  `;
    const res = await t.inject('POST', '/chat/feedback', u.headers, {
      chatId: chat.id,
      type: 'NEGATIVE',
      comment,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().comment).toBe('a'.repeat(500));
  });

  it('answers 404 for an unknown chat or a message of another chat', async () => {
    const u = await t.user('pro');
    const one = await chatWithAnswer(u);
    const other = await chatWithAnswer(u);
    const unknown = await t.inject('POST', '/chat/feedback', u.headers, {
      chatId: 'nao-existe',
      type: 'POSITIVE',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'CHAT_NOT_FOUND', message: 'Chat não encontrado.' });
    const mismatch = await t.inject('POST', '/chat/feedback', u.headers, {
      chatId: one.chat.id,
      messageId: other.messageId,
      type: 'POSITIVE',
    });
    expect(mismatch.statusCode).toBe(404);
    expect(mismatch.json()).toEqual({
      code: 'MESSAGE_NOT_FOUND',
      message: 'Mensagem não encontrada neste chat.',
    });
    expect(await rowsOf(u.id)).toEqual([]);
  });
});
