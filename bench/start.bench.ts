/**
 * `npm run bench:start`: how long the built server (what `npm start` runs) takes to be ready.
 *
 * - First start: an empty data folder, the 36 shipped NRs imported before listening; measured from
 *   the process spawn to the first 200 of /api/v1/ready, then to the first answered question
 *   ("Qual a altura mínima do guarda-corpo?", which waits for the search index).
 * - Warm restart: the same folder, stopped with SIGTERM and started again, to /api/v1/ready.
 *
 * Targets (issue 10): first start ≤ 60 s, warm restart ≤ 3 s. Environment:
 *   BENCH_PORT (4150), BENCH_WARM_RUNS (5), BENCH_FIRST_RUNS (2).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../apps/api/src/config';
import { percentile } from './lib/load';
import { runBench, writeBenchResult } from './lib/run';

const PORT = Number(process.env.BENCH_PORT ?? 4150);
const WARM_RUNS = Number(process.env.BENCH_WARM_RUNS ?? 5);
const FIRST_RUNS = Number(process.env.BENCH_FIRST_RUNS ?? 2);
const BASE = `http://127.0.0.1:${PORT}`;
const QUESTION = 'Qual a altura mínima do guarda-corpo?';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

interface Started {
  child: ChildProcess;
  readyMs: number;
  /** CPU time (user + system, all threads) the server used until ready: what load does not change. */
  cpuMs: number;
  importMs: number | null;
}

/** User + system CPU time of a process so far, from /proc (clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function startServer(dataDir: string): Promise<Started> {
  const started = performance.now();
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      PUBLIC_ORIGIN: BASE,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let importMs: number | null = null;
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.includes('base de normas verificada')) continue;
      importMs = (JSON.parse(line) as { ms: number }).ms;
    }
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error('o servidor terminou antes de ficar pronto');
    const ready = await fetch(`${BASE}/api/v1/ready`).catch(() => null);
    if (ready?.status === 200) break;
    await sleep(20);
  }
  return { child, readyMs: performance.now() - started, cpuMs: cpuMsOf(child.pid!), importMs };
}

async function stop(child: ChildProcess): Promise<number> {
  const started = performance.now();
  const done = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const code = await done;
  if (code !== 0) throw new Error(`o servidor saiu com o código ${String(code)}`);
  return performance.now() - started;
}

/** Signs in through the development identity provider and asks the first question. */
async function firstAnswer(): Promise<{ ms: number; cited: string[] }> {
  const started = performance.now();
  const issued = await fetch(`${BASE}/api/v1/dev-auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', name: 'Bench' }),
  });
  const { idToken } = (await issued.json()) as { idToken: string };
  const login = await fetch(`${BASE}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken }),
  });
  const { token } = (await login.json()) as { token: string };
  const answer = await fetch(`${BASE}/api/v1/regulation/question`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ question: QUESTION }),
  });
  if (answer.status !== 200) throw new Error(`a pergunta respondeu ${answer.status}`);
  const body = (await answer.json()) as {
    data: { code: string; sections: { item: string }[] }[];
  };
  return {
    ms: performance.now() - started,
    cited: body.data.flatMap((r) => r.sections.map((s) => `${r.code} ${s.item}`)),
  };
}

async function main() {
  process.stderr.write('› Construindo (npm run build)…\n');
  const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('o build falhou');
  const loadAtStart = loadAverage();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'normas-bench-start-'));
  const first: {
    readyMs: number;
    cpuMs: number;
    importMs: number | null;
    answerMs: number;
    cited: string[];
  }[] = [];
  const warm: number[] = [];
  const warmCpu: number[] = [];
  const stops: number[] = [];
  try {
    for (let run = 0; run < FIRST_RUNS; run++) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.stderr.write(`› Primeira partida ${run + 1}/${FIRST_RUNS}…\n`);
      const server = await startServer(dataDir);
      const answer = await firstAnswer();
      first.push({
        readyMs: server.readyMs,
        cpuMs: server.cpuMs,
        importMs: server.importMs,
        answerMs: answer.ms,
        cited: answer.cited,
      });
      stops.push(await stop(server.child));
    }
    for (let run = 0; run < WARM_RUNS; run++) {
      process.stderr.write(`› Reinício ${run + 1}/${WARM_RUNS}…\n`);
      const server = await startServer(dataDir);
      warm.push(server.readyMs);
      warmCpu.push(server.cpuMs);
      stops.push(await stop(server.child));
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const worstFirst = Math.max(...first.map((f) => f.readyMs + f.answerMs));
  const worstWarm = Math.max(...warm);
  const report = [
    '# Start benchmark',
    '',
    `Run ${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}) · load average (1 / 5 / 15 min) at the start ${loadAtStart}, at the end ${loadAverage()}. Produced by \`npm run bench:start\`.`,
    '',
    'The built server (`node apps/api/dist/server.js`, as `npm start` runs it) on the embedded database, no variable but the port and the data folder. Times are measured from the process spawn. "CPU" is the processor time the server used until ready (all its threads, user + system): on a busy shared machine the wall-clock times stretch with the load, the CPU time does not; on an idle 2-core machine the import (two PDF worker threads) takes about half its CPU time in wall-clock time.',
    '',
    '## First start (empty data folder, the 36 shipped NRs imported)',
    '',
    '| run | import ms | to ready s | CPU to ready s | first answer s (after ready) | ready + answer s |',
    '|---:|---:|---:|---:|---:|---:|',
    ...first.map(
      (f, i) =>
        `| ${i + 1} | ${f.importMs ?? '—'} | ${seconds(f.readyMs)} | ${seconds(f.cpuMs)} | ${seconds(f.answerMs)} | ${seconds(f.readyMs + f.answerMs)} |`,
    ),
    '',
    `First question: "${QUESTION}" — cited ${first[0]?.cited.slice(0, 3).join(', ') || 'nothing'}.`,
    '',
    `Target ≤ 60 s: worst ${seconds(worstFirst)} s — ${worstFirst <= 60_000 ? 'met' : 'NOT met'}.`,
    '',
    '## Warm restart (same folder, stopped with SIGTERM)',
    '',
    `${WARM_RUNS} runs to ready: p50 ${seconds(median(warm))} s, max ${seconds(worstWarm)} s; CPU to ready p50 ${seconds(median(warmCpu))} s. Target ≤ 3 s: ${worstWarm <= 3_000 ? 'met' : 'NOT met'}.`,
    '',
    `Graceful stop (SIGTERM to exit, nothing in flight): p50 ${seconds(median(stops))} s, max ${seconds(Math.max(...stops))} s.`,
    '',
  ].join('\n');
  process.stdout.write(`${report}\n`);
  process.stderr.write(`Resultados em ${writeBenchResult('start.md', report)}\n`);
}

runBench(main);
