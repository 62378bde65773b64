import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/test-app';
import { importCorpusIfNeeded } from './corpus-import';
import { writeFixtures } from './fixtures.test-helper';

let database: Database;
let drop: () => Promise<void>;
let dir: string;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  dir = writeFixtures();
});
afterAll(async () => {
  await database.close();
  await drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function recorder() {
  const entries: { level: string; obj: object; msg: string }[] = [];
  return {
    entries,
    info: (obj: object, msg: string) => entries.push({ level: 'info', obj, msg }),
    warn: (obj: object, msg: string) => entries.push({ level: 'warn', obj, msg }),
  };
}

describe('start-up import of CORPUS_DIR', () => {
  it('imports a fresh corpus and logs each file, then only checks it on the next start', async () => {
    const first = recorder();
    expect(await importCorpusIfNeeded(database.db, [dir], first)).toMatchObject({
      imported: 2,
      unchanged: 0,
      failed: 0,
    });
    expect(first.entries.map((e) => e.msg)).toEqual([
      '[1/2] importado',
      '[2/2] importado',
      'base de normas verificada',
    ]);
    expect(first.entries[0]!.obj).toEqual({ file: 'nr-41.txt', code: 'NR-41', sections: 3 });

    const second = recorder();
    expect(await importCorpusIfNeeded(database.db, [dir], second)).toMatchObject({
      imported: 0,
      unchanged: 2,
      failed: 0,
    });
    expect(second.entries.map((e) => e.msg)).toEqual(['base de normas verificada']);
  });
});
