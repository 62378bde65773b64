import type { AnswerRegulation, HistoryDetail, HistoryItem } from '@normas/contracts/questions';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { questions } from '../../db/schema';

type QuestionRow = typeof questions.$inferSelect;

export interface NewHistoryEntry {
  userId: string;
  chatKey: string;
  question: string;
  answer: string;
  regulations: AnswerRegulation[];
  abstained: boolean;
  engine: string;
}

const toItem = (row: Pick<QuestionRow, 'id' | 'question' | 'createdAt'>): HistoryItem => ({
  id: row.id,
  question: row.question,
  createdAt: row.createdAt.toISOString(),
});

export function toHistoryDetail(row: QuestionRow): HistoryDetail {
  return {
    ...toItem(row),
    aiResponse: row.answer,
    chatKey: row.chatKey,
    data: row.regulations as AnswerRegulation[],
    abstained: row.abstained,
  };
}

/** Answered questions; each user sees only their own. */
export function createHistoryRepository(db: Db) {
  return {
    async insert(entry: NewHistoryEntry): Promise<QuestionRow> {
      const [row] = await db.insert(questions).values(entry).returning();
      return row!;
    },

    /** Newest first; the id breaks ties between questions stored in the same instant. */
    async listForUser(
      userId: string,
      page: number,
      limit: number,
    ): Promise<{ data: HistoryItem[]; total: number }> {
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            id: questions.id,
            question: questions.question,
            createdAt: questions.createdAt,
          })
          .from(questions)
          .where(eq(questions.userId, userId))
          .orderBy(desc(questions.createdAt), desc(questions.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(questions).where(eq(questions.userId, userId)),
      ]);
      return { data: rows.map(toItem), total: Number(counted?.total ?? 0) };
    },

    async findForUser(id: string, userId: string): Promise<QuestionRow | undefined> {
      const [row] = await db
        .select()
        .from(questions)
        .where(and(eq(questions.id, id), eq(questions.userId, userId)))
        .limit(1);
      return row;
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
