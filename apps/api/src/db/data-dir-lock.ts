import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process at a time in a data folder. The embedded database (PGlite) has no server to arbitrate
 * between processes: two of them on one folder each keep their own copy of the pages in memory and
 * overwrite each other's writes. The lock is a file created exclusively (`O_EXCL`) that names its
 * holder; a holder that is gone (its process ended, the machine rebooted, or — for a holder on
 * another machine sharing the folder — its heartbeat stopped) no longer counts.
 */
export const LOCK_FILE = 'normas.lock';

/** The embedded database's own folder inside DATA_DIR. */
export function pgliteFolder(dataDir: string): string {
  return path.join(dataDir, 'db');
}

/** A holder on another machine proves it is alive by touching the file this often… */
const HEARTBEAT_MS = 5_000;
/** …and is taken for gone when it has not for this long. */
const STALE_AFTER_MS = 30_000;

export interface LockHolder {
  pid: number;
  host: string;
  /** Linux boot id: a lock written before a reboot is stale whatever its pid. */
  bootId: string | null;
  /** Process start time in clock ticks since boot (Linux): tells a reused pid from the holder. */
  startTicks: string | null;
  /** What holds the folder: "servidor" or the command line of a CLI command. */
  holder: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderInfo: LockHolder | null,
  ) {
    super(lockedMessage(dataDir, holderInfo));
    this.name = 'DataDirLockedError';
  }
}

/** Who holds the folder, after "em uso": "pelo servidor (processo 12, desde …)". */
function byHolder(holder: LockHolder | null): string {
  if (!holder) return 'por outro processo (ainda se identificando)';
  const since = new Date(holder.startedAt);
  const when = Number.isNaN(since.getTime())
    ? ''
    : `, desde ${since.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' })}`;
  const what =
    holder.holder === 'servidor'
      ? 'pelo servidor'
      : `pelo comando "${holder.holder.slice(0, 120)}"`;
  const where = holder.host === os.hostname() ? '' : ` na máquina ${holder.host}`;
  return `${what} (processo ${holder.pid}${where}${when})`;
}

function lockedMessage(dataDir: string, holder: LockHolder | null): string {
  return (
    `A pasta de dados ${dataDir} já está em uso ${byHolder(holder)}. ` +
    'Só um processo por vez pode abrir o banco embutido: pare esse processo e tente de novo ' +
    '(para vários processos, use um PostgreSQL com DATABASE_URL).'
  );
}

function readBootId(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat (after the parenthesised command name, which may hold spaces). */
function readStartTicks(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): { holder: LockHolder | null; mtimeMs: number } | null {
  let text: string;
  let mtimeMs: number;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as LockHolder;
    return typeof parsed.pid === 'number' ? { holder: parsed, mtimeMs } : { holder: null, mtimeMs };
  } catch {
    // Being written right now, or cut short by a crash: its age decides.
    return { holder: null, mtimeMs };
  }
}

/** Whether the process named in a lock file still holds it. */
export function holderIsAlive(
  holder: LockHolder | null,
  mtimeMs: number,
  now = Date.now(),
): boolean {
  const fresh = now - mtimeMs < STALE_AFTER_MS;
  if (!holder || holder.host !== os.hostname()) return fresh;
  if (holder.bootId !== readBootId()) return false;
  if (!processExists(holder.pid)) return false;
  // The pid exists, but is it the same process? (Containers restart with the same small pids.)
  const ticks = readStartTicks(holder.pid);
  return holder.startTicks === null || ticks === null || ticks === holder.startTicks;
}

export interface DataDirLock {
  readonly file: string;
  readonly holder: LockHolder;
  /** Removes the lock file if it is still ours; safe to call more than once. */
  release(): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes the data folder for this process, or throws DataDirLockedError naming the holder. A stale
 * lock is removed under a second, short-lived lock (a directory) so that two processes finding the
 * same stale file cannot both take over.
 */
export async function lockDataDir(dataDir: string, holderName: string): Promise<DataDirLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const takeover = `${file}.takeover`;
  const holder: LockHolder = {
    pid: process.pid,
    host: os.hostname(),
    bootId: readBootId(),
    startTicks: readStartTicks(process.pid),
    holder: holderName,
    startedAt: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      fs.writeFileSync(file, `${JSON.stringify(holder)}\n`, { flag: 'wx', mode: 0o644 });
      return startHolding(file, holder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const found = readHolder(file);
    if (!found) continue;
    if (holderIsAlive(found.holder, found.mtimeMs)) {
      throw new DataDirLockedError(dataDir, found.holder);
    }
    try {
      fs.mkdirSync(takeover);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Someone else is taking over; a takeover left behind by a crash expires.
      const age = Date.now() - (fs.statSync(takeover, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age > 10_000) fs.rmSync(takeover, { recursive: true, force: true });
      await sleep(20 + Math.random() * 30);
      continue;
    }
    try {
      const again = readHolder(file);
      if (again && JSON.stringify(again.holder) === JSON.stringify(found.holder)) {
        fs.rmSync(file, { force: true });
      }
    } finally {
      fs.rmSync(takeover, { recursive: true, force: true });
    }
  }
  throw new DataDirLockedError(dataDir, readHolder(file)?.holder ?? null);
}

function startHolding(file: string, holder: LockHolder): DataDirLock {
  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      fs.utimesSync(file, now, now);
    } catch {
      // The folder went away; nothing to keep alive.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    process.off('exit', release);
    const current = readHolder(file);
    if (current?.holder?.pid === holder.pid && current.holder.startedAt === holder.startedAt) {
      fs.rmSync(file, { force: true });
    }
  };
  // A process that ends without closing the database (an uncaught error) still frees the folder.
  process.on('exit', release);
  return { file, holder, release };
}
