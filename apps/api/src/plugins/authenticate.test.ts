import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
