/**
 * Scale benchmark: throughput and latency of the question endpoint with 1, 2 and 3 API replicas
 * (separate Node.js processes running the built server) on one PostgreSQL database behind HAProxy
 * with deploy/haproxy.cfg, plus one replica reached directly (what the load balancer costs).
 * The corpus is imported once; a Business user asks (no plan limit); rate limits are off so that
 * the load itself is measured. Writes bench/results/scale.md.
 *
 *   npm run bench:scale
 *   NORMAS_CORPUS_DIR=<pasta com as NRs>  (default ../shared/corpus/raw from the repository root)
 *   BENCH_DATABASE_URL=postgres://...     (default postgres://postgres@127.0.0.1:5432/test; a fresh
 *                                          database is created there and dropped at the end)
 *   BENCH_QUESTIONS=<arquivo.jsonl>       (default ../shared/eval/dev.jsonl)
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { importRegulationFiles } from '../apps/api/src/modules/regulations/import/import-files';
import { createRegulationsRepository } from '../apps/api/src/modules/regulations/regulations.repository';
import { createUsersRepository } from '../apps/api/src/modules/users/users.repository';
import {
  freePort,
  startLoadBalancer,
  startReplicas,
  type ManagedProcess,
} from '../apps/api/src/test/cluster';
import type { LoadReport } from './lib/load';
import { runClient } from './lib/load-client';
import { formatMs, loadAverage, loadQuestionTexts, processCpuMs } from './lib/machine';
import { createBenchDatabase } from './lib/postgres';
import { runBench, writeBenchResult } from './lib/run';

const CORPUS_DIR = path.resolve(REPO_ROOT, process.env.NORMAS_CORPUS_DIR ?? '../shared/corpus/raw');
const QUESTIONS_FILE = path.resolve(
  REPO_ROOT,
  process.env.BENCH_QUESTIONS ?? '../shared/eval/dev.jsonl',
);
const LEVELS = [
  { concurrency: 8, maxRequests: 3000, maxMs: 15_000 },
  { concurrency: 32, maxRequests: 6000, maxMs: 15_000 },
];
const SETUPS = [
  { name: '1 replica, direct', replicas: 1, balanced: false },
  { name: '1 replica behind HAProxy', replicas: 1, balanced: true },
  { name: '2 replicas behind HAProxy', replicas: 2, balanced: true },
  { name: '3 replicas behind HAProxy', replicas: 3, balanced: true },
] as const;

async function signInBusiness(base: string, databaseUrl: string, email: string): Promise<string> {
  const post = (url: string, body: object) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const issued = await post(`${base}/api/v1/dev-auth/token`, { email, name: 'Bench' });
  const { idToken } = (await issued.json()) as { idToken: string };
  const login = await post(`${base}/api/v1/auth/login`, { idToken });
  const { token } = (await login.json()) as { token: string };
  const database = await openDatabase({ url: databaseUrl, dataDir: '' });
  try {
    await createUsersRepository(database.db).setPlanByEmail(email, 'business');
  } finally {
    await database.close();
  }
  return token;
}

interface LevelReport extends LoadReport {
  /** CPU time of all replicas together, per request. */
  replicasCpuMs: number;
  /** CPU time of HAProxy per request (0 without it). */
  balancerCpuMs: number;
}

interface SetupReport {
  name: string;
  replicas: number;
  levels: LevelReport[];
}

async function benchSetup(
  setup: (typeof SETUPS)[number],
  databaseUrl: string,
  questions: string[],
): Promise<SetupReport> {
  process.stderr.write(`\n== ${setup.name} ==\n`);
  const lbPort = await freePort();
  const env = {
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: crypto.randomBytes(36).toString('base64'),
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
  };
  let replicas: ManagedProcess[] = [];
  let stopReplicas: (() => Promise<void>) | undefined;
  let lb: ManagedProcess | undefined;
  try {
    // One public origin for all (the issuer of development ID tokens must match on every replica).
    ({ replicas, stop: stopReplicas } = await startReplicas(
      setup.replicas,
      { ...env, PUBLIC_ORIGIN: `http://127.0.0.1:${lbPort}` },
      { entry: 'dist' },
    ));
    if (setup.balanced) {
      lb = await startLoadBalancer(
        replicas.map((r) => `127.0.0.1:${r.port}`),
        lbPort,
      );
    }
    const base = lb?.url ?? replicas[0]!.url;
    const token = await signInBusiness(base, databaseUrl, `scale${setup.replicas}@example.com`);
    // Warm-up on every replica directly: each builds its search index and compiles its hot paths.
    for (const replica of replicas) {
      for (const question of questions.slice(0, 20)) {
        await fetch(`${replica.url}/api/v1/regulation/question`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ question }),
        });
      }
    }
    const levels: LevelReport[] = [];
    const replicasCpu = () => replicas.reduce((sum, r) => sum + processCpuMs(r.child.pid), 0);
    for (const level of LEVELS) {
      const before = { replicas: replicasCpu(), balancer: processCpuMs(lb?.child.pid) };
      const result = await runClient({ mode: 'json', base, token, questions, level });
      if (result.mode !== 'json') throw new Error('relatório inesperado do cliente de carga');
      const r = result.report;
      const perRequest = (ms: number) => (r.requests > 0 ? ms / r.requests : NaN);
      levels.push({
        ...r,
        replicasCpuMs: perRequest(replicasCpu() - before.replicas),
        balancerCpuMs: perRequest(processCpuMs(lb?.child.pid) - before.balancer),
      });
      process.stderr.write(
        `${level.concurrency} usuários: ${r.requests} req, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, ${r.throughput.toFixed(0)} req/s, erros ${r.errors}, CPU réplicas ${levels.at(-1)!.replicasCpuMs.toFixed(2)} ms/req\n`,
      );
    }
    return { name: setup.name, replicas: setup.replicas, levels };
  } finally {
    await lb?.stop();
    await stopReplicas?.();
  }
}

