import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { collectPdfPieces, type PdfPage } from './pdf-pieces';

/**
 * Reading PDFs is CPU-bound and pdf.js runs in the calling thread under Node, so a corpus import
 * spreads the files over worker threads. The worker is given as source text (not a file) so that
 * it survives bundling into dist/ unchanged.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// Transpilers that keep function names wrap inner functions in __name(); a no-op here.
const __name = (f) => f;
const collect = ${collectPdfPieces.toString()};
let pdfjs;
parentPort.on('message', async ({ id, data }) => {
  try {
    pdfjs = pdfjs || (await import(workerData.pdfjsUrl));
    parentPort.postMessage({ id, pages: await collect(pdfjs, data) });
  } catch (error) {
    parentPort.postMessage({ id, error: error && error.message ? error.message : String(error) });
  }
});
`;

interface Job {
  id: number;
  data: Uint8Array;
  resolve(pages: PdfPage[]): void;
  reject(error: Error): void;
}

export interface PdfPool {
  extract(data: Uint8Array): Promise<PdfPage[]>;
  close(): Promise<void>;
}

export function createPdfPool(size: number): PdfPool {
  const pdfjsUrl = pathToFileURL(
    createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs'),
  ).href;
  const queue: Job[] = [];
  const idle: Worker[] = [];
  const busy = new Map<Worker, Job>();
  let nextId = 0;
  let closed = false;

  const spawn = () => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { pdfjsUrl } });
    worker.on('message', (message: { id: number; pages?: PdfPage[]; error?: string }) => {
      const job = busy.get(worker);
      busy.delete(worker);
      if (job && job.id === message.id) {
        if (message.error !== undefined) job.reject(new Error(message.error));
        else job.resolve(message.pages!);
      }
      idle.push(worker);
      pump();
    });
    worker.on('error', (error) => {
      const job = busy.get(worker);
      busy.delete(worker);
      job?.reject(error);
      if (!closed) {
        spawn();
        pump();
      }
    });
    idle.push(worker);
  };

  const pump = () => {
    while (idle.length > 0 && queue.length > 0) {
      const worker = idle.pop()!;
      const job = queue.shift()!;
      busy.set(worker, job);
      worker.postMessage({ id: job.id, data: job.data });
    }
  };

  // The workers start with the first PDF to read: a start whose files were all imported before
  // (a restart) reads none and spawns none.
  let spawned = false;

  return {
    extract(data) {
      if (!spawned && !closed) {
        spawned = true;
        for (let i = 0; i < size; i++) spawn();
      }
      return new Promise((resolve, reject) => {
        queue.push({ id: nextId++, data, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('importação interrompida'));
      await Promise.all([...idle, ...busy.keys()].map((w) => w.terminate()));
    },
  };
}
