import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { writeFixtures } from '../modules/regulations/fixtures.test-helper';
import { createRegulationsRepository } from '../modules/regulations/regulations.repository';
import { openTestDatabase } from '../test/test-app';
import { runImportCommand } from './import.command';
import { UsageError } from './usage-error';

let database: Database;
let drop: () => Promise<void>;
let dir: string;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  dir = writeFixtures();
  fs.writeFileSync(path.join(dir, 'nr-44.pdf'), 'não é um PDF');
});
afterAll(async () => {
  await database.close();
  await drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function run(args: string[], isTTY = false) {
  const out: string[] = [];
  const err: string[] = [];
  // The command closes its database; the test keeps using this one.
  const io = {
    stdout: { write: (s: string) => out.push(s) },
    stderr: { write: (s: string) => err.push(s), isTTY },
    openDatabase: async () => ({ ...database, close: async () => {} }),
  };
  return runImportCommand(args, io).then((code) => ({
    code,
    stdout: out.join(''),
    stderr: err.join(''),
  }));
}

describe('normas import', () => {
  it('prints the summary as JSON, reports the broken file by name and exits with 1', async () => {
    const { code, stdout, stderr } = await run([dir]);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({
      imported: 2,
      unchanged: 0,
      outdated: 0,
      failed: 1,
      files: [
        { file: 'nr-41.txt', status: 'imported', code: 'NR-41', sections: 3, reason: null },
        { file: 'nr-43.md', status: 'imported', code: 'NR-43', sections: 2, reason: null },
        {
          file: 'nr-44.pdf',
          status: 'failed',
          code: null,
          sections: null,
          reason: expect.stringMatching(/^PDF ilegível/),
        },
      ],
    });
    expect(stderr).toMatch(/^\[3\/3\] nr-44\.pdf — FALHA: PDF ilegível/m);
    expect(stderr).toMatch(
      /^3 arquivo\(s\) em [\d.]+ s: 2 importado\(s\), 0 sem alterações, 0 mais antigo\(s\) que a versão importada, 1 com falha\.$/m,
    );
    expect(stderr).not.toContain('[1/3]');
    expect((await createRegulationsRepository(database.db).list()).map((r) => r.code)).toEqual([
      'NR-41',
      'NR-43',
    ]);
  });

  it('shows progress per file on a terminal and exits with 0 when nothing failed', async () => {
    const { code, stderr } = await run(
      [path.join(dir, 'nr-41.txt'), path.join(dir, 'nr-43.md')],
      true,
    );
    expect(code).toBe(0);
    expect(stderr.split('\n').slice(0, 2)).toEqual([
      '[1/2] nr-41.txt — NR-41, 3 itens (sem alterações)',
      '[2/2] nr-43.md — NR-43, 2 itens (sem alterações)',
    ]);
  });

  it('names a missing path and exits with 2', async () => {
    const { code, stdout, stderr } = await run([path.join(dir, 'nada')]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(`Arquivo ou pasta não encontrado: ${path.join(dir, 'nada')}\n`);
  });

  it('asks for at least one path', async () => {
    await expect(run([])).rejects.toThrow(UsageError);
  });
});
