import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';

export function createSessionsRepository(db: Db) {
  return {
    async create(userId: string, expiresAt: Date) {
      const [row] = await db.insert(sessions).values({ userId, expiresAt }).returning();
      return row!;
    },
    /** The session if it is neither revoked nor expired. */
    async findActive(id: string) {
      const [row] = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
        .limit(1);
      return row;
    },
    async revoke(id: string) {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },
  };
}
