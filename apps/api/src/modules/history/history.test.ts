import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions } from '../../db/schema';
import { bearer, signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createHistoryRepository } from './history.repository';

let t: TestApp;
let ana: { id: string; headers: Record<string, string> };
let bruno: { id: string; headers: Record<string, string> };

async function user(email: string) {
  const login = await signIn(t.app, { email, name: email });
  return { id: login.user.id, headers: bearer(login.token) };
}

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

beforeAll(async () => {
  t = await createTestApp();
  ana = await user('ana@example.com');
  bruno = await user('bruno@example.com');
  const history = createHistoryRepository(t.database.db);
  // Creation times increase with the number, a second apart: two inserts can fall in the same
  // millisecond, the resolution of PGlite's clock.
  const start = Date.now() - 60_000;
  for (let i = 1; i <= 12; i++) {
    const row = await history.insert({
      userId: ana.id,
      chatKey: `ana-${i}`,
      question: `Pergunta ${i} da Ana`,
      answer: `Resposta ${i}`,
      regulations: [],
      abstained: i === 12,
      engine: 'extractive',
    });
    await t.database.db
      .update(questions)
      .set({ createdAt: new Date(start + i * 1000) })
      .where(eq(questions.id, row.id));
  }
  await history.insert({
    userId: bruno.id,
    chatKey: 'bruno-1',
    question: 'Pergunta do Bruno',
    answer: 'R',
    regulations: [],
    abstained: false,
    engine: 'extractive',
  });
});
afterAll(async () => t.close());

describe('GET /regulation/question-history', () => {
  it('pages the signed-in user’s questions, newest first, 10 by default', async () => {
    const first = await get('/regulation/question-history', ana.headers);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ page: 1, limit: 10, total: 12 });
    expect(body.data.map((d: { question: string }) => d.question)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Pergunta ${12 - i} da Ana`),
    );
    expect(Object.keys(body.data[0]).sort()).toEqual(['createdAt', 'id', 'question']);
    expect(new Date(body.data[0].createdAt).toISOString()).toBe(body.data[0].createdAt);

    const second = await get('/regulation/question-history?page=2&limit=10', ana.headers);
    expect(second.json().data.map((d: { question: string }) => d.question)).toEqual([
      'Pergunta 2 da Ana',
      'Pergunta 1 da Ana',
    ]);
  });

  it('shows nobody else’s questions', async () => {
    const res = await get('/regulation/question-history', bruno.headers);
    expect(res.json()).toEqual({
      data: [expect.objectContaining({ question: 'Pergunta do Bruno' })],
      page: 1,
      limit: 10,
      total: 1,
    });
  });

  it('refuses a bad page or limit in pt-BR', async () => {
    const res = await get('/regulation/question-history?page=0&limit=500', ana.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'page deve ser ao menos 1.',
    });
  });
});

describe('GET /regulation/question-history/:id', () => {
  it('gives the answer of one of the user’s questions', async () => {
    const list = await get('/regulation/question-history?limit=1', ana.headers);
    const { id } = list.json().data[0];
    const res = await get(`/regulation/question-history/${id}`, ana.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id,
      question: 'Pergunta 12 da Ana',
      createdAt: list.json().data[0].createdAt,
      aiResponse: 'Resposta 12',
      chatKey: 'ana-12',
      data: [],
      abstained: true,
    });
  });

  it('answers 404 for another user’s question', async () => {
    const list = await get('/regulation/question-history', bruno.headers);
    const res = await get(`/regulation/question-history/${list.json().data[0].id}`, ana.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Pergunta não encontrada no seu histórico.',
    });
  });

  it('answers 400 for an id that is not a uuid', async () => {
    const res = await get('/regulation/question-history/abc', ana.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Identificador inválido.',
    });
  });
});
