/**
 * Real API processes behind a real HAProxy, for the replica tests and `npm run bench:scale`: each
 * replica is `server.ts` in its own Node.js process, the load balancer runs deploy/haproxy.cfg
 * unprivileged on a free port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../config';
import { DEV_KEY_FILE, loadOrCreateDevKey } from '../modules/dev-auth/dev-identity-provider';

export const HAPROXY_CONFIG = path.join(REPO_ROOT, 'deploy/haproxy.cfg');

/** A port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ManagedProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** What the process wrote to stderr (the last 20 000 characters), for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

function manage(child: ChildProcess, url: string, port: number): ManagedProcess {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    port,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function waitFor(
  what: string,
  probe: () => Promise<boolean>,
  process: ManagedProcess,
  ms = 60_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null)
      throw new Error(
        `${what} terminou com código ${process.child.exitCode}:\n${process.output()}`,
      );
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} não ficou pronto em ${ms / 1000} s:\n${process.output()}`);
}

const readyAt = (url: string) => async () =>
  (await fetch(`${url}/api/v1/ready`, { signal: AbortSignal.timeout(2_000) })).status === 200;

/**
 * Starts one API replica on a free port and resolves once it is ready. `entry: 'dist'` runs the
 * built server (`npm run build`), `source` runs the TypeScript through tsx.
 */
export async function startReplica(
  env: Record<string, string>,
  options: { entry?: 'source' | 'dist' } = {},
): Promise<ManagedProcess> {
  const port = await freePort();
  const args =
    options.entry === 'dist'
      ? ['apps/api/dist/server.js']
      : ['--import', 'tsx', 'apps/api/src/server.ts'];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  const replica = manage(child, url, port);
  await waitFor(`Réplica na porta ${port}`, readyAt(url), replica);
  return replica;
}

/**
 * `count` replicas with the same settings, each with a data folder of its own (as on separate
 * machines) holding the same development signing key, so that an ID token issued by one is
 * accepted by the others — what Google's keys give every replica in Firebase mode.
 */
export async function startReplicas(
  count: number,
  env: Record<string, string>,
  options: { entry?: 'source' | 'dist' } = {},
): Promise<{ replicas: ManagedProcess[]; stop(): Promise<void> }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'normas-replicas-'));
  const dirs = Array.from({ length: count }, (_, i) => path.join(root, `replica-${i + 1}`));
  for (const dir of dirs) fs.mkdirSync(dir);
  loadOrCreateDevKey(dirs[0]!);
  for (const dir of dirs.slice(1))
    fs.copyFileSync(path.join(dirs[0]!, DEV_KEY_FILE), path.join(dir, DEV_KEY_FILE));
  const started = await Promise.allSettled(
    dirs.map((dir) =>
      startReplica({ ...env, DATA_DIR: dir, WEB_DIST_DIR: path.join(root, 'no-web') }, options),
    ),
  );
  const replicas = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const stop = async () => {
    await Promise.all(replicas.map((r) => r.stop()));
    fs.rmSync(root, { recursive: true, force: true });
  };
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { replicas, stop };
}

function haproxyBinary(): string {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/usr/local/sbin'])) {
    const file = path.join(dir, 'haproxy');
    if (fs.existsSync(file)) return file;
  }
  throw new Error('HAProxy não encontrado: instale com "apt-get install -y haproxy".');
}

/**
 * HAProxy with deploy/haproxy.cfg in front of `backends` (host:port). The shipped file names three
 * replicas; for fewer, a copy without the extra `server` lines is used.
 */
export async function startLoadBalancer(
  backends: string[],
  port?: number,
): Promise<ManagedProcess> {
  if (backends.length < 1 || backends.length > 3)
    throw new Error('deploy/haproxy.cfg tem de 1 a 3 réplicas');
  let configFile = HAPROXY_CONFIG;
  let tempDir: string | undefined;
  if (backends.length < 3) {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'normas-haproxy-'));
    configFile = path.join(tempDir, 'haproxy.cfg');
    const lines = fs
      .readFileSync(HAPROXY_CONFIG, 'utf8')
      .split('\n')
      .filter((line) => {
        const server = /^\s*server api(\d)\b/.exec(line);
        return !server || Number(server[1]) <= backends.length;
      });
    fs.writeFileSync(configFile, lines.join('\n'));
  }
  port ??= await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NORMAS_LB_BIND: `127.0.0.1:${port}`,
  };
  backends.forEach((backend, i) => (env[`NORMAS_API_${i + 1}`] = backend));
  // -db: stay in the foreground, no daemon; the test owns the process.
  const child = spawn(haproxyBinary(), ['-db', '-f', configFile], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lb = manage(child, `http://127.0.0.1:${port}`, port);
  const stop = lb.stop;
  lb.stop = async () => {
    await stop();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  };
  await waitFor('HAProxy', readyAt(lb.url), lb, 20_000);
  return lb;
}
