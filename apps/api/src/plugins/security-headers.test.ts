import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { helmetOptions, securityHeadersPlugin } from './security-headers';

const HELMET_OPTIONS = helmetOptions({
  production: true,
  firebaseAuthDomain: 'demo.firebaseapp.com',
});

/** A bare app with one JSON route, one that sets its own header, and the default 404. */
async function appWith(register: (app: FastifyInstance) => PromiseLike<unknown>) {
  const app = Fastify({ logger: false });
  await register(app);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/own', async (_request, reply) => {
    reply.header('x-frame-options', 'DENY');
    return 'own';
  });
  await app.ready();
  return app;
}

const securityHeaders = (headers: Record<string, unknown>) => {
  const {
    date: _date,
    'content-length': _length,
    'content-type': _type,
    connection: _connection,
    'keep-alive': _keepAlive,
    ...rest
  } = headers;
  return rest;
};

describe('security headers', () => {
  let reference: FastifyInstance;
  let once: FastifyInstance;
  beforeAll(async () => {
    reference = await appWith((app) => app.register(helmet, HELMET_OPTIONS));
    once = await appWith((app) => app.register(securityHeadersPlugin, HELMET_OPTIONS));
  });
  afterAll(async () => {
    await reference.close();
    await once.close();
  });

  it('sends exactly what @fastify/helmet sends, on the first request and on later ones', async () => {
    for (let i = 0; i < 3; i++) {
      for (const url of ['/ok', '/own', '/nada']) {
        const expected = await reference.inject({ method: 'GET', url });
        const actual = await once.inject({ method: 'GET', url });
        expect(actual.statusCode).toBe(expected.statusCode);
        expect(securityHeaders(actual.headers)).toEqual(securityHeaders(expected.headers));
      }
    }
    const sample = await once.inject({ method: 'GET', url: '/ok' });
    expect(sample.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(sample.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(sample.headers['x-content-type-options']).toBe('nosniff');
    expect(sample.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('the content security policy', () => {
  async function cspOf(settings: Parameters<typeof helmetOptions>[0]) {
    const app = await appWith((a) => a.register(securityHeadersPlugin, helmetOptions(settings)));
    try {
      const res = await app.inject({ method: 'GET', url: '/ok' });
      return { csp: res.headers['content-security-policy'], headers: res.headers };
    } finally {
      await app.close();
    }
  }

  it('allows only the app itself with the development and demo payment providers, and no HSTS', async () => {
    const { csp, headers } = await cspOf({ production: false });
    expect(csp).toBe(
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "frame-src 'none'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "script-src-attr 'none'",
      ].join(';'),
    );
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('adds exactly the hosts Google sign-in and Stripe need in Firebase mode with Stripe', async () => {
    const { csp } = await cspOf({
      production: true,
      firebaseAuthDomain: 'normas.firebaseapp.com',
      stripe: true,
    });
    const directives = Object.fromEntries(
      csp!
        .toString()
        .split(';')
        .map((d) => {
          const [name, ...values] = d.split(' ');
          return [name, values];
        }),
    );
    expect(directives['script-src']).toEqual([
      "'self'",
      'https://apis.google.com',
      'https://js.stripe.com',
    ]);
    expect(directives['frame-src']).toEqual([
      'https://normas.firebaseapp.com',
      'https://js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(directives['connect-src']).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://api.stripe.com',
    ]);
    expect(directives['style-src']).toEqual(["'self'"]);
  });
});

describe('security headers on the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('are on every answer, including errors', async () => {
    for (const url of [
      '/api/v1/health',
      '/api/v1/auth/me',
      '/api/v1/nada',
      '/dev-auth/sign-in',
      '/dev-auth/sign-in.css',
      '/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(res.headers['x-request-id'], url).toBeTruthy();
    }
  });
});
