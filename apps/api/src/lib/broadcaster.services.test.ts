// Needs a PostgreSQL server (DATABASE_URL) and Redis (REDIS_URL, default 127.0.0.1:6379): runs in
// CI's services phase, which provides both (see apps/api/vitest.config.ts and .ci/run).
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import { createDatabaseBroadcaster, createRedisBroadcaster, type Broadcaster } from './broadcaster';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function until(condition: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not reached in 10 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function deliversAcross(a: Broadcaster, b: Broadcaster) {
  const got: unknown[] = [];
  await b.subscribe('room:42', (p) => got.push(p));
  await a.publish('room:42', { seq: 1 });
  await until(() => got.length === 1, 'announcement from the other instance');
  return got;
}

describe('PostgreSQL LISTEN/NOTIFY', () => {
  it('listens again after its connection is killed, tells resync handlers, and delivers again', async () => {
    const { database, drop } = await openTestDatabase();
    cleanups.push(async () => {
      await database.close();
      await drop();
    });
    expect(database.kind).toBe('postgres');
    const b = createDatabaseBroadcaster(database);
    cleanups.push(() => b.close());
    const got: unknown[] = [];
    let resyncs = 0;
    b.onResync(() => resyncs++);
    await b.subscribe('corpus', (p) => got.push(p));
    await b.publish('corpus', { version: 1 });
    await until(() => got.length === 1, 'first announcement');

    const name = (
      (await database.db.execute('select current_database() as name')) as unknown as {
        rows: { name: string }[];
      }
    ).rows[0]!.name;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const killed = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = $1 and query ilike 'LISTEN%'`,
      [name],
    );
    await admin.end();
    expect(killed.rowCount).toBe(1);
    await until(() => resyncs === 1, 'resync after reconnecting');
    await b.publish('corpus', { version: 2 });
    await until(() => got.length === 2, 'announcement after reconnecting');
    expect(got).toEqual([{ version: 1 }, { version: 2 }]);
  });
});

describe('Redis pub/sub', () => {
  it('delivers between two instances, and resyncs after its subscriber connection is killed', async () => {
    const tag = `normas-test-${process.pid}-${Date.now()}`;
    const a = createRedisBroadcaster(REDIS_URL, `${tag}-a`);
    const b = createRedisBroadcaster(REDIS_URL, `${tag}-b`);
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    const got = await deliversAcross(a, b);
    let resyncs = 0;
    b.onResync(() => resyncs++);
    const admin = new Redis(REDIS_URL);
    const clients = (await admin.client('LIST')) as string;
    const id = clients
      .split('\n')
      .find((line) => line.includes(` name=${tag}-b-sub `))
      ?.match(/^id=(\d+)/)?.[1];
    expect(id).toBeDefined();
    await admin.client('KILL', 'ID', id!);
    admin.disconnect();
    await until(() => resyncs >= 1, 'resync after the subscriber reconnected');
    await a.publish('room:42', { seq: 2 });
    await until(() => got.length === 2, 'announcement after reconnecting');
    expect(got).toEqual([{ seq: 1 }, { seq: 2 }]);
  });
});
