import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exited, spawnTs } from './spawn';

/** A log line of the server (pino JSON). */
export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Every log line so far, parsed. */
  logs: LogLine[];
  /** Whatever the process wrote to stderr. */
  stderr(): string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A fresh data folder for a server process; removed by the caller. */
export function makeDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'normas-proc-'));
}

/**
 * How long a start on a fresh data folder may go without listening before it is taken as stalled.
 * A fresh start listens within seconds, a minute on a busy two-core machine. One CI run saw a start
 * that never listened and logged nothing (decision 0075); it could not be reproduced in 36 runs.
 */
const FRESH_START_STALL_MS = 150_000;

class StalledStart extends Error {
  constructor(
    message: string,
    /** Resolves once the stalled process is gone. */
    readonly gone: Promise<unknown>,
  ) {
    super(message);
  }
}

function isFresh(dataDir: string): boolean {
  return !fs.existsSync(dataDir) || fs.readdirSync(dataDir).length === 0;
}

/**
 * Starts the real server (`apps/api/src/server.ts`, through tsx) on an ephemeral port of the
 * loopback, in test mode, with the given data folder and environment; resolves once it listens and
 * `/api/v1/ready` answers 200. The shipped corpus is left out unless the caller asks for it.
 *
 * On a fresh data folder, a start that stalls is reported on stderr with its last log lines, and
 * the server is started once more on the emptied folder; a folder that holds data is never emptied,
 * and a start that fails (rather than stalls) fails the test at once.
 */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  timeoutMs = 240_000,
): Promise<ServerProcess> {
  if (!isFresh(dataDir)) return launch(dataDir, env, timeoutMs, timeoutMs);
  try {
    return await launch(dataDir, env, timeoutMs, FRESH_START_STALL_MS);
  } catch (error) {
    if (!(error instanceof StalledStart)) throw error;
    process.stderr.write(
      `aviso: ${error.message}\naviso: servidor parado; iniciando de novo na pasta de dados esvaziada\n`,
    );
    await error.gone;
    fs.rmSync(dataDir, { recursive: true, force: true });
    return launch(dataDir, env, timeoutMs, timeoutMs);
  }
}

async function launch(
  dataDir: string,
  env: Record<string, string>,
  timeoutMs: number,
  stallMs: number,
): Promise<ServerProcess> {
  const deadline = Date.now() + timeoutMs;
  const child = spawnTs('apps/api/src/server.ts', [], {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SHIPPED_CORPUS: 'off',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...env,
  });
  const logs: LogLine[] = [];
  let err = '';
  let pending = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A start that hangs must say where it stopped, and must not outlive the test.
      const last = logs.slice(-10).map((l) => l.msg);
      const gone = exited(child);
      child.kill('SIGKILL');
      const message = `server did not listen within ${stallMs} ms; last log lines: ${JSON.stringify(last)}; stderr: ${err}`;
      reject(stallMs < timeoutMs ? new StalledStart(message, gone) : new Error(message));
    }, stallMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        try {
          const parsed = JSON.parse(line) as LogLine;
          logs.push(parsed);
          const address = /^Server listening at (http:\/\/127\.0\.0\.1:\d+)$/.exec(parsed.msg);
          if (address) {
            clearTimeout(timer);
            resolve(address[1]!);
          }
        } catch {
          logs.push({ level: 30, msg: line });
        }
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening: ${err}`));
    });
  });
  const url = await listening;
  for (;;) {
    const ready = await fetch(`${url}/api/v1/ready`).catch(() => null);
    if (ready?.status === 200) break;
    if (Date.now() > deadline) throw new Error('server never became ready');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    url,
    logs,
    stderr: () => err,
    async stop(signal = 'SIGTERM') {
      child.kill(signal);
      return exited(child);
    },
  };
}
