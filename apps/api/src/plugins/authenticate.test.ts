import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSessionSecret } from '../lib/session-secret';
import { bearer, signIn } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('signed-in routes', () => {
  // Authentication runs before the body is validated: an anonymous caller learns nothing about
  // the route's input rules and always gets the same 401.
  it.each([
    ['POST', '/api/v1/regulation/question', { question: '' }],
    ['POST', '/api/v1/regulation/question/stream', { question: 42 }],
    ['POST', '/api/v1/regulation/chat/create', {}],
    ['POST', '/api/v1/regulation/projects', { name: '' }],
    ['POST', '/api/v1/chat/feedback', { type: 'TALVEZ' }],
    ['GET', '/api/v1/regulation/question-history?page=zero', undefined],
    ['GET', '/api/v1/regulations/nao-e-uuid', undefined],
  ] as const)(
    '%s %s without a token answers 401 even with bad input',
    async (method, url, payload) => {
      const res = await t.app.inject({
        method,
        url,
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'Sua sessão expirou ou é inválida. Faça login novamente.',
      });
    },
  );
});

describe('a correctly signed session token whose sid is not a UUID', () => {
  it.each([
    ['GET', '/api/v1/auth/me'],
    ['GET', '/api/v1/regulation/projects'],
    ['GET', '/api/v1/regulation/chats?onlyWithoutProject=true'],
    ['GET', '/api/v1/regulation/question-history'],
    ['POST', '/api/v1/auth/logout'],
  ] as const)('answers 401 on %s %s', async (method, url) => {
    const { user } = await signIn(t.app, { email: 'sid.estranho@exemplo.com.br', name: 'Sid' });
    const secret = resolveSessionSecret(t.config.sessionSecret, t.config.dataDir);
    const token = await new SignJWT({ sid: 'nao-e-um-uuid' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer('assistente-de-normas')
      .setAudience('assistente-de-normas:session')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret));
    const res = await t.app.inject({ method, url, headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Sua sessão expirou ou é inválida. Faça login novamente.',
    });
  });
});
