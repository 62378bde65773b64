import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

/** Sessions one user may hold at once (devices, browsers); signing in again ends the oldest. */
export const MAX_SESSIONS_PER_USER = 10;
/** Expired sessions of anyone deleted at each sign-in: the table stays bounded without a timer. */
const PURGE_BATCH = 100;

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
    /**
     * A new session for the user, keeping at most MAX_SESSIONS_PER_USER of theirs (their ended and
     * oldest ones go) and purging a batch of anyone's expired ones, so that logins in a loop cannot
     * pile rows up.
     */
    async create(userId: string, expiresAt: Date) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(sessions).values({ userId, expiresAt }).returning();
        await tx.execute(sql`
          delete from sessions
          where user_id = ${userId}
            and id not in (
              select id from sessions
              where user_id = ${userId} and revoked_at is null and expires_at > now()
              order by id = ${row!.id} desc, created_at desc
              limit ${MAX_SESSIONS_PER_USER}
            )`);
        await tx.execute(sql`
          delete from sessions where id in (
            select id from sessions where expires_at <= now() limit ${PURGE_BATCH}
          )`);
        return row!;
      });
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
