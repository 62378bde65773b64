import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/client';
import { createUsersRepository } from '../modules/users/users.repository';
import { UsageError } from './usage-error';
import { runUsersCommand } from './users.command';

let dataDir: string;
let out: string[];
let err: string[];

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'normas-cli-'));
  // The command reads its database from the environment, as the server does; an embedded one
  // here keeps the test away from any shared PostgreSQL.
  vi.stubEnv('DATA_DIR', dataDir);
  vi.stubEnv('DATABASE_URL', '');
  vi.stubEnv('NODE_ENV', 'test');
  out = [];
  err = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (out.push(String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (err.push(String(chunk)), true));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function withUsers<T>(
  work: (users: ReturnType<typeof createUsersRepository>) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    return await work(createUsersRepository(database.db));
  } finally {
    await database.close();
  }
}

describe('normas users set-plan', () => {
  // One test: each opening of a file-based embedded database costs seconds on a small machine.
  it("changes a user's plan by e-mail, and says so when there is no such user", async () => {
    expect(await runUsersCommand(['set-plan', 'ana@exemplo.com.br', 'business'])).toBe(1);
    expect(err.join('')).toBe('Usuário não encontrado: ana@exemplo.com.br\n');

    await withUsers((users) =>
      users.upsertFromIdentity({
        uid: 'uid-ana',
        email: 'ana@exemplo.com.br',
        name: 'Ana',
        photoUrl: null,
      }),
    );
    expect(await runUsersCommand(['set-plan', 'ANA@exemplo.com.br', 'pro'])).toBe(0);
    expect(out.join('')).toBe('Plano de ana@exemplo.com.br alterado para pro.\n');
    expect((await withUsers((users) => users.findByEmail('ana@exemplo.com.br')))?.plan).toBe('pro');
  }, 120_000);

  it('refuses an unknown plan or missing arguments before touching the database', async () => {
    await expect(runUsersCommand(['set-plan', 'ana@exemplo.com.br', 'gold'])).rejects.toThrow(
      new UsageError('Plano inválido: "gold". Use free, pro ou business.'),
    );
    await expect(runUsersCommand(['set-plan', 'ana@exemplo.com.br'])).rejects.toThrow(
      'Argumentos inválidos.',
    );
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
  });
});
