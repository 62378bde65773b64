/**
 * Ask benchmark: the real server (buildApp + listen on 127.0.0.1:0; the HTTP client runs in a worker
 * thread so it does not share the server event loop) with the corpus imported, on
 * PGlite and then on PostgreSQL, answering questions from a Business user at 1, 8 and 32 concurrent
 * users; plus time to first streamed token. Writes bench/results/ask.md.
 *
 *   npm run bench:ask
 *   NORMAS_CORPUS_DIR=<pasta com as NRs>  (default ../shared/corpus/raw from the repository root)
 *   BENCH_DATABASE_URL=postgres://...     (default postgres://postgres@127.0.0.1:5432/test; a fresh
 *                                          database is created there and dropped at the end)
 *   BENCH_QUESTIONS=<arquivo.jsonl>       (default ../shared/eval/dev.jsonl; a built-in list otherwise)
 *   BENCH_SKIP_POSTGRES=1                 (PGlite only)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { loadConfig, REPO_ROOT } from '../apps/api/src/config';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { importRegulationFiles } from '../apps/api/src/modules/regulations/import/import-files';
import { createRegulationsRepository } from '../apps/api/src/modules/regulations/regulations.repository';
import { createUsersRepository } from '../apps/api/src/modules/users/users.repository';
import { percentile, type LoadReport } from './lib/load';
import { runClient, type StreamReport } from './lib/load-client';
import { formatMs, loadAverage, loadQuestionTexts } from './lib/machine';
import { createBenchDatabase } from './lib/postgres';
import { runBench, writeBenchResult } from './lib/run';

const CORPUS_DIR = path.resolve(REPO_ROOT, process.env.NORMAS_CORPUS_DIR ?? '../shared/corpus/raw');
const QUESTIONS_FILE = path.resolve(
  REPO_ROOT,
  process.env.BENCH_QUESTIONS ?? '../shared/eval/dev.jsonl',
);
const LEVELS = [
  { concurrency: 1, maxRequests: 300, maxMs: 20_000 },
  { concurrency: 8, maxRequests: 800, maxMs: 20_000 },
  { concurrency: 32, maxRequests: 1200, maxMs: 20_000 },
];
const STREAM_LEVELS = [
  { concurrency: 1, maxRequests: 100, maxMs: 15_000 },
  { concurrency: 8, maxRequests: 200, maxMs: 15_000 },
];
const TARGET_P95_AT_8_MS = 25;
const TARGET_FIRST_TOKEN_MS = 100;

const FALLBACK_QUESTIONS = [
  'O que é considerado trabalho em altura?',
  'Quem deve fornecer o EPI ao trabalhador?',
  'Qual o mandato dos membros da CIPA?',
  'Quais exames fazem parte do PCMSO?',
  'O que deve constar no prontuário de uma caldeira?',
  'Qual o limite de tolerância para ruído contínuo?',
  'De quanto é o adicional de periculosidade?',
  'Quais são as atribuições do supervisor de entrada em espaço confinado?',
];

const loadQuestions = () => loadQuestionTexts(QUESTIONS_FILE, FALLBACK_QUESTIONS);

interface Target {
  name: 'PGlite' | 'PostgreSQL';
  open(): Promise<{ database: Database; url?: string; cleanup(): Promise<void> }>;
}

const pgliteTarget: Target = {
  name: 'PGlite',
  async open() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'normas-bench-'));
    const database = await openDatabase({ dataDir: dir });
    return { database, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  },
};

const postgresTarget: Target = {
  name: 'PostgreSQL',
  async open() {
    const { url, drop } = await createBenchDatabase('normas_bench');
    const database = await openDatabase({ url, dataDir: '' });
    return { database, url, cleanup: drop };
  },
};

async function signInBusiness(base: string, database: Database): Promise<string> {
  const email = 'bench@example.com';
  const issued = await fetch(`${base}/api/v1/dev-auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, name: 'Bench' }),
  });
  const { idToken } = (await issued.json()) as { idToken: string };
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken }),
  });
  const { token } = (await login.json()) as { token: string };
  await createUsersRepository(database.db).setPlanByEmail(email, 'business');
  return token;
}

/** Time until the first `event: delta` arrives, and until the stream ends. */
interface TargetReport {
  name: string;
  importMs: number;
  sections: number;
  /** Retrieval + extractive answer per question, in process and serial: the floor under any HTTP latency. */
  engine: { p50: number; p95: number };
  /** With the server's event-loop time per request: what one process spends on each question. */
  load: (LoadReport & { busyMs: number })[];
  stream: StreamReport[];
  abstained: number;
  answered: number;
}

