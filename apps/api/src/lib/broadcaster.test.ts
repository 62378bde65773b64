import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { openTestDatabase } from '../test/test-app';
import {
  createDatabaseBroadcaster,
  MAX_PAYLOAD_BYTES,
  PayloadTooLargeError,
  type Broadcaster,
} from './broadcaster';

let database: Database;
let second: Database;
let drop: () => Promise<void>;
const broadcasters: Broadcaster[] = [];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  // On a PostgreSQL server a second connection pool plays another replica; PGlite is one process.
  second =
    database.kind === 'postgres'
      ? await openDatabase({ url: await currentUrl(database), dataDir: '' })
      : database;
});

afterAll(async () => {
  for (const b of broadcasters) await b.close();
  if (second !== database) await second.close();
  await database.close();
  await drop();
});

async function currentUrl(db: Database): Promise<string> {
  const result = (await db.db.execute('select current_database() as name')) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${result.rows[0]!.name}`;
  return url.toString();
}

function broadcaster(on: Database = database) {
  const b = createDatabaseBroadcaster(on);
  broadcasters.push(b);
  return b;
}

/** Collects what a handler receives, and waits until `n` items arrived (at most 5 s). */
function inbox() {
  const items: unknown[] = [];
  return {
    items,
    handler: (payload: unknown) => items.push(payload),
    async atLeast(n: number) {
      const deadline = Date.now() + 5_000;
      while (items.length < n) {
        if (Date.now() > deadline) throw new Error(`got ${items.length} of ${n} announcements`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return items;
    },
  };
}

describe('database broadcaster', () => {
  it('delivers a topic’s announcements in publish order to every subscriber, and nothing of other topics', async () => {
    const a = broadcaster();
    const b = broadcaster(second);
    const fromA = inbox();
    const fromB = inbox();
    const other = inbox();
    await a.subscribe('room:1', fromA.handler);
    await b.subscribe('room:1', fromB.handler);
    await b.subscribe('room:2', other.handler);
    for (let seq = 1; seq <= 20; seq++) await a.publish('room:1', { seq });
    const expected = Array.from({ length: 20 }, (_, i) => ({ seq: i + 1 }));
    expect(await fromA.atLeast(20)).toEqual(expected);
    expect(await fromB.atLeast(20)).toEqual(expected);
    await b.publish('room:2', { seq: 1 });
    expect(await other.atLeast(1)).toEqual([{ seq: 1 }]);
    expect(fromA.items).toHaveLength(20);
  });

  it('stops delivering to a handler once it unsubscribes, and keeps the others', async () => {
    const a = broadcaster();
    const gone = inbox();
    const kept = inbox();
    const unsubscribe = await a.subscribe('corpus', gone.handler);
    await a.subscribe('corpus', kept.handler);
    await a.publish('corpus', { version: 1 });
    await kept.atLeast(1);
    unsubscribe();
    await a.publish('corpus', { version: 2 });
    expect(await kept.atLeast(2)).toEqual([{ version: 1 }, { version: 2 }]);
    expect(gone.items).toEqual([{ version: 1 }]);
  });

  it('keeps delivering to the other subscribers when one handler throws', async () => {
    const a = broadcaster();
    const kept = inbox();
    await a.subscribe('typing', () => {
      throw new Error('broken subscriber');
    });
    await a.subscribe('typing', kept.handler);
    await a.publish('typing', { userId: 'u1' });
    expect(await kept.atLeast(1)).toEqual([{ userId: 'u1' }]);
  });

  it('refuses a payload over the limit before sending anything', async () => {
    const a = broadcaster();
    const seen = inbox();
    await a.subscribe('big', seen.handler);
    const text = 'ç'.repeat(MAX_PAYLOAD_BYTES);
    await expect(a.publish('big', { text })).rejects.toBeInstanceOf(PayloadTooLargeError);
    await a.publish('big', { text: 'ok' });
    expect(await seen.atLeast(1)).toEqual([{ text: 'ok' }]);
  });
});
