import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../../config';

/**
 * How long a test that starts real processes may take: each start compiles the server (tsx) and
 * opens the embedded database, which on a busy two-core machine takes tens of seconds — and a fresh
 * start that stalls is given a second start (server-process.ts).
 */
export const PROCESS_TEST_TIMEOUT_MS = 480_000;

/**
 * Runs a TypeScript file of the API in a child Node process (through tsx), from the repository root.
 * The child uses the embedded database unless `env` names a DATABASE_URL itself.
 */
export function spawnTs(
  file: string,
  args: string[] = [],
  env: Record<string, string | undefined> = {},
): ChildProcess {
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  return spawn(process.execPath, ['--import', 'tsx', path.resolve(file), ...args], {
    cwd: REPO_ROOT,
    env: { ...inherited, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Resolves with the first stdout line of a child that matches, or rejects when it exits first. */
export function waitForLine(
  child: ChildProcess,
  match: (line: string) => boolean,
  timeoutMs = 180_000,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(
      () => reject(new Error(`timeout waiting for output; got: ${buffer}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((l) => match(l));
      if (line !== undefined) {
        cleanup();
        resolve(line);
      }
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`process exited (${code}) before the expected output; got: ${buffer}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.off('exit', onExit);
    };
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
  });
}

/** Resolves with the exit code once the child has exited. */
export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}