async function benchTarget(target: Target, questions: string[]): Promise<TargetReport> {
  process.stderr.write(`\n== ${target.name} ==\n`);
  const opened = await target.open();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'normas-bench-data-'));
  let app: FastifyInstance | undefined;
  try {
    await opened.database.migrate();
    const t0 = performance.now();
    const summary = await importRegulationFiles(createRegulationsRepository(opened.database.db), [
      CORPUS_DIR,
    ]);
    const importMs = performance.now() - t0;
    process.stderr.write(
      `importado em ${(importMs / 1000).toFixed(1)} s: ${JSON.stringify({ imported: summary.imported, failed: summary.failed })}\n`,
    );

    const config = loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      // One user asks hundreds of questions a second: the server's capacity, not the abuse limits.
      RATE_LIMITS: 'off',
      ...(opened.url ? { DATABASE_URL: opened.url } : {}),
    });
    app = await buildApp(config, { database: opened.database, logger: false });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const token = await signInBusiness(address, opened.database);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const ask = async (question: string) =>
      fetch(`${address}/api/v1/regulation/question`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ question }),
      });

    // Warm-up: builds the retrieval index and JIT-compiles the hot paths.
    let abstained = 0;
    let answered = 0;
    for (const q of questions.slice(0, 20)) {
      const res = await ask(q);
      const body = (await res.json()) as { abstained?: boolean };
      if (res.status === 200 && body.abstained) abstained++;
      else if (res.status === 200) answered++;
    }
    const sections = await countSections(opened.database);
    const engine = await engineBaseline(app, questions);
    process.stderr.write(
      `motores em processo (retrieval + resposta), sem HTTP nem banco: p50 ${engine.p50.toFixed(1)} ms, p95 ${engine.p95.toFixed(1)} ms\n`,
    );

    const load: TargetReport['load'] = [];
    for (const level of LEVELS) {
      // The server runs on this thread and the client in a worker, so this thread's event-loop
      // utilisation is the server's.
      const before = performance.eventLoopUtilization();
      const result = await runClient({ mode: 'json', base: address, token, questions, level });
      const busy = performance.eventLoopUtilization(before);
      if (result.mode !== 'json') throw new Error('relatório inesperado do cliente de carga');
      const report = { ...result.report, busyMs: busy.active / result.report.requests };
      load.push(report);
      process.stderr.write(
        `${level.concurrency} usuários: ${report.requests} req, p50 ${report.p50.toFixed(1)} ms, p95 ${report.p95.toFixed(1)} ms, p99 ${report.p99.toFixed(1)} ms, ${report.throughput.toFixed(0)} req/s, servidor ocupado ${report.busyMs.toFixed(2)} ms/req (${(busy.utilization * 100).toFixed(0)}%), erros ${report.errors}\n`,
      );
    }

    const stream: StreamReport[] = [];
    for (const level of STREAM_LEVELS) {
      const result = await runClient({ mode: 'stream', base: address, token, questions, level });
      if (result.mode !== 'stream') throw new Error('relatório inesperado do cliente de carga');
      stream.push(result.report);
      process.stderr.write(
        `stream ${level.concurrency} usuários: primeiro trecho p50 ${result.report.p50.toFixed(1)} ms, p95 ${result.report.p95.toFixed(1)} ms\n`,
      );
    }
    return { name: target.name, importMs, sections, engine, load, stream, abstained, answered };
  } finally {
    await app?.close();
    await opened.database.close();
    await opened.cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function engineBaseline(
  app: FastifyInstance,
  questions: string[],
): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (const question of questions) {
    const t0 = performance.now();
    const retrieval = await app.ctx.retrieval.search(question, { limit: 8 });
    await app.ctx.answers.answer({ question, retrieval });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function countSections(database: Database): Promise<number> {
  const result = await database.db.execute(sql`select count(*)::int as n from sections`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

const ms = formatMs;

function markdown(reports: TargetReport[], questions: number, loadAtStart: string): string {
  const lines = [
    '# Ask benchmark',
    '',
    `Run ${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}) · load average (1 / 5 / 15 min) at the start ${loadAtStart}, at the end ${loadAverage()} · ${questions} questions from ${fs.existsSync(QUESTIONS_FILE) ? path.basename(QUESTIONS_FILE) : 'the built-in list'}.`,
    '',
    'Real server (`buildApp` + `listen` on 127.0.0.1; the load client runs in a worker thread, off the server event loop), corpus imported, a Business user (no limit, every',
    'question counted, answered by retrieval + the extractive engine and stored in the history).',
    'Closed loop: each simulated user sends its next question when the last answer arrives. Latency is',
    'measured by the client around each HTTP call over loopback; "server busy" is the time the',
    "server's event loop was not idle during the level, per request (with PGlite this includes the",
    'database, which runs on the same thread). Produced by `npm run bench:ask`.',
    '',
  ];
  for (const r of reports) {
    lines.push(
      `## ${r.name}`,
      '',
      `${r.sections} sections imported in ${(r.importMs / 1000).toFixed(1)} s. Warm-up: ${r.answered} answered, ${r.abstained} abstained.`,
      `Engines alone (retrieval + extractive answer, in process, one at a time, no HTTP or database): p50 ${ms(r.engine.p50)} ms, p95 ${ms(r.engine.p95)} ms per question.`,
      '',
    );
    lines.push(
      '| users | requests | errors | p50 ms | p95 ms | p99 ms | max ms | req/s | server busy ms/req |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const l of r.load) {
      lines.push(
        `| ${l.concurrency} | ${l.requests} | ${l.errors} | ${ms(l.p50)} | ${ms(l.p95)} | ${ms(l.p99)} | ${ms(l.max)} | ${l.throughput.toFixed(0)} | ${l.busyMs.toFixed(2)} |`,
      );
    }
    lines.push('', 'Streaming (`/regulation/question/stream`), time to the first event:', '');
    lines.push(
      '| users | requests | errors | first p50 ms | first p95 ms | first p99 ms | whole stream p95 ms |',
      '|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const s of r.stream) {
      lines.push(
        `| ${s.concurrency} | ${s.requests} | ${s.errors} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.totalP95)} |`,
      );
    }
    lines.push('');
  }
  const pgAt8 = reports.find((r) => r.name === 'PostgreSQL')?.load.find((l) => l.concurrency === 8);
  const firstWorst = Math.max(...reports.flatMap((r) => r.stream.map((s) => s.p95)));
  lines.push('## Targets', '');
  lines.push(
    `- p95 ≤ ${TARGET_P95_AT_8_MS} ms at 8 users on PostgreSQL: ${pgAt8 ? `${ms(pgAt8.p95)} ms — ${pgAt8.p95 <= TARGET_P95_AT_8_MS ? 'met' : 'NOT met'}` : 'not measured'}.`,
    `- first token ≤ ${TARGET_FIRST_TOKEN_MS} ms (worst p95 above): ${ms(firstWorst)} ms — ${firstWorst <= TARGET_FIRST_TOKEN_MS ? 'met' : 'NOT met'}.`,
    '',
  );
  const pg = reports.find((r) => r.name === 'PostgreSQL');
  const pgSaturated = pg?.load.at(-1);
  if (pg && pgAt8 && pgSaturated && pgSaturated.throughput > 0) {
    lines.push(
      '## Where the time goes',
      '',
      `One Node.js event loop serves every request. At 8 users on PostgreSQL it was busy ${pgAt8.busyMs.toFixed(2)} ms per question, of which the engines take their p50 above (${ms(pg.engine.p50)} ms) when run alone, somewhat more under load; the rest is HTTP, the session check (the token's signature is verified once and remembered until it expires; the session row is read on every request), the quota (reserved before answering on plans with a limit; on Business counted by the statement that stores the answer), the history insert, the database driver's socket writes and serialisation. Cited sections are read from the database once and then kept in memory. At saturation (${pgSaturated.concurrency} users) it answers ${pgSaturated.throughput.toFixed(0)} req/s. With 8 users in a closed loop a request waits behind the others, so the 8-user p50 stays near 8 × ${pgAt8.busyMs.toFixed(2)} ms on one process.`,
      '',
    );
  }
  return lines.join('\n');
}

async function main() {
  if (!fs.existsSync(CORPUS_DIR))
    throw new Error(`Pasta do corpus não encontrada: ${CORPUS_DIR} (defina NORMAS_CORPUS_DIR)`);
  const questions = loadQuestions();
  const loadAtStart = loadAverage();
  const targets = process.env.BENCH_SKIP_POSTGRES ? [pgliteTarget] : [pgliteTarget, postgresTarget];
  const reports: TargetReport[] = [];
  for (const target of targets) reports.push(await benchTarget(target, questions));
  const out = writeBenchResult('ask.md', markdown(reports, questions.length, loadAtStart));
  process.stderr.write(`\nResultados em ${path.relative(process.cwd(), out)}\n`);
}

runBench(main);
