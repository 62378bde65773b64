import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

let dist: string;
beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'normas-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>App</title></head><body></body></html>',
  );
  fs.writeFileSync(
    path.join(dist, 'route-preloads.json'),
    JSON.stringify([
      { pattern: '/regulations', files: ['/assets/regulations-1.js', '/assets/schemas-2.js'] },
      { pattern: '/regulations/index', files: ['/assets/regulation-index-3.js'] },
      { pattern: '/regulations/:id', files: ['/assets/regulation-viewer-4.js'] },
      { pattern: '/history/:id', files: ['/assets/history-detail-5.js"><script>'] },
    ]),
  );
  fs.writeFileSync(
    path.join(dist, 'assets/app-1234.js'),
    'console.log(1);\n//# sourceMappingURL=app-1234.js.map',
  );
  fs.writeFileSync(path.join(dist, 'assets/app-1234.js.map'), '{"version":3,"sources":["a.ts"]}');
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: crypto.randomBytes(36).toString('base64'),
  FIREBASE_PROJECT_ID: 'normas-demo',
  FIREBASE_API_KEY: 'chave-publica',
  STRIPE_SECRET_KEY: 'sk_test_web_app',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_web_app',
  STRIPE_WEBHOOK_SECRET: 'whsec_web_app',
  STRIPE_PRICE_PRO: 'price_pro',
};

describe('the built web app', () => {
  it('keeps its source maps private in production', async () => {
    const t = await createTestApp({ ...PRODUCTION, WEB_DIST_DIR: dist });
    try {
      const script = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
      expect(script.statusCode).toBe(200);
      const map = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js.map' });
      expect(map.statusCode).toBe(404);
      expect(map.json()).toEqual({ code: 'NOT_FOUND', message: 'Recurso não encontrado.' });
      expect(map.body).not.toContain('sources');
      // Client-side routes still get the app.
      const route = await t.app.inject({ method: 'GET', url: '/chat/abc' });
      expect(route.statusCode).toBe(200);
      expect(route.body).toContain('<title>App</title>');
      expect(route.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    } finally {
      await t.close();
    }
  });

  it('serves them outside production, for debugging', async () => {
    const t = await createTestApp({ WEB_DIST_DIR: dist });
    try {
      const map = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js.map' });
      expect(map.statusCode).toBe(200);
      expect(map.json()).toEqual({ version: 3, sources: ['a.ts'] });
    } finally {
      await t.close();
    }
  });

  it("names in each page's HTML the chunks its route loads on demand", async () => {
    const t = await createTestApp({ WEB_DIST_DIR: dist });
    try {
      const preloads = async (url: string) => {
        const page = await t.app.inject({ method: 'GET', url });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(page.headers['cache-control']).toBe('no-cache');
        return [
          ...page.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g),
        ].map((m) => m[1]);
      };
      expect(await preloads('/regulations')).toEqual([
        '/assets/regulations-1.js',
        '/assets/schemas-2.js',
      ]);
      expect(await preloads('/regulations/')).toEqual([
        '/assets/regulations-1.js',
        '/assets/schemas-2.js',
      ]);
      expect(await preloads('/regulations/index')).toEqual(['/assets/regulation-index-3.js']);
      expect(await preloads('/regulations/nr-35?q=1')).toEqual(['/assets/regulation-viewer-4.js']);
      // A file name that is not a plain script path is never written into the page.
      const unsafe = await t.app.inject({ method: 'GET', url: '/history/abc' });
      expect(unsafe.body).not.toContain('<script>');
      expect(await preloads('/history/abc')).toEqual([]);
      expect(await preloads('/login')).toEqual([]);
      expect(await preloads('/regulations/nr-35/extra')).toEqual([]);

      // Compressed here (the build's .br/.gz are index.html without the preloads).
      const br = await t.app.inject({
        method: 'GET',
        url: '/regulations',
        headers: { 'accept-encoding': 'gzip;q=0.5, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/regulations-1.js">',
      );
      const gzip = await t.app.inject({
        method: 'GET',
        url: '/regulations',
        headers: { 'accept-encoding': 'br;q=0, gzip' },
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('/assets/regulations-1.js');

      // A new build replaces index.html while the server runs: its pages follow.
      const indexFile = path.join(dist, 'index.html');
      const previous = fs.readFileSync(indexFile, 'utf8');
      fs.writeFileSync(indexFile, previous.replace('<title>App</title>', '<title>Novo</title>'));
      fs.utimesSync(indexFile, new Date(), new Date(Date.now() + 5000));
      const rebuilt = await t.app.inject({ method: 'GET', url: '/regulations' });
      expect(rebuilt.body).toContain('<title>Novo</title>');
      expect(rebuilt.body).toContain('/assets/regulations-1.js');
      fs.writeFileSync(indexFile, previous);
    } finally {
      await t.close();
    }
  });
});
