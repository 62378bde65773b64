/**
 * The benchmark's HTTP client, run in a worker thread so that sending requests and reading answers
 * does not share the event loop with the server it measures (as it would not in production).
 *
 * It still shares the machine's cores with the server and the database, so it is kept light:
 * node:http over kept-alive connections (one per simulated user) instead of fetch, whose
 * Request/Response/stream machinery cost about as much CPU per request as the server itself.
 */
import http from 'node:http';
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

interface Poster {
  /** POSTs a JSON body; calls `onChunk` for each piece of the answer and resolves with the status. */
  post(path: string, body: string, onChunk?: (chunk: Buffer) => void): Promise<number>;
  close(): void;
}

function poster(base: string, token: string, connections: number): Poster {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  return {
    post(path, body, onChunk) {
      return new Promise((resolve, reject) => {
        const req = http.request(
          {
            agent,
            host: url.hostname,
            port: url.port,
            method: 'POST',
            path,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              authorization: `Bearer ${token}`,
            },
          },
          (res) => {
            res.on('data', (chunk: Buffer) => onChunk?.(chunk));
            res.on('end', () => resolve(res.statusCode ?? 0));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}

async function streamOnce(client: Poster, question: string) {
  const t0 = performance.now();
  let firstMs = NaN;
  let seen = '';
  const decoder = new TextDecoder();
  const status = await client.post(
    '/api/v1/regulation/question/stream',
    JSON.stringify({ question }),
    (chunk) => {
      if (!Number.isNaN(firstMs)) return;
      seen += decoder.decode(chunk, { stream: true });
      // An abstention or an error also ends the wait for a first token.
      if (/event: (delta|done|error)/.test(seen)) firstMs = performance.now() - t0;
    },
  );
  return { status, firstMs, totalMs: performance.now() - t0 };
}

async function run(job: ClientJob): Promise<ClientResult> {
  const { base, token, questions, level } = job;
  const client = poster(base, token, level.concurrency);
  try {
    if (job.mode === 'json') {
      const bodies = questions.map((question) => JSON.stringify({ question }));
      const report = await runLoad(level, (i) =>
        client.post('/api/v1/regulation/question', bodies[i % bodies.length]!),
      );
      return { mode: 'json', report };
    }
    const firsts: number[] = [];
    const totals: number[] = [];
    const report = await runLoad(level, async (i) => {
      const r = await streamOnce(client, questions[(i * 7) % questions.length]!);
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
  } finally {
    client.close();
  }
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  void run(workerData as ClientJob).then((result) => port.postMessage(result));
}
