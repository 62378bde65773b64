import { QuestionAnswerResponseSchema } from '@normas/contracts/questions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { bearer, signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUsersRepository } from '../users/users.repository';
import { planQuota } from '../billing/plan-period';
import { fakeEngines } from './test-support/fake-engines';
import { insertFixtureCorpus, type FixtureSection } from './test-support/fixture-corpus';
import { parseEvents } from './test-support/sse';
import { createUsageRepository } from '../billing/usage.repository';

const FAILED = 'Ocorreu um erro ao processar sua pergunta. Por favor, tente novamente.';

let t: TestApp;
let corpus: FixtureSection[] = [];
const engines = fakeEngines(() => corpus);

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeBuild: async (database) => {
        corpus = await insertFixtureCorpus(database);
      },
      overrides: {
        retrieval: engines.retrieval,
        answers: engines.answers,
      } as unknown as Partial<AppContext>,
    },
  );
});
afterAll(async () => t.close());

let userCount = 0;
async function user(plan: 'free' | 'pro' | 'business' = 'free') {
  const email = `pessoa${++userCount}@example.com`;
  const login = await signIn(t.app, { email, name: `Pessoa ${userCount}` });
  if (plan !== 'free') await createUsersRepository(t.database.db).setPlanByEmail(email, plan);
  return { id: login.user.id, headers: bearer(login.token) };
}

const ask = (
  headers: Record<string, string>,
  payload: unknown,
  url = '/api/v1/regulation/question',
) => t.app.inject({ method: 'POST', url, headers, payload: payload as object });

