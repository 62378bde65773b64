import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import type { AnswerPort } from '../modules/questions/engine-ports';
import { fakeEngines } from '../modules/questions/test-support/fake-engines';
import {
  insertFixtureCorpus,
  type FixtureSection,
} from '../modules/questions/test-support/fixture-corpus';
import { bearer, signIn } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';

const SCRIPT = `console.log(${JSON.stringify('Assistente de Normas '.repeat(200))});\n`;
const INDEX = `<!doctype html><html lang="pt-BR"><head><title>Assistente de Normas</title></head><body><div id="root">${'<!-- app -->'.repeat(120)}</div></body></html>`;

/** A built web app as `vite build` leaves it: files plus their brotli and gzip copies. */
function writeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'normas-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const files = { 'index.html': INDEX, 'assets/index-abc123.js': SCRIPT };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  }
  return dir;
}

/**
 * The answer engine sends its first piece, then waits until the test has read that piece off the
 * socket before it finishes: a compressor or any buffer on the way would hold the first event back
 * and the answer would never end.
 */
function engineThatWaitsForTheClient(base: AnswerPort) {
  let firstEventRead: () => void = () => undefined;
  const read = new Promise<void>((resolve) => {
    firstEventRead = resolve;
  });
  const answers: AnswerPort = {
    kind: 'fake',
    async answer(input, options) {
      options.onDelta?.('Primeira parte da resposta. ');
      await read;
      return base.answer(input, options);
    },
  };
  return { answers, firstEventRead };
}

let t: TestApp;
let dist: string;
let corpus: FixtureSection[] = [];
const engines = fakeEngines(() => corpus);
const waiting = engineThatWaitsForTheClient(engines.answers);

beforeAll(async () => {
  dist = writeDist();
  t = await createTestApp(
    { WEB_DIST_DIR: dist },
    {
      beforeBuild: async (database) => {
        corpus = await insertFixtureCorpus(database);
      },
      overrides: {
        retrieval: engines.retrieval,
        answers: waiting.answers,
      } as unknown as Partial<AppContext>,
    },
  );
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
  });

describe('API answers', () => {
  it('are compressed with brotli when the browser accepts it, else gzip, else sent as they are', async () => {
    const plain = await get('/api/v1/openapi.json');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/api/v1/openapi.json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await get('/api/v1/openapi.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('are sent as they are below 1 KB, errors included', async () => {
    const small = await get('/api/v1/health', 'br');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });

    const missing = await get('/api/v1/nada', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json()).toEqual({
      code: 'ROUTE_NOT_FOUND',
      message: 'Rota da API não encontrada.',
    });
  });
});

describe('Server-Sent Events', () => {
  it('are never compressed and reach the browser event by event', async () => {
    const login = await signIn(t.app, { email: 'sse@example.com', name: 'Sara Stream' });
    const address = new URL(await t.app.listen({ host: '127.0.0.1', port: 0 }));
    const body = JSON.stringify({ question: 'O que é trabalho em altura?' });

    const received = await new Promise<{ headers: http.IncomingHttpHeaders; events: string[] }>(
      (resolve, reject) => {
        const request = http.request(
          {
            host: address.hostname,
            port: address.port,
            path: '/api/v1/regulation/question/stream',
            method: 'POST',
            headers: {
              ...bearer(login.token),
              'content-type': 'application/json',
              'accept-encoding': 'br, gzip',
              accept: 'text/event-stream',
            },
          },
          (response) => {
            const events: string[] = [];
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              text += chunk;
              const blocks = text.split('\n\n');
              text = blocks.pop() ?? '';
              for (const block of blocks) {
                const event = /^event: (.+)$/m.exec(block)?.[1];
                if (!event) continue;
                events.push(event);
                // Only now may the engine go on: the first event came through on its own.
                if (events.length === 1) waiting.firstEventRead();
              }
            });
            response.on('end', () => resolve({ headers: response.headers, events }));
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        // A held-back first event: fail, and let the engine finish so that the server can close.
        const timer = setTimeout(() => {
          waiting.firstEventRead();
          request.destroy(new Error('the first event did not arrive on its own within 5 s'));
        }, 5_000);
        request.on('close', () => clearTimeout(timer));
        request.end(body);
      },
    );

    expect(received.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(received.headers['content-encoding']).toBeUndefined();
    expect(received.events[0]).toBe('delta');
    expect(received.events.at(-1)).toBe('done');
  });
});

describe('the built web app', () => {
  it('serves each asset pre-compressed, with vary and a year of cache', async () => {
    for (const [encoding, expected, decode] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await get('/assets/index-abc123.js', encoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload).toEqual(
        fs.readFileSync(
          path.join(dist, 'assets', `index-abc123.js.${expected === 'br' ? 'br' : 'gz'}`),
        ),
      );
      expect(decode(res.rawPayload).toString()).toBe(SCRIPT);
    }

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('serves the page of a client-side route pre-compressed and never cached stale', async () => {
    const res = await get('/regulations', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);

    const plain = await get('/history/123');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX);
  });
});
