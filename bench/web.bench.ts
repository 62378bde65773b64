/**
 * Web benchmark: Lighthouse (mobile profile: simulated slow 4G and a 4× slower CPU) on the built
 * app served by the real server, in Debian's Chromium, for /login, /regulations and an answer page
 * (/history/{id} of a question asked beforehand), signed in as a new Free user through the
 * development identity provider. Also weighs the initial script the build emits. Writes
 * bench/results/web.md; exits non-zero when a target is missed.
 *
 *   npm run bench:web
 *   NORMAS_CORPUS_DIR=<pasta com NRs a mais>  (default: only the NRs shipped in corpus/)
 *   CHROMIUM_PATH=<chromium>              (default /usr/bin/chromium)
 *   BENCH_WEB_RUNS=<n>                    (Lighthouse runs per page, median kept; default 3)
 *   BENCH_WEB_SKIP_BUILD=1                (measure the build already in apps/web/dist)
 *   BENCH_WEB_REPORTS=<pasta>             (also keep each run's Lighthouse report, JSON, there)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';

interface Storage {
  clear(): void;
  setItem(key: string, value: string): void;
}
import { REPO_ROOT } from '../apps/api/src/config';
import { CHROMIUM_ARGS, CHROMIUM_PATH as CHROMIUM } from '../e2e/chromium';
import { machineNote } from './lib/report';
import { runBench, writeBenchResult } from './lib/run';

const CORPUS_DIR = process.env.NORMAS_CORPUS_DIR
  ? path.resolve(REPO_ROOT, process.env.NORMAS_CORPUS_DIR)
  : undefined;
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const DIST = path.join(REPO_ROOT, 'apps/web/dist');
const TARGETS = { performance: 0.95, accessibility: 1, initialJsGzipBytes: 120_000 };
const QUESTION = 'Qual a altura a partir da qual o trabalho é considerado em altura?';

interface PageRun {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  scriptBytes: number;
  totalBytes: number;
  failedAudits: string[];
  lighthouseVersion: string;
  benchmarkIndex: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The built server with the NRs imported, as `npm start` runs it. */
