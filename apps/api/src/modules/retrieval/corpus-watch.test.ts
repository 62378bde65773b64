import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabaseBroadcaster, type Broadcaster } from '../../lib/broadcaster';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertFixtureCorpus } from '../questions/test-support/fixture-corpus';
import { writeFixtures } from '../regulations/fixtures.test-helper';
import { importRegulationFiles } from '../regulations/import/import-files';
import { createRegulationsRepository } from '../regulations/regulations.repository';
import { announceCorpusChanged, readCorpusVersion, watchCorpus } from './corpus-watch';
import { loadRetrievalIndex } from './retrieval.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    { beforeBuild: async (database) => void (await insertFixtureCorpus(database)) },
  );
});
afterAll(async () => t.close());

/** Imports one invented regulation the way another process (the CLI, another replica) would. */
async function importElsewhere(name: string) {
  const dir = writeFixtures([name]);
  try {
    const summary = await importRegulationFiles(createRegulationsRepository(t.database.db), [dir]);
    expect(summary.imported).toBe(1);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const codesFound = async (question: string) =>
  (await t.app.ctx.retrieval.search(question, { limit: 5 })).results.map((r) => r.code);

async function until(condition: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not reached in ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the corpus version', () => {
  it('goes up with every change to the regulations, whoever makes it', async () => {
    const before = await readCorpusVersion(t.database.db);
    await t.database.db.execute(
      // A change made by hand, outside the importer.
      sql`update regulations set title = title where code = 'NR-06'`,
    );
    expect(await readCorpusVersion(t.database.db)).toBeGreaterThan(before);
  });
});

describe('an import announced by another process', () => {
  it("reaches this server's search index", async () => {
    expect(await codesFound('altura máxima do andaime de exemplo')).not.toContain('NR-41');
    await importElsewhere('nr-41.txt');
    // The importer's own broadcaster: another connection to the same database.
    const other: Broadcaster = createDatabaseBroadcaster(t.database);
    try {
      await announceCorpusChanged(t.database.db, other);
    } finally {
      await other.close();
    }
    await until(async () =>
      (await codesFound('altura máxima do andaime de exemplo')).includes('NR-41'),
    );
  });
});

describe('an import nobody announced', () => {
  it('is found by the periodic check, and the old index serves until the new one is ready', async () => {
    const retrieval = loadRetrievalIndex(t.database.db);
    const first = await retrieval.ready();
    const log = { info: vi.fn(), warn: vi.fn() };
    const silent: Broadcaster = {
      publish: async () => {},
      subscribe: async () => () => {},
      onResync: () => () => {},
      close: async () => {},
    };
    const stop = await watchCorpus({
      db: t.database.db,
      broadcaster: silent,
      retrieval,
      log,
      pollMs: 50,
    });
    try {
      await importElsewhere('nr-43.md');
      // Until the swap, searches still get the index built before the import.
      expect(await retrieval.ready()).toBe(first);
      await until(async () => (await retrieval.ready()) !== first);
      const found = await retrieval.search('limite de exemplo de ruído', { limit: 5 });
      expect(found.results.map((r) => r.code)).toContain('NR-43');
      expect(log.info).toHaveBeenCalledWith(
        expect.objectContaining({ version: expect.any(Number) }),
        'base de normas mudou: índice de busca refeito',
      );
    } finally {
      await stop();
    }
  });
});
