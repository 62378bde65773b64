import type { AnswerRegulation, HistoryDetail, HistoryItem } from '@normas/contracts/questions';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { questionUsage, questions } from '../../db/schema';

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
  // Every answered question runs one of these: built once, parsed once per connection. Only the
  // columns the database fills in come back; the cited regulations are not sent back and parsed again.
  const values = {
    userId: sql.placeholder('userId'),
    chatKey: sql.placeholder('chatKey'),
    question: sql.placeholder('question'),
    answer: sql.placeholder('answer'),
    regulations: sql.placeholder('regulations'),
    abstained: sql.placeholder('abstained'),
    engine: sql.placeholder('engine'),
  };
  const insertOne = db
    .insert(questions)
    .values(values)
    .returning({ id: questions.id, createdAt: questions.createdAt })
    .prepare('questions_insert');
  // The same insert, also adding one to the user's question counter of a period, atomically.
  const counted = db.$with('counted').as(
    db
      .insert(questionUsage)
      .values({
        userId: sql.placeholder('userId'),
        periodKey: sql.placeholder('periodKey'),
        used: 1,
      })
      .onConflictDoUpdate({
        target: [questionUsage.userId, questionUsage.periodKey],
        set: { used: sql`${questionUsage.used} + 1` },
      })
      .returning({ used: questionUsage.used }),
  );
  const insertCounted = db
    .with(counted)
    .insert(questions)
    .values(values)
    .returning({
      id: questions.id,
      createdAt: questions.createdAt,
      used: sql<number>`(select ${counted.used} from ${counted})`.mapWith(Number),
    })
    .prepare('questions_insert_counted');

  return {
    async insert(entry: NewHistoryEntry): Promise<QuestionRow> {
      const [row] = await insertOne.execute({ ...entry });
      return { ...entry, id: row!.id, createdAt: row!.createdAt };
    },

    /**
     * Stores an answered question and counts it in the user's `periodKey` counter in one statement,
     * for plans without a limit (nothing to refuse, so nothing to reserve beforehand). Returns the
     * stored row and the counter after this question.
     */
    async insertCounted(
      entry: NewHistoryEntry,
      periodKey: string,
    ): Promise<{ row: QuestionRow; used: number }> {
      const [row] = await insertCounted.execute({ ...entry, periodKey });
      return { row: { ...entry, id: row!.id, createdAt: row!.createdAt }, used: row!.used };
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
