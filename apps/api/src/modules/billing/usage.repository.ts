import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { questionUsage } from '../../db/schema';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Per-period question counters; every change is one statement, so parallel requests cannot overrun a limit. */
export function createUsageRepository(db: Db) {
  // Every question runs one of these two upserts: built once, parsed once per connection.
  const upsert = () =>
    db.insert(questionUsage).values({
      userId: sql.placeholder('userId'),
      periodKey: sql.placeholder('periodKey'),
      used: 1,
    });
  const target = [questionUsage.userId, questionUsage.periodKey];
  const increment = { used: sql`${questionUsage.used} + 1` };
  const reserveUnlimited = upsert()
    .onConflictDoUpdate({ target, set: increment })
    .returning({ used: questionUsage.used })
    .prepare('question_usage_reserve');
  const reserveCapped = upsert()
    .onConflictDoUpdate({
      target,
      set: increment,
      setWhere: lt(questionUsage.used, sql.placeholder('max')),
    })
    .returning({ used: questionUsage.used })
    .prepare('question_usage_reserve_capped');

  return {
    /**
     * Takes one question of the period: the new count, or null when `max` is already reached.
     * The conditional upsert is atomic: concurrent callers serialise on the row lock.
     */
    async reserve(userId: string, periodKey: string, max: number | null): Promise<number | null> {
      const [row] =
        max === null
          ? await reserveUnlimited.execute({ userId, periodKey })
          : await reserveCapped.execute({ userId, periodKey, max });
      return row ? Number(row.used) : null;
    },

    /** Gives back a question taken by `reserve` (a failed answer does not use one up). */
    async release(userId: string, periodKey: string): Promise<void> {
      await db.execute(sql`
        update question_usage set used = used - 1
        where user_id = ${userId} and period_key = ${periodKey} and used > 0`);
    },

    async used(userId: string, periodKey: string): Promise<number> {
      const result = await db.execute(sql`
        select used from question_usage where user_id = ${userId} and period_key = ${periodKey}`);
      const [row] = rowsOf<{ used: number }>(result);
      return row ? Number(row.used) : 0;
    },

    /** Sets a counter directly (operators and tests). */
    async set(userId: string, periodKey: string, used: number): Promise<void> {
      await db.execute(sql`
        insert into question_usage (user_id, period_key, used) values (${userId}, ${periodKey}, ${used})
        on conflict (user_id, period_key) do update set used = excluded.used`);
    },
  };
}

export type UsageRepository = ReturnType<typeof createUsageRepository>;
