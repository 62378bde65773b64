import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { HELMET_OPTIONS, securityHeadersPlugin } from './security-headers';

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
    expect(sample.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(sample.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(sample.headers['x-content-type-options']).toBe('nosniff');
    expect(sample.headers['strict-transport-security']).toBeTruthy();
  });
});

describe('security headers on the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('are on every answer, including errors', async () => {
    for (const url of ['/api/v1/health', '/api/v1/auth/me', '/api/v1/nada']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });
});
