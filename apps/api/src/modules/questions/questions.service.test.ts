import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { openTestDatabase } from '../../test/test-app';
import { createHistoryRepository } from '../history/history.repository';
import { createUsersRepository } from '../users/users.repository';
import { createCitedSectionsRepository } from './cited-sections.repository';
import { planQuota } from '../billing/plan-period';
import { createQuestionsService, type Asker } from './questions.service';
import { fakeEngines } from './test-support/fake-engines';
import { insertFixtureCorpus, type FixtureSection } from './test-support/fixture-corpus';
import { createUsageRepository } from '../billing/usage.repository';

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let corpus: FixtureSection[];
let asker: Asker;
const NOW = new Date('2026-11-21T12:00:00Z');

function service(timeoutMs = 5_000) {
  const db = handle.database.db;
  const engines = fakeEngines(() => corpus);
  return {
    engines,
    service: createQuestionsService({
      ...engines,
      usage: createUsageRepository(db),
      history: createHistoryRepository(db),
      cited: createCitedSectionsRepository(db),
      timeoutMs,
      now: () => NOW,
    }),
  };
}

const used = () =>
  createUsageRepository(handle.database.db).used(asker.id, planQuota('free', NOW).periodKey);

beforeAll(async () => {
  handle = await openTestDatabase();
  corpus = await insertFixtureCorpus(handle.database);
  const row = await createUsersRepository(handle.database.db).upsertFromIdentity({
    uid: 'uid-1',
    email: 'servico@example.com',
    name: 'Serviço',
    photoUrl: null,
  });
  asker = { id: row.id, plan: row.plan };
});
afterAll(async () => {
  await handle.database.close();
  await handle.drop();
});

describe('questions service', () => {
  it('answers ANSWER_TIMEOUT, aborts the engine and gives the question back when the answer takes too long', async () => {
    const { service: s, engines } = service(30);
    const error = await s.ask(asker, 'esta resposta espera para sempre').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('ANSWER_TIMEOUT');
    expect((error as AppError).status).toBe(504);
    expect(engines.calls.aborted).toBe(1);
    expect(await used()).toBe(0);
  });

  it('stops the engine and gives the question back when the client goes away', async () => {
    const { service: s, engines } = service();
    const client = new AbortController();
    const pending = s.ask(asker, 'esta resposta espera o cliente', { signal: client.signal });
    setTimeout(() => client.abort(new DOMException('gone', 'AbortError')), 20);
    await expect(pending).rejects.toThrow('gone');
    expect(engines.calls.aborted).toBe(1);
    expect(await used()).toBe(0);
  });

  it('keeps the question used when the answer was stored', async () => {
    const { service: s } = service();
    const answer = await s.ask(asker, 'O que é trabalho em altura?');
    expect(answer.usage).toEqual({ used: 1, max: 3 });
    expect(await used()).toBe(1);
  });

  describe('on a plan without a limit', () => {
    let business: Asker;
    beforeAll(async () => {
      const users = createUsersRepository(handle.database.db);
      await users.upsertFromIdentity({
        uid: 'uid-business',
        email: 'business@example.com',
        name: 'Business',
        photoUrl: null,
      });
      const row = await users.setPlanByEmail('business@example.com', 'business');
      business = { id: row!.id, plan: row!.plan };
    });
    const count = () =>
      createUsageRepository(handle.database.db).used(
        business.id,
        planQuota('business', NOW).periodKey,
      );
    const stored = async () =>
      (await createHistoryRepository(handle.database.db).listForUser(business.id, 1, 50)).total;

    it('counts each question when its answer is stored, with the count in the answer', async () => {
      const { service: s } = service();
      const first = await s.ask(business, 'O que é trabalho em altura?');
      const second = await s.ask(business, 'Quem fornece o EPI?');
      expect(first.usage).toEqual({ used: 1, max: null });
      expect(second.usage).toEqual({ used: 2, max: null });
      expect(await count()).toBe(2);
      expect(await stored()).toBe(2);
      const detail = await createHistoryRepository(handle.database.db).findForUser(
        second.historyId,
        business.id,
      );
      expect(detail).toMatchObject({ question: 'Quem fornece o EPI?', answer: second.aiResponse });
      expect(detail!.regulations).toEqual(second.data);
    });

    it('counts nothing and stores nothing when the answer fails or times out', async () => {
      const before = await count();
      const storedBefore = await stored();
      await expect(
        service().service.ask(business, 'Esta pergunta provoca uma falha'),
      ).rejects.toMatchObject({
        code: 'ANSWER_FAILED',
      });
      await expect(service(30).service.ask(business, 'esta resposta espera')).rejects.toMatchObject(
        {
          code: 'ANSWER_TIMEOUT',
        },
      );
      expect(await count()).toBe(before);
      expect(await stored()).toBe(storedBefore);
    });

    it('counts questions answered at the same time once each', async () => {
      const { service: s } = service();
      const before = await count();
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => s.ask(business, 'O que é trabalho em altura?')),
      );
      expect(answers.map((a) => a.usage.used).sort((a, b) => a - b)).toEqual(
        [1, 2, 3, 4, 5, 6].map((n) => before + n),
      );
      expect(await count()).toBe(before + 6);
    });
  });
});
