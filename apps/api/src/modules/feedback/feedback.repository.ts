import type { Feedback } from '@normas/contracts/chats';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feedback } from '../../db/schema';

type FeedbackRow = typeof feedback.$inferSelect;

export interface NewFeedback {
  userId: string;
  chatId: string;
  messageId: string | null;
  type: 'POSITIVE' | 'NEGATIVE';
  comment: string | null;
}

export function toFeedbackDto(row: FeedbackRow): Feedback {
  return {
    id: row.id,
    chatId: row.chatId,
    messageId: row.messageId,
    type: row.type,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createFeedbackRepository(db: Db) {
  return {
    /** One feedback per user and message (or per user and chat without a message): a second replaces the first. */
    async upsert(entry: NewFeedback): Promise<FeedbackRow> {
      const replace = { type: entry.type, comment: entry.comment, updatedAt: sql`now()` };
      const insert = db.insert(feedback).values(entry);
      const [row] = entry.messageId
        ? await insert
            .onConflictDoUpdate({ target: [feedback.userId, feedback.messageId], set: replace })
            .returning()
        : await insert
            .onConflictDoUpdate({
              target: [feedback.userId, feedback.chatId],
              targetWhere: sql`${feedback.messageId} is null`,
              set: replace,
            })
            .returning();
      return row!;
    },
  };
}

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
