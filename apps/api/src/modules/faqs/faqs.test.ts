import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regulations, sections } from '../../db/schema';
import { bearer, signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loadSeedFaqs } from './faq-seed';
import { createFaqsRepository } from './faqs.repository';
import { resolveCodeLinks } from './faqs.service';

const seed = loadSeedFaqs();
// The one regulation imported in this test: every item the seed cites from it exists.
const IMPORTED_CODE = 'NR-35';
const importedItems = [
  ...new Set(
    seed.flatMap((f) => f.citations.filter((c) => c.code === IMPORTED_CODE).map((c) => c.item)),
  ),
];

let t: TestApp;
let headers: Record<string, string>;
let nr35Id = '';

const get = (url: string, h: Record<string, string> = headers) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: h });
const perguntas = (body: { data: { Pergunta: string }[] }) => body.data.map((d) => d.Pergunta);

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeBuild: async (database) => {
        const [row] = await database.db
          .insert(regulations)
          .values({
            code: IMPORTED_CODE,
            title: 'Trabalho em Altura',
            sourceFile: 'nr-35.pdf',
            checksum: 'x',
          })
          .returning();
        nr35Id = row!.id;
        await database.db.insert(sections).values(
          importedItems.map((item, i) => ({
            regulationId: nr35Id,
            number: i + 1,
            item,
            content: `Texto do item ${item}.`,
          })),
        );
      },
    },
  );
  headers = bearer((await signIn(t.app, { email: 'faq@example.com', name: 'FAQ' })).token);
});
afterAll(async () => t.close());

describe('FAQ seed', () => {
  it('ships at least 40 reviewed questions, each answered with citations', () => {
    expect(seed.length).toBeGreaterThanOrEqual(40);
    for (const faq of seed) {
      expect(faq.answer.trim(), faq.slug).not.toBe('');
      expect(faq.citations.length, faq.slug).toBeGreaterThan(0);
      // Every code-based link in an answer points at one of its own citations.
      for (const [, code, item] of faq.answer.matchAll(
        /\]\(\/regulations\/(NR-[\w-]+)#([^)\s]+)\)/g,
      )) {
        expect(faq.citations, faq.slug).toContainEqual({ code, item: decodeURIComponent(item!) });
      }
    }
  });

  it('is idempotent: seeding again keeps the same rows', async () => {
    const repository = createFaqsRepository(t.database.db);
    const before = await repository.list(1, 50);
    await repository.upsertSeed(seed);
    expect(await repository.list(1, 50)).toEqual(before);
  });
});

describe('GET /faqs', () => {
  it('pages the FAQs in display order, 10 by default', async () => {
    const first = await get('/faqs');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, limit: 10, total: seed.length });
    expect(perguntas(first.json())).toEqual(seed.slice(0, 10).map((f) => f.pergunta));
    const third = await get('/faqs?page=3&limit=15');
    expect(perguntas(third.json())).toEqual(seed.slice(30, 45).map((f) => f.pergunta));
  });

  it('refuses a bad limit in pt-BR', async () => {
    const res = await get('/faqs?limit=0');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'limit deve ser ao menos 1.',
    });
  });
});

