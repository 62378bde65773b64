import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { writeFixtures } from '../modules/regulations/fixtures.test-helper';
import { authed, signInOver } from '../test/processes/http-client';
import { makeDataDir, startServer, type ServerProcess } from '../test/processes/server-process';
import { spawnTs, PROCESS_TEST_TIMEOUT_MS } from '../test/processes/spawn';

// `normas backup` and `normas restore` as an operator runs them: real CLI processes, a real server.

let corpus: string;
let work: string;
let server: ServerProcess | undefined;

beforeAll(() => {
  corpus = writeFixtures(['nr-41.txt']);
  work = makeDataDir();
});
afterAll(async () => {
  if (server && server.child.exitCode === null) await server.stop('SIGKILL');
  for (const dir of [corpus, work]) fs.rmSync(dir, { recursive: true, force: true });
});

function normas(args: string[], env: Record<string, string>) {
  const child = spawnTs('apps/api/src/cli/main.ts', args, { LOG_LEVEL: 'silent', ...env });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin!.end();
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

async function emails(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ dataDir });
  try {
    const result = await database.db.execute<{ email: string }>(
      'select email from users order by email' as never,
    );
    return (result as unknown as { rows: { email: string }[] }).rows.map((r) => r.email);
  } finally {
    await database.close();
  }
}

describe('normas backup / normas restore', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('copies the database of a running server, refuses to restore under it, and restores it once stopped', async () => {
    const dataDir = path.join(work, 'data');
    const env = { DATA_DIR: dataDir };
    server = await startServer(dataDir, { CORPUS_DIR: corpus });
    await signInOver(server.url, 'antes@example.com');

    const copy = path.join(work, 'copia.tar.gz');
    const backup = await normas(['backup', copy], env);
    expect(backup.stderr).toBe('Cópia feita pelo servidor em execução.\n');
    expect(backup.stdout).toMatch(
      new RegExp(`^Cópia do banco salva em ${copy} \\([\\d,]+ MB\\)\\.\\n$`),
    );
    expect(backup.code).toBe(0);

    // Written after the copy: the restore must take it away.
    const token = await signInOver(server.url, 'depois@example.com');
    expect((await fetch(`${server.url}/api/v1/auth/me`, authed(token))).status).toBe(200);

    const refused = await normas(['restore', copy], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`A pasta de dados ${dataDir} já está em uso pelo servidor`);
    expect(refused.stderr).toContain('Pare o servidor antes de restaurar uma cópia.');

    expect(await server.stop('SIGTERM')).toBe(0);
    expect(await emails(dataDir)).toEqual(['antes@example.com', 'depois@example.com']);

    const restored = await normas(['restore', copy], env);
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(
      new RegExp(
        `^Banco restaurado de ${copy}\\.\\nO banco anterior foi guardado em ${dataDir}/db\\.antes-da-restauracao-.+\\.\\n$`,
      ),
    );
    expect(await emails(dataDir)).toEqual(['antes@example.com']);

    // The restored folder serves again, with the corpus it had.
    server = await startServer(dataDir, { CORPUS_DIR: corpus });
    const again = await signInOver(server.url, 'antes@example.com');
    const list = await fetch(`${server.url}/api/v1/regulations`, authed(again));
    expect(((await list.json()) as { data: { code: string }[] }).data.map((r) => r.code)).toEqual([
      'NR-41',
    ]);
    expect(await server.stop('SIGTERM')).toBe(0);
  });

  it('makes the copy itself when no server runs, and rejects a file that is not a copy', async () => {
    const dataDir = path.join(work, 'offline');
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await database.close();
    const copy = path.join(work, 'offline.tar.gz');
    const backup = await normas(['backup', copy], { DATA_DIR: dataDir });
    expect(backup.code).toBe(0);
    expect(backup.stderr).toBe('');
    expect(fs.statSync(copy).size).toBeGreaterThan(1000);

    const bogus = path.join(work, 'nao-e-copia.txt');
    fs.writeFileSync(bogus, 'texto qualquer');
    const rejected = await normas(['restore', bogus], { DATA_DIR: dataDir });
    expect(rejected.code).toBe(1);
    expect(rejected.stderr).toBe(
      `${bogus} não é uma cópia do banco embutido (esperado um arquivo gerado por "normas backup").\n`,
    );
  });

  it('points to pg_dump when the database is a PostgreSQL server', async () => {
    const result = await normas(['backup', path.join(work, 'x')], {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('copie-o com pg_dump');
  });
});
