import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import { registerErrorHandler } from './error-handler';
import { fakeEngines } from '../modules/questions/test-support/fake-engines';
import {
  insertFixtureCorpus,
  type FixtureSection,
} from '../modules/questions/test-support/fixture-corpus';
import { createUsersRepository } from '../modules/users/users.repository';
import { bearer } from '../test/sign-in';
import { createTestApp, openTestDatabase, type TestApp } from '../test/test-app';
import { RATE_LIMIT_CLASSES, rateLimitsPlugin, type RateLimitsOptions } from './rate-limits';

const RATE_LIMITED = {
  code: 'RATE_LIMITED',
  message: 'Muitas requisições. Aguarde um instante e tente novamente.',
};

let t: TestApp;
let corpus: FixtureSection[] = [];
const engines = fakeEngines(() => corpus);

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMITS: 'on' },
    {
      beforeBuild: async (database) => void (corpus = await insertFixtureCorpus(database)),
      overrides: {
        retrieval: engines.retrieval,
        answers: engines.answers,
      } as unknown as Partial<AppContext>,
    },
  );
});
afterAll(async () => t.close());

let users = 0;
/** A Business user (no plan quota, so only the rate limit can stop it), signed in from `ip`. */
async function businessUser(ip: string) {
  const email = `limite${++users}@exemplo.com.br`;
  const token = await t.app.inject({
    method: 'POST',
    url: '/api/v1/dev-auth/token',
    remoteAddress: '127.0.0.1',
    payload: { email, name: 'Limite' },
  });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress: `10.9.${users}.1`,
    payload: { idToken: token.json().idToken },
  });
  await createUsersRepository(t.database.db).setPlanByEmail(email, 'business');
  const headers = bearer(login.json().token);
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, remoteAddress: ip, headers, payload });
  return { headers, post };
}

function expectLimited(res: {
  statusCode: number;
  json(): unknown;
  headers: Record<string, unknown>;
}) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual(RATE_LIMITED);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('question rate limits', () => {
  const perUser = RATE_LIMIT_CLASSES.question.perUser.max;
  const perIp = RATE_LIMIT_CLASSES.question.perIp.max;

  it(`let a user ask ${perUser} questions a minute, then answer 429 with Retry-After`, async () => {
    const ana = await businessUser('10.1.0.1');
    for (let i = 0; i < perUser; i++) {
      const res = await ana.post('/api/v1/regulation/question', { question: `Pergunta ${i}?` });
      expect(res.statusCode, `pergunta ${i + 1}`).toBe(200);
    }
    expectLimited(await ana.post('/api/v1/regulation/question', { question: 'Mais uma?' }));
    // The stream counts in the same class.
    expectLimited(await ana.post('/api/v1/regulation/question/stream', { question: 'E agora?' }));

    // Another user on the same address is not held back by Ana's limit.
    const bia = await businessUser('10.1.0.1');
    const res = await bia.post('/api/v1/regulation/question', { question: 'Posso?' });
    expect(res.statusCode).toBe(200);
  });

  it(`let one address ask ${perIp} questions a minute, whoever signs in`, async () => {
    const ip = '10.2.0.1';
    let sent = 0;
    while (sent < perIp) {
      const someone = await businessUser(ip);
      for (let i = 0; i < perUser && sent < perIp; i++, sent++) {
        const res = await someone.post('/api/v1/regulation/question', { question: `P${sent}?` });
        expect(res.statusCode, `pergunta ${sent + 1}`).toBe(200);
      }
    }
    const fresh = await businessUser(ip);
    expectLimited(await fresh.post('/api/v1/regulation/question', { question: 'Outra?' }));
  });

  it('cannot be dodged with a made-up X-Forwarded-For (TRUST_PROXY is off)', async () => {
    const ana = await businessUser('10.3.0.1');
    for (let i = 0; i < perUser; i++) {
      await ana.post('/api/v1/regulation/question', { question: `Pergunta ${i}?` });
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/regulation/question',
      remoteAddress: '10.3.0.1',
      headers: { ...ana.headers, 'x-forwarded-for': '198.51.100.9' },
      payload: { question: 'Disfarçado?' },
    });
    expectLimited(res);
  });
});

describe('chat message rate limits', () => {
  it(`let a user send ${RATE_LIMIT_CLASSES.chatMessage.perUser.max} messages a minute`, async () => {
    const ana = await businessUser('10.4.0.1');
    const chat = await ana.post('/api/v1/regulation/chat/create', { title: 'Limites' });
    expect(chat.statusCode).toBe(201);
    const url = `/api/v1/regulation/chat/${chat.json().id}/message`;
    for (let i = 0; i < RATE_LIMIT_CLASSES.chatMessage.perUser.max; i++) {
      expect((await ana.post(url, { content: `Mensagem ${i}` })).statusCode).toBe(201);
    }
    expectLimited(await ana.post(url, { content: 'Mais uma' }));
    expectLimited(await ana.post(`${url}/stream`, { content: 'E pelo stream' }));
  });
});

describe('sign-in rate limits', () => {
  it(`let one address sign in ${RATE_LIMIT_CLASSES.signIn.perIp.max} times a minute`, async () => {
    const ip = '10.5.0.1';
    const issue = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: address,
        payload: { idToken: 'nao-e-um-token' },
      });
    for (let i = 0; i < RATE_LIMIT_CLASSES.signIn.perIp.max; i++) {
      expect((await issue(ip)).statusCode).toBe(401);
    }
    expectLimited(await issue(ip));
    expect((await issue('10.5.0.2')).statusCode).toBe(401);
  });
});

/** A bare app with one limited route, as a replica would have it. */
async function replica(store: RateLimitsOptions['store']): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  await app.register(rateLimitsPlugin, {
    store,
    classes: { ...RATE_LIMIT_CLASSES, payment: { perIp: { max: 3, windowMs: 60_000 } } },
  });
  app.post('/pagar', { config: { rateLimitClass: 'payment' } }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('counters in the database', () => {
  it('are shared by replicas on one database, exactly, under parallel requests', async () => {
    const { database, drop } = await openTestDatabase();
    const apps = [
      await replica({ kind: 'database', db: database.db }),
      await replica({ kind: 'database', db: database.db }),
    ];
    try {
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          apps[i % 2]!.inject({ method: 'POST', url: '/pagar', remoteAddress: '10.6.0.1' }),
        ),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    } finally {
      for (const app of apps) await app.close();
      await database.close();
      await drop();
    }
  });
});

describe('when the shared counters are unreachable', () => {
  it('lets requests through instead of failing them', async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    const app = await replica({ kind: 'redis', url: 'redis://127.0.0.1:1', keyPrefix: 'x:' });
    try {
      for (let i = 0; i < 5; i++) {
        const res = await app.inject({ method: 'POST', url: '/pagar', remoteAddress: '10.7.0.1' });
        expect(res.statusCode).toBe(200);
      }
    } finally {
      await app.close();
    }
  });
});
