/**
 * The benchmark's HTTP client, run in a worker thread so that sending requests and reading answers
 * does not share the event loop with the server it measures (as it would not in production).
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { percentile, runLoad, type LoadOptions, type LoadReport } from './load';

export interface ClientJob {
  mode: 'json' | 'stream';
  base: string;
  token: string;
  questions: string[];
  level: LoadOptions;
}

export interface StreamReport {
  concurrency: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  totalP95: number;
  errors: number;
}

export type ClientResult =
  { mode: 'json'; report: LoadReport } | { mode: 'stream'; report: StreamReport };

/** Runs one load level in a fresh worker thread and resolves with its report. */
export function runClient(job: ClientJob): Promise<ClientResult> {
  return new Promise((resolve, reject) => {
    // The worker loads this TypeScript file through tsx's loader, registered inside the worker.
    const tsx = import.meta.resolve('tsx/esm/api');
    const source = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const worker = new Worker(source, { eval: true, workerData: job });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`cliente de carga terminou com código ${code}`));
    });
  });
}

async function streamOnce(base: string, token: string, question: string) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/v1/regulation/question/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ question }),
  });
  let firstMs = NaN;
  let seen = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body!) {
    if (Number.isNaN(firstMs)) {
      seen += decoder.decode(chunk as Uint8Array, { stream: true });
      // An abstention or an error also ends the wait for a first token.
      if (/event: (delta|done|error)/.test(seen)) firstMs = performance.now() - t0;
    }
  }
  return { status: res.status, firstMs, totalMs: performance.now() - t0 };
}

async function run(job: ClientJob): Promise<ClientResult> {
  const { base, token, questions, level } = job;
  if (job.mode === 'json') {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const report = await runLoad(level, async (i) => {
      const res = await fetch(`${base}/api/v1/regulation/question`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ question: questions[i % questions.length] }),
      });
      await res.arrayBuffer();
      return res.status;
    });
    return { mode: 'json', report };
  }
  const firsts: number[] = [];
  const totals: number[] = [];
  const report = await runLoad(level, async (i) => {
    const r = await streamOnce(base, token, questions[(i * 7) % questions.length]!);
    firsts.push(r.firstMs);
    totals.push(r.totalMs);
    return r.status;
  });
  const f = firsts.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  const t = totals.sort((a, b) => a - b);
  return {
    mode: 'stream',
    report: {
      concurrency: level.concurrency,
      requests: report.requests,
      p50: percentile(f, 50),
      p95: percentile(f, 95),
      p99: percentile(f, 99),
      totalP95: percentile(t, 95),
      errors: report.errors,
    },
  };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  void run(workerData as ClientJob).then((result) => port.postMessage(result));
}
