import {
  QuestionAnswerResponseSchema,
  type QuestionAnswerResponse,
} from '@normas/contracts/questions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from '../../test/sign-in';
import { PARTIAL_NOTICE } from '../answers/extractive.markdown';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUsersRepository } from '../users/users.repository';
import { insertFixtureCorpus, type FixtureSection } from './test-support/fixture-corpus';
import { parseEvents } from './test-support/sse';

// The real retrieval and extractive engine over the small fixture corpus.
let t: TestApp;
let corpus: FixtureSection[] = [];
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp(
    {},
    { beforeBuild: async (database) => void (corpus = await insertFixtureCorpus(database)) },
  );
  const login = await signIn(t.app, { email: 'motor@example.com', name: 'Motor' });
  await createUsersRepository(t.database.db).setPlanByEmail('motor@example.com', 'business');
  headers = bearer(login.token);
});
afterAll(async () => t.close());

async function ask(question: string): Promise<QuestionAnswerResponse> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/regulation/question',
    headers,
    payload: { question },
  });
  expect(res.statusCode).toBe(200);
  return QuestionAnswerResponseSchema.parse(res.json());
}

/** Every `/regulations/<id>#<item>` link of an answer. */
function links(markdown: string): { regulationId: string; item: string }[] {
  return [...markdown.matchAll(/\]\(\/regulations\/([^)#\s]+)#([^)\s]+)\)/g)].map(
    ([, regulationId, item]) => ({
      regulationId: regulationId!,
      item: decodeURIComponent(item!),
    }),
  );
}

describe('answers from the real engines', () => {
  it.each([
    'Qual a carga horária mínima do treinamento para trabalho em altura?',
    'O empregador deve fornecer EPI gratuitamente?',
    'Devo priorizar proteção coletiva ou individual contra quedas?',
  ])('cites only items that exist, and returns exactly those sections: %s', async (question) => {
    const answer = await ask(question);
    expect(answer.abstained).toBe(false);
    const cited = links(answer.aiResponse);
    expect(cited.length).toBeGreaterThan(0);
    for (const link of cited) {
      expect(
        corpus.some((s) => s.regulationId === link.regulationId && s.item === link.item),
        `${link.regulationId}#${link.item}`,
      ).toBe(true);
    }
    const returned = answer.data.flatMap((r) =>
      r.sections.map((s) => ({ regulationId: r.id, item: s.item })),
    );
    expect(returned).toEqual(
      cited.filter(
        (c, i) =>
          cited.findIndex((d) => d.regulationId === c.regulationId && d.item === c.item) === i,
      ),
    );
  });

  it('abstains on a question outside the corpus', async () => {
    const answer = await ask(
      'Qual a melhor receita de bolo de cenoura com cobertura de chocolate?',
    );
    expect(answer.abstained).toBe(true);
    expect(answer.data).toEqual([]);
    expect(links(answer.aiResponse)).toEqual([]);
  });

  it('says first when the items found only partly match the question', async () => {
    // Five subjects at once: every item found speaks to one of them, none to the whole question.
    const answer = await ask(
      'Acima de 2 metros, na seleção do sistema de proteção contra quedas, o treinamento periódico bienal do trabalhador e a limpeza e guarda do EPI gratuito entram no programa de capacitação?',
    );
    expect(answer.abstained).toBe(false);
    expect(answer.aiResponse.startsWith(PARTIAL_NOTICE)).toBe(true);
    const plain = await ask('Qual a carga horária mínima do treinamento para trabalho em altura?');
    expect(plain.aiResponse).not.toContain(PARTIAL_NOTICE);
  });

  it('streams deltas that add up to the stored answer', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/regulation/question/stream',
      headers,
      payload: { question: 'Qual a periodicidade do treinamento de trabalho em altura?' },
    });
    const events = parseEvents(res.body);
    expect(events.at(-1)!.event).toBe('done');
    const done = QuestionAnswerResponseSchema.parse(events.at(-1)!.data);
    const deltas = events
      .filter((e) => e.event === 'delta')
      .map((e) => (e.data as { text: string }).text);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(done.aiResponse);
    expect(done.data.map((r) => r.code)).toEqual(['NR-35']);
  });
});
