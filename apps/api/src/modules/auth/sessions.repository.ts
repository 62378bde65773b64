import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

export function createSessionsRepository(db: Db) {
  // Built once: every signed-in request runs it, and a named statement is parsed once per connection.
  const activeWithUser = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('sessions_active_with_user');

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
      const [row] = await activeWithUser.execute({ id });
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