async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const server = spawn('node', ['apps/api/dist/server.js'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // The shipped NRs are imported as `npm start` does; NORMAS_CORPUS_DIR adds more.
      ...(CORPUS_DIR ? { CORPUS_DIR } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Importing the 36 NR PDFs takes a minute, several on a machine busy with other work.
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`o servidor terminou (código ${server.exitCode})`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/v1/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return server;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  server.kill();
  throw new Error('o servidor não ficou pronto em 10 minutos');
}

async function api<T>(origin: string, route: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${origin}/api/v1${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${route} respondeu ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A new Free user signed in as the browser does, and one answered question for the answer page. */
async function prepareUser(origin: string) {
  const email = `lighthouse.${Date.now().toString(36)}@exemplo.com.br`;
  const { idToken } = await api<{ idToken: string }>(origin, '/dev-auth/token', {
    email,
    name: 'Lia Lighthouse',
  });
  const login = await api<{ token: string; user: unknown }>(origin, '/auth/login', { idToken });
  const answer = await api<{ historyId: string; abstained: boolean }>(
    origin,
    '/regulation/question',
    { question: QUESTION },
    login.token,
  );
  if (answer.abstained) throw new Error('a pergunta da página de resposta não foi respondida');
  return { token: login.token, user: login.user, historyId: answer.historyId };
}

/** Gzip bytes of the scripts index.html loads before the app runs (the entry and its preloads). */
function initialJs(): { files: string[]; gzipBytes: number } {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script type="module"[^>]* src="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g),
  ].map((match) => match[1]!);
  // The build writes no .gz beside a file too small to gain from it (build-tools/precompress.ts).
  const gzipSize = (file: string) => {
    const gz = path.join(DIST, `${file}.gz`);
    return fs.existsSync(gz)
      ? fs.statSync(gz).size
      : zlib.gzipSync(fs.readFileSync(path.join(DIST, file))).length;
  };
  const gzipBytes = files.reduce((sum, file) => sum + gzipSize(file), 0);
  return { files, gzipBytes };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * One Lighthouse run, as a first visit: the browser cache is emptied, the session (local storage
 * keys token and userData) is kept, so that pages behind sign-in open signed in.
 */
async function measure(
  browser: Browser,
  url: string,
  session: { token: string; user: unknown } | null,
): Promise<PageRun> {
  const page = await browser.newPage();
  try {
    // A page of the origin that does not load the app, to write the session beside it.
    await page.goto(new URL('/api/v1/health', url).toString());
    // Runs in the page; this file is compiled without the DOM's types.
    await page.evaluate((stored) => {
      const storage = (globalThis as unknown as { localStorage: Storage }).localStorage;
      storage.clear();
      if (stored) {
        storage.setItem('token', stored.token);
        storage.setItem('userData', JSON.stringify(stored.user));
      }
    }, session);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    const result = await lighthouse(
      url,
      {
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
        logLevel: 'error',
        output: 'json',
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse não mediu ${url}`);
    const { lhr } = result;
    if (process.env.BENCH_WEB_REPORTS) {
      fs.mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
      const name = `${new URL(url).pathname.split('/')[1]}-${Date.now()}.json`;
      fs.writeFileSync(path.join(process.env.BENCH_WEB_REPORTS, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const finalUrl = new URL(lhr.finalDisplayedUrl);
    if (finalUrl.pathname !== new URL(url).pathname)
      throw new Error(`${url} terminou em ${finalUrl.pathname}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const requests =
      (
        lhr.audits['network-requests']?.details as
          { items: { resourceType?: string; transferSize?: number }[] } | undefined
      )?.items ?? [];
    const failedAudits = Object.values(lhr.audits)
      .filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 1 &&
          (audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric') &&
          lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === audit.id),
      )
      .map((audit) => audit.id);
    return {
      performance: lhr.categories.performance?.score ?? 0,
      accessibility: lhr.categories.accessibility?.score ?? 0,
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      siMs: numeric('speed-index'),
      scriptBytes: requests
        .filter((r) => r.resourceType === 'Script')
        .reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      totalBytes: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      failedAudits,
      lighthouseVersion: lhr.lighthouseVersion,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    await page.close();
  }
}

/** Lighthouse now and then loses a trace on a busy machine (NO_NAVSTART, …): that run is redone. */
async function measureWithRetry(
  browser: Browser,
  url: string,
  session: { token: string; user: unknown } | null,
): Promise<PageRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(browser, url, session);
    } catch (error) {
      if (attempt === 3) throw error;
      process.stderr.write(`${(error as Error).message} — medindo de novo\n`);
    }
  }
}

function medianRun(runs: PageRun[]): PageRun {
  // The run with the median performance score, so that its figures belong together.
  const score = median(runs.map((r) => r.performance));
  return runs.find((r) => r.performance === score)!;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  if (!process.env.BENCH_WEB_SKIP_BUILD) {
    const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('o build falhou');
  }
  const script = initialJs();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'normas-bench-web-'));
  const note = machineNote();
  const server = await startServer(port, dataDir);
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const session = await prepareUser(origin);
    const pages = [
      { name: '/login', url: `${origin}/login`, session: null },
      { name: '/regulations', url: `${origin}/regulations`, session },
      { name: '/history/{id} (resposta)', url: `${origin}/history/${session.historyId}`, session },
    ];
    const rows: { name: string; run: PageRun; scores: number[] }[] = [];
    for (const page of pages) {
      const runs: PageRun[] = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await measureWithRetry(browser, page.url, page.session));
        process.stdout.write(
          `${page.name} #${i + 1}: desempenho ${runs.at(-1)!.performance}, acessibilidade ${runs.at(-1)!.accessibility}\n`,
        );
      }
      rows.push({ name: page.name, run: medianRun(runs), scores: runs.map((r) => r.performance) });
    }

    const missed = [
      ...rows
        .filter((r) => r.run.performance < TARGETS.performance)
        .map((r) => `desempenho de ${r.name}`),
      ...rows
        .filter((r) => r.run.accessibility < TARGETS.accessibility)
        .map((r) => `acessibilidade de ${r.name} (${r.run.failedAudits.join(', ')})`),
      ...(script.gzipBytes > TARGETS.initialJsGzipBytes ? ['JS inicial'] : []),
    ];
    const report = [
      '# Benchmark da interface web (Lighthouse, perfil móvel)',
      '',
      `- Data: ${new Date().toISOString().slice(0, 10)}`,
      `- Máquina: ${note}`,
      `- Lighthouse ${rows[0]!.run.lighthouseVersion} com o Chromium do Debian (${CHROMIUM}), perfil móvel padrão: 4G lento simulado (150 ms de RTT, 1,6 Mbit/s) e CPU 4× mais lenta; cache vazio a cada medição.`,
      `- Servidor: build de produção (\`npm run build\`), \`node apps/api/dist/server.js\` com as NRs importadas; usuário novo do plano Gratuito, entrando pelo provedor de identidade de desenvolvimento.`,
      `- ${RUNS} medições por página; a tabela mostra a de desempenho mediano. O Lighthouse multiplica o tempo de CPU que observa por 4: numa máquina ocupada por outros processos (benchmarkIndex baixo, carga alta) FCP, LCP e sobretudo TBT saem maiores do que num celular de referência.`,
      '',
      `Metas: desempenho ≥ ${TARGETS.performance}, acessibilidade = ${TARGETS.accessibility}, JS inicial ≤ ${kb(TARGETS.initialJsGzipBytes)} gzip.`,
      '',
      '| Página | Desempenho | Acessibilidade | FCP | LCP | TBT | CLS | Speed Index | JS transferido | Total transferido | Desempenho nas medições | benchmarkIndex |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...rows.map(
        ({ name, run, scores }) =>
          `| ${name} | ${run.performance.toFixed(2)} | ${run.accessibility.toFixed(2)} | ${s(run.fcpMs)} | ${s(run.lcpMs)} | ${Math.round(run.tbtMs)} ms | ${run.cls.toFixed(3)} | ${s(run.siMs)} | ${kb(run.scriptBytes)} | ${kb(run.totalBytes)} | ${scores.map((v) => v.toFixed(2)).join(', ')} | ${Math.round(run.benchmarkIndex)} |`,
      ),
      '',
      `JS inicial (o script de entrada e os que ele pré-carrega, em gzip): **${kb(script.gzipBytes)}** — ${script.files.join(', ')}. O build falha acima de ${kb(TARGETS.initialJsGzipBytes)} (\`apps/web/build-tools/initial-js-budget.ts\`).`,
      '',
      missed.length === 0
        ? 'Todas as metas atingidas.'
        : `Metas não atingidas: ${missed.join('; ')}.`,
      '',
    ].join('\n');
    const file = writeBenchResult('web.md', report);
    process.stdout.write(`\n${report}\nResultado em ${file}\n`);
    if (missed.length > 0) process.exitCode = 1;
  } finally {
    await browser.close();
    server.kill();
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
