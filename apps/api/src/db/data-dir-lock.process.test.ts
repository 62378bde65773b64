import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exited, spawnTs, waitForLine, PROCESS_TEST_TIMEOUT_MS } from '../test/processes/spawn';
import { openDatabase } from './client';
import { DataDirLockedError, LOCK_FILE, lockDataDir, type LockHolder } from './data-dir-lock';

const HOLDER = 'apps/api/src/test/processes/hold-data-dir.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'normas-lock-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function writeLock(holder: Partial<LockHolder>, ageMs = 0) {
  const file = path.join(dir, LOCK_FILE);
  const full: LockHolder = {
    pid: process.pid,
    host: os.hostname(),
    bootId: fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
    startTicks: null,
    holder: 'servidor',
    startedAt: new Date().toISOString(),
    ...holder,
  };
  fs.writeFileSync(file, JSON.stringify(full));
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(file, when, when);
}

/** A pid that certainly names no process: one that has just exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

async function refusal(): Promise<DataDirLockedError> {
  const error = await lockDataDir(dir, 'normas backup x').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DataDirLockedError);
  return error as DataDirLockedError;
}

describe('the data-folder lock', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('refuses a second holder, naming the folder and the process that has it', async () => {
    const lock = await lockDataDir(dir, 'servidor');
    const error = await refusal();
    expect(error.message).toMatch(
      new RegExp(
        `^A pasta de dados ${dir} já está em uso pelo servidor \\(processo ${process.pid}, desde .+\\)\\. ` +
          'Só um processo por vez pode abrir o banco embutido: pare esse processo e tente de novo ' +
          '\\(para vários processos, use um PostgreSQL com DATABASE_URL\\)\\.$',
      ),
    );
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    (await lockDataDir(dir, 'servidor')).release();
  });

  it('names a CLI command that holds the folder', async () => {
    const lock = await lockDataDir(dir, 'normas import corpus/');
    expect((await refusal()).message).toContain(
      'em uso pelo comando "normas import corpus/" (processo',
    );
    lock.release();
  });

  it('takes over the lock of a process that no longer exists', async () => {
    writeLock({ pid: deadPid() });
    const lock = await lockDataDir(dir, 'servidor');
    expect(JSON.parse(fs.readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('takes over a lock whose pid now names another process (a restarted container)', async () => {
    writeLock({ pid: process.pid, startTicks: '1' });
    (await lockDataDir(dir, 'servidor')).release();
  });

  it('takes over a lock written before the machine rebooted', async () => {
    writeLock({ pid: process.pid, bootId: 'another-boot' });
    (await lockDataDir(dir, 'servidor')).release();
  });

  it('waits for a holder on another machine until its heartbeat stops', async () => {
    writeLock({ host: 'outra-maquina', pid: 4242 }, 5_000);
    expect((await refusal()).message).toContain('(processo 4242 na máquina outra-maquina');
    writeLock({ host: 'outra-maquina', pid: 4242 }, 60_000);
    (await lockDataDir(dir, 'servidor')).release();
  });

  it('keeps a second process off the embedded database, and frees the folder when the first is killed', async () => {
    const first = spawnTs(HOLDER, [dir, 'database']);
    await waitForLine(first, (l) => l === 'held');
    const error = await openDatabase({ dataDir: dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(
      `já está em uso pelo servidor (processo ${first.pid}`,
    );

    const second = spawnTs(HOLDER, [dir, 'database']);
    expect(await exited(second)).toBe(3);

    first.kill('SIGKILL');
    await exited(first);
    const database = await openDatabase({ dataDir: dir });
    expect(await database.ping()).toBe(true);
    await database.close();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('lets exactly one of several processes take over a stale lock at once', async () => {
    writeLock({ pid: deadPid() });
    const racers = [1, 2, 3].map(() => spawnTs(HOLDER, [dir, 'lock']));
    const outcomes = await Promise.all(
      racers.map((child) => waitForLine(child, (l) => l === 'held' || l === 'refused')),
    );
    expect(outcomes.filter((o) => o === 'held')).toHaveLength(1);
    for (const child of racers) child.stdin!.end();
    await Promise.all(racers.map(exited));
  });
});
