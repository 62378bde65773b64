import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

let dist: string;
beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'normas-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>App</title>');
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
});