/** Waits for a condition that another part of the server makes true (at most 5 s). */
async function until(condition: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + 5_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not reached in 5 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function usedToday(userId: string) {
  return createUsageRepository(t.database.db).used(userId, planQuota('free', new Date()).periodKey);
}

describe('POST /regulation/question', () => {
  it('answers with the cited regulation, a chat key, the history id and the usage', async () => {
    const u = await user();
    const res = await ask(u.headers, { question: '  O que é trabalho em altura?  ' });
    expect(res.statusCode).toBe(200);
    const body = QuestionAnswerResponseSchema.parse(res.json());
    const cited = corpus[0]!;
    expect(body.aiResponse).toBe(
      `Segundo a norma, considera-se trabalho em altura a atividade acima de 2,00 m ([NR-35, item 35.1.2](/regulations/${cited.regulationId}#35.1.2)).`,
    );
    expect(body.abstained).toBe(false);
    expect(body.chatKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.usage).toEqual({ used: 1, max: 3 });
    expect(body.data).toEqual([
      {
        id: cited.regulationId,
        code: 'NR-35',
        title: 'Trabalho em Altura',
        authority: 'Ministério do Trabalho e Emprego',
        issuedDate: '1978-06-08',
        revisedDate: '2023-09-01',
        status: 'vigente',
        description: 'Requisitos mínimos e medidas de proteção para o trabalho em altura.',
        sections: [
          {
            id: cited.sectionId,
            number: 1,
            item: '35.1.2',
            headingPath: '35.1 Objetivo',
            content: cited.content,
            effectiveFrom: null,
          },
        ],
      },
    ]);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/regulation/question-history/${body.historyId}`,
      headers: u.headers,
    });
    expect(detail.json()).toMatchObject({
      question: 'O que é trabalho em altura?',
      chatKey: body.chatKey,
      aiResponse: body.aiResponse,
      data: body.data,
    });
  });

  it('lets exactly 3 of 10 parallel questions of a free user through, and refuses the rest with the limit', async () => {
    const u = await user();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        ask(u.headers, { question: `Pergunta ${i} sobre altura` }),
      ),
    );
    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(7);
    expect(ok.map((r) => r.json().usage.used).sort()).toEqual([1, 2, 3]);
    const { resetAt } = planQuota('free', new Date());
    for (const r of refused) {
      expect(r.json()).toEqual({
        code: 'DAILY_LIMIT_EXCEEDED',
        message: 'Você atingiu o limite de 3 perguntas por dia do plano Gratuito.',
        usage: { used: 3, max: 3 },
        resetAt,
      });
    }
    expect(await usedToday(u.id)).toBe(3);
  });

  it('refuses a Pro user who used 100 questions this month', async () => {
    const u = await user('pro');
    const quota = planQuota('pro', new Date());
    await createUsageRepository(t.database.db).set(u.id, quota.periodKey, 100);
    const res = await ask(u.headers, { question: 'O que é trabalho em altura?' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      code: 'MONTHLY_LIMIT_EXCEEDED',
      message: 'Você atingiu o limite de 100 perguntas por mês do plano Pro.',
      usage: { used: 100, max: 100 },
      resetAt: quota.resetAt,
    });
  });

  it('lets a Pro user ask the 100th question of the month', async () => {
    const u = await user('pro');
    await createUsageRepository(t.database.db).set(
      u.id,
      planQuota('pro', new Date()).periodKey,
      99,
    );
    const res = await ask(u.headers, { question: 'O que é trabalho em altura?' });
    expect(res.statusCode).toBe(200);
    expect(res.json().usage).toEqual({ used: 100, max: 100 });
  });

  it('does not limit a Business user, but still counts the questions', async () => {
    const u = await user('business');
    await createUsageRepository(t.database.db).set(
      u.id,
      planQuota('business', new Date()).periodKey,
      5000,
    );
    const res = await ask(u.headers, { question: 'O que é trabalho em altura?' });
    expect(res.statusCode).toBe(200);
    expect(res.json().usage).toEqual({ used: 5001, max: null });
  });

  it('gives the question back when the answer engine fails', async () => {
    const u = await user();
    const res = await ask(u.headers, { question: 'Esta pergunta provoca uma falha' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 'ANSWER_FAILED', message: FAILED });
    expect(await usedToday(u.id)).toBe(0);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/v1/regulation/question-history',
      headers: u.headers,
    });
    expect(history.json().total).toBe(0);
  });

  it('keeps an abstained answer in the history without using up a question', async () => {
    const u = await user();
    expect(
      (await ask(u.headers, { question: 'O que é trabalho em altura?' })).json().usage,
    ).toEqual({ used: 1, max: 3 });
    const res = await ask(u.headers, { question: 'Uma pergunta fora das normas' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ abstained: true, data: [], usage: { used: 1, max: 3 } });
    expect(await usedToday(u.id)).toBe(1);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/v1/regulation/question-history',
      headers: u.headers,
    });
    expect(history.json().total).toBe(2);
  });

  it('leaves a free user at 2 of 3 their third question after an abstained answer', async () => {
    const u = await user();
    await createUsageRepository(t.database.db).set(
      u.id,
      planQuota('free', new Date()).periodKey,
      2,
    );
    const abstained = await ask(u.headers, { question: 'Outra pergunta fora das normas' });
    expect(abstained.json().usage).toEqual({ used: 2, max: 3 });
    const counted = await ask(u.headers, { question: 'O que é trabalho em altura?' });
    expect(counted.json().usage).toEqual({ used: 3, max: 3 });
    expect((await ask(u.headers, { question: 'E em espaço confinado?' })).statusCode).toBe(429);
  });

  it('does not count an abstained answer of a Business user', async () => {
    const u = await user('business');
    const res = await ask(u.headers, { question: 'Mais uma pergunta fora das normas' });
    expect(res.json().usage).toEqual({ used: 0, max: null });
    const counted = await ask(u.headers, { question: 'O que é trabalho em altura?' });
    expect(counted.json().usage).toEqual({ used: 1, max: null });
  });

  it.each([
    [{ question: '   ' }, 'Escreva sua pergunta.'],
    [{ question: 'a'.repeat(2001) }, 'A pergunta pode ter no máximo 2000 caracteres.'],
    [{ question: 42 }, 'A pergunta deve ser um texto.'],
    [{}, 'A pergunta deve ser um texto.'],
  ])('refuses %j with a pt-BR 400 and uses no quota', async (payload, message) => {
    const u = await user();
    const res = await ask(u.headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(await usedToday(u.id)).toBe(0);
  });

  it('accepts a question of exactly 2000 characters', async () => {
    const u = await user();
    const res = await ask(u.headers, { question: 'a'.repeat(2000) });
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /regulation/question/stream', () => {
  const stream = (headers: Record<string, string>, question: string) =>
    ask(headers, { question }, '/api/v1/regulation/question/stream');

  it('streams the deltas and then the complete answer', async () => {
    const u = await user();
    const res = await stream(u.headers, 'O que é trabalho em altura?');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['x-accel-buffering']).toBe('no');
    // Headers set by helmet and the request-id hook survive the hijack.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
    const events = parseEvents(res.body);
    expect(events.map((e) => e.event)).toEqual(['delta', 'delta', 'done']);
    const done = QuestionAnswerResponseSchema.parse(events[2]!.data);
    expect(
      events
        .slice(0, 2)
        .map((e) => (e.data as { text: string }).text)
        .join(''),
    ).toBe(done.aiResponse);
    expect(done.usage).toEqual({ used: 1, max: 3 });
    expect(done.data.map((r) => r.code)).toEqual(['NR-35']);
  });

  it('answers the limit as JSON 429 before any stream starts', async () => {
    const u = await user();
    await createUsageRepository(t.database.db).set(
      u.id,
      planQuota('free', new Date()).periodKey,
      3,
    );
    const res = await stream(u.headers, 'O que é trabalho em altura?');
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ code: 'DAILY_LIMIT_EXCEEDED', usage: { used: 3, max: 3 } });
  });

  it('refuses a blank question as JSON 400', async () => {
    const u = await user();
    const res = await stream(u.headers, ' ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Escreva sua pergunta.',
    });
  });

  it('stops the engine and gives the question back when the client disconnects', async () => {
    const u = await user();
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const client = new AbortController();
    const before = { ...engines.calls };
    const res = await fetch(`${address}/api/v1/regulation/question/stream`, {
      method: 'POST',
      headers: { ...u.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'Esta resposta espera o cliente' }),
      signal: client.signal,
    });
    expect(res.status).toBe(200);
    await until(() => engines.calls.answers > before.answers);
    expect(await usedToday(u.id)).toBe(1);
    client.abort();
    await until(() => engines.calls.aborted > before.aborted);
    await until(async () => (await usedToday(u.id)) === 0);
  });

  it('ends with an error event and gives the question back when the engine fails mid-stream', async () => {
    const u = await user();
    const res = await stream(u.headers, 'Outra falha no meio');
    expect(res.statusCode).toBe(200);
    expect(parseEvents(res.body)).toEqual([
      { event: 'error', data: { code: 'ANSWER_FAILED', message: FAILED } },
    ]);
    expect(await usedToday(u.id)).toBe(0);
  });
});

describe('an empty knowledge base', () => {
  it('answers 503 and uses no quota', async () => {
    const empty = await createTestApp();
    try {
      const login = await signIn(empty.app, { email: 'vazio@example.com', name: 'Vazio' });
      const res = await empty.app.inject({
        method: 'POST',
        url: '/api/v1/regulation/question',
        headers: bearer(login.token),
        payload: { question: 'O que é trabalho em altura?' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 'KNOWLEDGE_BASE_EMPTY',
        message: 'A base de normas ainda não foi importada. Tente novamente em instantes.',
      });
      const rows = await empty.database.db.execute(
        sql`select count(*)::int as n from question_usage`,
      );
      expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    } finally {
      await empty.close();
    }
  });
});

describe('GET /usage', () => {
  const usage = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/v1/usage', headers });

  it("tells a free user how many of the day's 3 questions are used, and when the count restarts", async () => {
    const u = await user();
    const before = await usage(u.headers);
    expect(before.statusCode).toBe(200);
    const quota = planQuota('free', new Date());
    expect(before.json()).toEqual({
      plan: 'free',
      used: 0,
      max: 3,
      period: 'day',
      resetAt: quota.resetAt,
    });
    await ask(u.headers, { question: 'O que é trabalho em altura?' });
    await ask(u.headers, { question: 'Uma pergunta fora das normas' });
    expect((await usage(u.headers)).json()).toMatchObject({ used: 1, max: 3 });
  });

  it('gives a Pro user the month and a Business user no limit', async () => {
    const pro = await user('pro');
    expect((await usage(pro.headers)).json()).toMatchObject({
      plan: 'pro',
      used: 0,
      max: 100,
      period: 'month',
    });
    const business = await user('business');
    expect((await usage(business.headers)).json()).toMatchObject({
      plan: 'business',
      max: null,
      resetAt: null,
    });
  });
});

describe('signed-out callers', () => {
  it.each([
    ['POST', '/api/v1/regulation/question'],
    ['POST', '/api/v1/regulation/question/stream'],
    ['GET', '/api/v1/regulation/question-history'],
    ['GET', '/api/v1/usage'],
    ['GET', '/api/v1/regulation/question-history/00000000-0000-4000-8000-000000000000'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      payload: method === 'POST' ? { question: 'O que é EPI?' } : undefined,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Sua sessão expirou ou é inválida. Faça login novamente.',
    });
  });
});
