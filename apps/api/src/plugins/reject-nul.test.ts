import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';
import { findNul } from './reject-nul';

const NUL_BODY = (field: string) => ({
  code: 'NUL_CHARACTER',
  message:
    'O texto contém um caractere nulo (U+0000), que não é aceito. Remova-o e tente novamente.',
  details: [
    {
      field,
      message:
        'O texto contém um caractere nulo (U+0000), que não é aceito. Remova-o e tente novamente.',
    },
  ],
});

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signIn(t.app, { email: 'nul@exemplo.com.br', name: 'Nul' }));
});
afterAll(async () => t.close());

describe('a NUL character in a text field', () => {
  it.each([
    ['chat title', 'POST', '/api/v1/regulation/chat/create', { title: 'Chat\u0000' }, 'title'],
    [
      'chat message',
      'POST',
      '/api/v1/regulation/chat/qualquer-chat/message',
      { content: 'Olá\u0000' },
      'content',
    ],
    [
      'chat message (stream)',
      'POST',
      '/api/v1/regulation/chat/qualquer-chat/message/stream',
      { content: '\u0000' },
      'content',
    ],
    ['project name', 'POST', '/api/v1/regulation/projects', { name: 'Obra\u0000' }, 'name'],
    [
      'project description',
      'POST',
      '/api/v1/regulation/projects',
      { name: 'Obra', description: 'a\u0000b' },
      'description',
    ],
    [
      'feedback comment',
      'POST',
      '/api/v1/chat/feedback',
      { chatId: 'abc', type: 'POSITIVE', comment: 'bom\u0000' },
      'comment',
    ],
    ['question', 'POST', '/api/v1/regulation/question', { question: 'Altura\u0000?' }, 'question'],
    [
      'question (stream)',
      'POST',
      '/api/v1/regulation/question/stream',
      { question: '\u0000' },
      'question',
    ],
    ['FAQ search', 'GET', '/api/v1/faqs/search?search=epi%00', undefined, 'search'],
    [
      'FAQ suggestions',
      'GET',
      '/api/v1/faqs/search?suggestionMode=true&search=%00',
      undefined,
      'search',
    ],
    ['a path parameter', 'GET', '/api/v1/regulation/chat/abc%00def', undefined, 'id'],
    [
      'a nested field',
      'POST',
      '/api/v1/regulation/projects',
      { extra: { a: ['\u0000'] } },
      'extra.a.0',
    ],
  ] as const)('is refused with a 400 (%s)', async (_what, method, url, payload, field) => {
    const res = await t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(NUL_BODY(field));
  });

  it('leaves text without NUL alone', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/faqs/search?search=%C3%A9%20epi',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const free = await t.app.inject({
      method: 'POST',
      url: '/api/v1/regulation/projects',
      headers: bearer(token),
      payload: { name: 'Obra do galpão', description: 'Sem caracteres nulos' },
    });
    // Past the NUL check, the route's own rule answers: a free plan has no projects.
    expect(free.json().code).not.toBe('NUL_CHARACTER');
  });
});

describe('findNul', () => {
  it('names the first field that holds a NUL, and nothing when none does', () => {
    expect(findNul({ a: 'x', b: { c: ['ok', 'n\u0000'] } })).toBe('b.c.1');
    expect(findNul({ a: 'x', b: [1, true, null, { c: 'ok' }] })).toBeUndefined();
    expect(findNul('\u0000')).toBe('');
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let deep: unknown = 'fim\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNul(deep)).toMatch(/^0(\.0)*$/);
  });
});
