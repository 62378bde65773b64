import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** How often windows that have ended are deleted. */
const PURGE_EVERY_MS = 5 * 60_000;

/**
 * A store for @fastify/rate-limit that keeps its counters in PostgreSQL, so that replicas on one
 * database count together. One statement per request: it opens a window, counts within it, or
 * starts a new one once the old has ended, atomically under concurrent requests (the primary key
 * serialises them). Returns a class, as the plugin constructs its store itself.
 */
export function postgresRateLimitStore(db: Db) {
  let purgeTimer: NodeJS.Timeout | undefined;

  class PostgresRateLimitStore {
    constructor() {
      purgeTimer ??= setInterval(() => {
        db.execute(sql`delete from rate_limit_counters where reset_at < now()`).catch(() => {});
      }, PURGE_EVERY_MS).unref();
    }

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      db.execute<{ hits: number; ttl: number }>(
        sql`insert into rate_limit_counters as c (key, hits, reset_at)
            values (${key}, 1, now() + make_interval(secs => ${timeWindow / 1000}))
            on conflict (key) do update set
              hits = case when c.reset_at <= now() then 1 else c.hits + 1 end,
              reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
            returning hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl`,
      ).then(
        (result) => {
          const row = (result as unknown as { rows: { hits: number; ttl: number }[] }).rows[0]!;
          callback(null, { current: row.hits, ttl: row.ttl });
        },
        (error: Error) => callback(error),
      );
    }

    child(): PostgresRateLimitStore {
      return this;
    }
  }

  return {
    Store: PostgresRateLimitStore,
    close: () => clearInterval(purgeTimer),
  };
}
