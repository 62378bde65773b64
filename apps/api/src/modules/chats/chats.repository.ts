import type { Chat, ChatRegulation } from '@normas/contracts/chats';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chats } from '../../db/schema';

type ChatRow = typeof chats.$inferSelect;

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
  };
}