describe('GET /faqs/search', () => {
  it('finds "proteção" when searching "protecao", in any case', async () => {
    const plain = await get('/faqs/search?search=protecao');
    expect(plain.statusCode).toBe(200);
    const found = perguntas(plain.json());
    const expected = seed.filter((f) => /proteç/i.test(f.pergunta)).map((f) => f.pergunta);
    expect(expected.length).toBeGreaterThan(0);
    for (const pergunta of expected) expect(found).toContain(pergunta);
    const upper = await get(`/faqs/search?search=${encodeURIComponent('PROTEÇÃO')}`);
    expect(perguntas(upper.json())).toEqual(found);
    expect(plain.json()).toMatchObject({ page: 1, limit: 10, total: found.length });
  });

  it('ranks a question starting with the text first', async () => {
    const res = await get('/faqs/search?search=quem%20pode');
    const found = perguntas(res.json());
    const starting = seed
      .filter((f) => f.pergunta.toLowerCase().startsWith('quem pode'))
      .map((f) => f.pergunta);
    expect(starting.length).toBeGreaterThan(0);
    expect(found.slice(0, starting.length).sort()).toEqual([...starting].sort());
  });

  it('answers nothing for a text no FAQ is about', async () => {
    const res = await get('/faqs/search?search=xilofone');
    expect(res.json()).toEqual({ data: [], page: 1, limit: 10, total: 0 });
  });

  it('gives the normal list for an empty search', async () => {
    const res = await get('/faqs/search?search=');
    expect(res.json()).toEqual((await get('/faqs')).json());
  });

  it('suggests at most suggestionLimit questions with their Pergunta', async () => {
    const res = await get('/faqs/search?search=trabalho&suggestionMode=true&suggestionLimit=8');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data).toHaveLength(8);
    for (const s of body.data) expect(Object.keys(s).sort()).toEqual(['Pergunta', 'id']);
    const two = await get('/faqs/search?search=trabalho&suggestionMode=true&suggestionLimit=2');
    expect(two.json().data).toEqual(body.data.slice(0, 2));
  });

  it('suggests nothing for an empty text and refuses a limit above 20', async () => {
    expect((await get('/faqs/search?search=&suggestionMode=true')).json()).toEqual({ data: [] });
    const res = await get('/faqs/search?search=epi&suggestionMode=true&suggestionLimit=21');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'suggestionLimit pode ser no máximo 20.',
    });
  });
});

describe('GET /faqs/:id', () => {
  it('resolves citations of an imported regulation to its current id and sections', async () => {
    const faq = seed.find((f) => f.citations.some((c) => c.code === IMPORTED_CODE))!;
    const id = (await createFaqsRepository(t.database.db).search(faq.pergunta, 1, 1)).data[0]!.id;
    const res = await get(`/faqs/${id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.Pergunta).toBe(faq.pergunta);
    expect(body.answer).not.toContain(`/regulations/${IMPORTED_CODE}`);
    expect(body.answer).toContain(`/regulations/${nr35Id}#`);
    expect(body.regulations.map((r: { code: string }) => r.code)).toEqual([IMPORTED_CODE]);
    expect(body.regulations[0].sections.map((s: { item: string }) => s.item)).toEqual([
      ...new Set(faq.citations.filter((c) => c.code === IMPORTED_CODE).map((c) => c.item)),
    ]);
  });

  it('keeps only the label of a link to a regulation that is not imported', async () => {
    const faq = seed.find((f) => f.citations.every((c) => c.code !== IMPORTED_CODE))!;
    const id = (await createFaqsRepository(t.database.db).search(faq.pergunta, 1, 1)).data[0]!.id;
    const body = (await get(`/faqs/${id}`)).json();
    expect(body.answer).not.toMatch(/\]\(\/regulations\//);
    expect(body.regulations).toEqual([]);
  });

  it('answers 404 for an unknown FAQ and 400 for a bad id', async () => {
    const missing = await get('/faqs/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Pergunta frequente não encontrada.',
    });
    expect((await get('/faqs/nope')).statusCode).toBe(400);
  });
});

describe('resolveCodeLinks', () => {
  it('rewrites known codes, unwraps unknown ones and leaves other links alone', () => {
    const md =
      'Ver [NR-35, item 35.2.1](/regulations/NR-35#35.2.1), [NR-10, item 10.1](/regulations/NR-10#10.1) e [gov](https://gov.br).';
    expect(resolveCodeLinks(md, new Map([['NR-35', 'abc']]))).toBe(
      'Ver [NR-35, item 35.2.1](/regulations/abc#35.2.1), NR-10, item 10.1 e [gov](https://gov.br).',
    );
  });
});

describe('signed-out callers', () => {
  it.each([
    '/faqs',
    '/faqs/search?search=epi',
    '/faqs/search?search=epi&suggestionMode=true',
    '/faqs/00000000-0000-4000-8000-000000000000',
  ])('GET %s answers 401', async (url) => {
    const res = await get(url, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
