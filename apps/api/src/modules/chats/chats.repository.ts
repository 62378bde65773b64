import type { Chat, ChatRegulation, Message } from '@normas/contracts/chats';
import type { AnswerRegulation } from '@normas/contracts/questions';
import { and, asc, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chats, messages, questions } from '../../db/schema';

export type ChatRow = typeof chats.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NewChat = typeof chats.$inferInsert;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toChatDto(row: ChatRow): Chat {
  return {
    id: row.id,
    chatKey: row.chatKey,
    userId: row.userId,
    type: row.type,
    createdBy: row.userId,
    projectId: row.projectId,
    title: row.title,
    initialQuestion: row.initialQuestion,
    initialAnswer: row.initialAnswer,
    initialRegulations: row.initialRegulations as ChatRegulation[],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toMessageDto(row: MessageRow): Message {
  return {
    id: row.id,
    chatId: row.chatId,
    content: row.content,
    sender: row.sender,
    isUserMessage: row.isUserMessage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    regulations: row.regulations as AnswerRegulation[],
  };
}

/** A user question and the assistant's answer to it, stored together once the answer exists. */
export interface Exchange {
  chatId: string;
  question: { content: string; at: Date };
  answer: { content: string; regulations: AnswerRegulation[]; at: Date };
}

const notBlank = sql`${messages.content} ~ '[^[:space:]]'`;

export function createChatsRepository(db: Db) {
  return {
    /** A user's chats, most recently active first; `projectId: null` means independent chats only. */
    async listForUser(userId: string, filter: { projectId?: string | null }): Promise<ChatRow[]> {
      const conditions = [eq(chats.userId, userId)];
      if (filter.projectId === null) conditions.push(isNull(chats.projectId));
      else if (filter.projectId) conditions.push(eq(chats.projectId, filter.projectId));
      return db
        .select()
        .from(chats)
        .where(and(...conditions))
        .orderBy(desc(chats.updatedAt))
        .limit(200);
    },

    /** Every chat of the user that sits in a project, most recently active first. */
    async listInProjects(userId: string): Promise<ChatRow[]> {
      return db
        .select()
        .from(chats)
        .where(and(eq(chats.userId, userId), isNotNull(chats.projectId)))
        .orderBy(desc(chats.updatedAt))
        .limit(1000);
    },

    /** The user's chat addressed by its uuid or its chatKey; another user's chat is not found. */
    async findForUser(userId: string, ref: string): Promise<ChatRow | undefined> {
      const byRef = UUID.test(ref)
        ? or(eq(chats.id, ref), eq(chats.chatKey, ref))
        : eq(chats.chatKey, ref);
      const [row] = await db
        .select()
        .from(chats)
        .where(and(eq(chats.userId, userId), byRef))
        .limit(1);
      return row;
    },

    /**
     * Inserts the chat unless one with its chatKey exists; then answers the existing one, whoever owns
     * it, so that two concurrent "Continuar chat" clicks end on the same chat.
     */
    async insertOrGet(chat: NewChat): Promise<{ row: ChatRow; created: boolean }> {
      const [inserted] = await db
        .insert(chats)
        .values(chat)
        .onConflictDoNothing({ target: chats.chatKey })
        .returning();
      if (inserted) return { row: inserted, created: true };
      const [existing] = await db
        .select()
        .from(chats)
        .where(eq(chats.chatKey, chat.chatKey))
        .limit(1);
      return { row: existing!, created: false };
    },

    /** The user's answered question behind a chatKey (the question page hands it to "Continuar chat"). */
    async findQuestion(userId: string, chatKey: string) {
      const [row] = await db
        .select()
        .from(questions)
        .where(and(eq(questions.userId, userId), eq(questions.chatKey, chatKey)))
        .limit(1);
      return row;
    },

    /** Messages oldest first, without those whose content is empty. */
    async listMessages(chatId: string): Promise<MessageRow[]> {
      return db
        .select()
        .from(messages)
        .where(and(eq(messages.chatId, chatId), notBlank))
        .orderBy(asc(messages.createdAt), desc(messages.isUserMessage))
        .limit(1000);
    },

    /** The last `count` non-empty messages, oldest first. */
    async recentMessages(chatId: string, count: number): Promise<MessageRow[]> {
      const rows = await db
        .select()
        .from(messages)
        .where(and(eq(messages.chatId, chatId), notBlank))
        .orderBy(desc(messages.createdAt), asc(messages.isUserMessage))
        .limit(count);
      return rows.reverse();
    },

    async findMessage(chatId: string, messageId: string): Promise<MessageRow | undefined> {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.chatId, chatId), eq(messages.id, messageId)))
        .limit(1);
      return row;
    },

    /** Stores the question and its answer in one go and marks the chat as just active. */
    async addExchange(exchange: Exchange): Promise<{ question: MessageRow; answer: MessageRow }> {
      return db.transaction(async (tx) => {
        const [question] = await tx
          .insert(messages)
          .values({
            chatId: exchange.chatId,
            sender: 'user',
            isUserMessage: true,
            content: exchange.question.content,
            createdAt: exchange.question.at,
            updatedAt: exchange.question.at,
          })
          .returning();
        const [answer] = await tx
          .insert(messages)
          .values({
            chatId: exchange.chatId,
            sender: 'assistant',
            isUserMessage: false,
            content: exchange.answer.content,
            regulations: exchange.answer.regulations,
            createdAt: exchange.answer.at,
            updatedAt: exchange.answer.at,
          })
          .returning();
        await tx
          .update(chats)
          .set({ updatedAt: exchange.answer.at })
          .where(eq(chats.id, exchange.chatId));
        return { question: question!, answer: answer! };
      });
    },
  };
}

export type ChatsRepository = ReturnType<typeof createChatsRepository>;