const ms = formatMs;

function markdown(reports: SetupReport[], questions: number, loadAtStart: string): string {
  const lines = [
    '# Scale benchmark',
    '',
    `Run ${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}) · load average (1 / 5 / 15 min) at the start ${loadAtStart}, at the end ${loadAverage()} · ${questions} questions from ${path.basename(QUESTIONS_FILE)}.`,
    '',
    'Each replica is the built server (`apps/api/dist/server.js`) in its own process, on one PostgreSQL',
    'database with the 36 NRs imported; HAProxy runs `deploy/haproxy.cfg` (balance leastconn). A',
    'Business user asks (`POST /regulation/question`, JSON answer from retrieval + the extractive',
    'engine, stored in the history); rate limits are off. Closed loop: each simulated user sends its',
    'next question when the last answer arrives; the load client runs in a worker thread of the',
    'benchmark process. Everything — client, HAProxy, replicas, PostgreSQL — shares the same CPUs,',
    'so more replicas than cores cannot add throughput here: the numbers show what one machine holds',
    'and what the load balancer costs, not how far more machines would go. The CPU columns are read',
    'from /proc for the replica and HAProxy processes: the work each request costs them, whatever else',
    'the machine was running (latency and throughput are not: compare the load average with the',
    'number of CPUs). Produced by `npm run bench:scale`.',
    '',
    '| setup | users | requests | errors | p50 ms | p95 ms | p99 ms | req/s | replicas CPU ms/req | HAProxy CPU ms/req |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of reports) {
    for (const l of r.levels) {
      lines.push(
        `| ${r.name} | ${l.concurrency} | ${l.requests} | ${l.errors} | ${ms(l.p50)} | ${ms(l.p95)} | ${ms(l.p99)} | ${l.throughput.toFixed(0)} | ${l.replicasCpuMs.toFixed(2)} | ${l.balancerCpuMs.toFixed(3)} |`,
      );
    }
  }
  lines.push('');
  return lines.join('\n');
}

async function main() {
  if (!fs.existsSync(CORPUS_DIR))
    throw new Error(`Pasta do corpus não encontrada: ${CORPUS_DIR} (defina NORMAS_CORPUS_DIR)`);
  if (!fs.existsSync(path.join(REPO_ROOT, 'apps/api/dist/server.js'))) {
    process.stderr.write('Construindo a API (apps/api/dist)…\n');
    const built = spawnSync('npm', ['run', '-s', 'build', '-w', 'apps/api'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('npm run build -w apps/api falhou');
  }
  const questions = loadQuestionTexts(QUESTIONS_FILE);
  if (questions.length === 0)
    throw new Error(`Sem perguntas em ${QUESTIONS_FILE} (BENCH_QUESTIONS)`);
  const loadAtStart = loadAverage();
  const { url, drop } = await createBenchDatabase('normas_scale');
  try {
    const database = await openDatabase({ url, dataDir: '' });
    try {
      await database.migrate();
      const t0 = performance.now();
      await importRegulationFiles(createRegulationsRepository(database.db), [CORPUS_DIR]);
      process.stderr.write(
        `corpus importado em ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
      );
    } finally {
      await database.close();
    }
    const reports: SetupReport[] = [];
    for (const setup of SETUPS) reports.push(await benchSetup(setup, url, questions));
    const out = writeBenchResult('scale.md', markdown(reports, questions.length, loadAtStart));
    process.stderr.write(`\nResultados em ${path.relative(process.cwd(), out)}\n`);
  } finally {
    await drop();
  }
}

runBench(main);
