import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

export function createSessionsRepository(db: Db) {
  return {
    async create(userId: string, expiresAt: Date) {
      const [row] = await db.insert(sessions).values({ userId, expiresAt }).returning();
      return row!;
    },
    /**
     * The session, if neither revoked nor expired, with its user: one round trip, since every
     * signed-in request pays for it.
     */
    async findActiveWithUser(id: string) {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)),
        )
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
