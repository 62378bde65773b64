import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions, regulations, sections } from '../../db/schema';
import { bearer, signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { analyzeTerms } from '../retrieval/text/analyzer';
import {
  contentWords,
  createSuggestionIndex,
  exampleEntries,
  knownVoters,
  regulationRefs,
  regulationWordModel,
  titleAsQuestion,
  type PoolEntry,
} from './suggestion-pool';

let t: TestApp;
let headers: Record<string, string>;
const users: string[] = [];

const get = (url: string, h: Record<string, string> = headers) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: h });
type Body = { data: { Pergunta: string; source: string; code: string | null }[] };
const perguntas = (body: Body) => body.data.map((d) => d.Pergunta);

const POPULAR = 'Qual o prazo de validade do extintor recarregado?';
const PRIVATE = 'Meu extintor da sala 42 do João venceu ontem, e agora?';

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeBuild: async (database) => {
        const [nr23] = await database.db
          .insert(regulations)
          .values({
            code: 'NR-23',
            title: 'Proteção Contra Incêndios',
            sourceFile: 'nr-23.pdf',
            checksum: 'x',
          })
          .returning();
        await database.db.insert(sections).values([
          {
            regulationId: nr23!.id,
            number: 1,
            item: '23.1.1',
            headingPath: '23.1 Objetivo',
            content:
              'Esta Norma estabelece medidas de prevenção contra incêndios nos ambientes de trabalho.',
          },
          {
            regulationId: nr23!.id,
            number: 2,
            item: '23.3.4',
            headingPath: '23.3 Extintores e saídas de emergência',
            content: 'Os extintores portáteis devem ser mantidos desobstruídos e sinalizados.',
          },
        ]);
      },
    },
  );
  for (let i = 0; i < 3; i += 1) {
    const { token, user } = await signIn(t.app, { email: `s${i}@example.com`, name: `S${i}` });
    users.push(user.id);
    if (i === 0) headers = bearer(token);
  }
  // Three different users asked the same question (accents and case aside); one asked his own.
  await t.database.db.insert(questions).values([
    ...users.map((userId, i) => ({
      userId,
      chatKey: `k${i}`,
      question: i === 1 ? POPULAR.toUpperCase() : POPULAR,
      answer: 'x',
      engine: 'extractive',
    })),
    { userId: users[0]!, chatKey: 'k9', question: PRIVATE, answer: 'x', engine: 'extractive' },
    { userId: users[1]!, chatKey: 'k10', question: PRIVATE, answer: 'x', engine: 'extractive' },
  ]);
});
afterAll(async () => t.close());

describe('GET /suggestions', () => {
  it('suggests for "extintor": titles of the items phrased as questions and a question three users asked', async () => {
    const res = await get('/suggestions?search=extintor');
    expect(res.statusCode).toBe(200);
    const body = res.json<Body>();
    expect(perguntas(body)).toContain(
      'O que a NR-23 estabelece sobre extintores e saídas de emergência?',
    );
    expect(perguntas(body)).toContain(POPULAR);
    expect(body.data.length).toBeGreaterThanOrEqual(2);
    expect(body.data.length).toBeLessThanOrEqual(8);
  });

  it('never shows a question fewer than 3 distinct users asked', async () => {
    const body = (await get('/suggestions?search=extintor%20sala')).json<Body>();
    expect(perguntas(body)).not.toContain(PRIVATE);
    expect(JSON.stringify(body)).not.toContain('João');
  });

  it('keeps to the limit, returns nothing for an empty search and rejects a bad limit in Portuguese', async () => {
    expect((await get('/suggestions?search=extintor&limit=1')).json<Body>().data).toHaveLength(1);
    expect((await get('/suggestions?search=')).json<Body>().data).toEqual([]);
    const bad = await get('/suggestions?search=extintor&limit=50');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('limit pode ser no máximo 8.');
  });

  it('requires a signed-in user', async () => {
    expect((await get('/suggestions?search=extintor', {})).statusCode).toBe(401);
  });
});

describe('titles as questions', () => {
  it('phrases headings and annex titles, and leaves out headings that only say where a text is', () => {
    expect(titleAsQuestion('NR-18', '18.9 Medidas de prevenção contra queda de altura')).toBe(
      'O que a NR-18 estabelece sobre medidas de prevenção contra queda de altura?',
    );
    expect(titleAsQuestion('NR-12', 'Anexo III - Meios de acesso a máquinas')).toBe(
      'O que o Anexo III da NR-12 estabelece sobre meios de acesso a máquinas?',
    );
    expect(titleAsQuestion('NR-23', 'PROTEÇÃO CONTRA INCÊNDIOS')).toBe(
      'O que a NR-23 estabelece sobre proteção contra incêndios?',
    );
    expect(titleAsQuestion('NR-23', '23.1 Objetivo')).toBe('Qual o objetivo da NR-23?');
    expect(titleAsQuestion('NR-05', '5.9 Disposições gerais')).toBeNull();
    // An annex named by a letter and nothing else says nothing; numbering and prepositions go.
    expect(titleAsQuestion('NR-15', 'Anexo A')).toBeNull();
    expect(titleAsQuestion('NR-15', 'VIII - Teste de tolerância ao oxigênio')).toBe(
      'O que a NR-15 estabelece sobre teste de tolerância ao oxigênio?',
    );
    expect(titleAsQuestion('NR-15', 'Dos equipamentos de mergulho')).toBe(
      'O que a NR-15 estabelece sobre equipamentos de mergulho?',
    );
  });
});

describe('the pool', () => {
  const known = new Set(['NR-10', 'NR-23', 'NR-06', 'NR-35']);

  it('reads the regulations a text names, by code or by an item number of its body', () => {
    expect(regulationRefs('Em qual item da NR-10 está a proibição', known)).toEqual(['NR-10']);
    expect(regulationRefs('nr 6 luvas', known)).toEqual(['NR-06']);
    expect(regulationRefs('NR23 extintor', known)).toEqual(['NR-23']);
    expect(regulationRefs('O item 23.3.1 define', known)).toEqual(['NR-23']);
    expect(regulationRefs('item 35.2 altura', known)).toEqual(['NR-35']);
    // Quantities are not item numbers, and a regulation not imported is not named.
    expect(regulationRefs('guarda-corpo de 1.2 m a 2,5 m', known)).toEqual([]);
    expect(regulationRefs('NR-99 e 12.3.4', known)).toEqual([]);
  });

  it('takes short example questions, one per text, capitalised, under their regulation', () => {
    const entries = exampleEntries(
      new Map([
        ['NR-23|23.3.1', ['quantos extintores preciso?', 'Quantos extintores preciso?']],
        ['NR-35|35.2.1', [`${'muito '.repeat(30)}longa?`, 'sem ponto de interrogação']],
      ]),
    );
    expect(entries).toEqual([
      expect.objectContaining({
        text: 'Quantos extintores preciso?',
        code: 'NR-23',
        source: 'example',
      }),
    ]);
  });

  it('lets no regulation fill the list while another one has suggestions too, unless it is named', () => {
    const pool: PoolEntry[] = [
      ...[1, 2, 3, 4, 5, 6].map((i) => ({
        id: `a${i}`,
        text: `Como fazer a inspeção do cinto ${i}?`,
        source: 'example' as const,
        code: 'NR-35',
        users: 0,
      })),
      ...[1, 2, 3].map((i) => ({
        id: `b${i}`,
        text: `Qual o prazo da inspeção da caldeira ${i}?`,
        source: 'example' as const,
        code: 'NR-13',
        users: 0,
      })),
    ];
    const index = createSuggestionIndex(pool);
    const codes = (search: string) => index.suggest(search, 8).map((s) => s.code);
    const mixed = codes('inspeção');
    expect(mixed).toHaveLength(8);
    expect(mixed.filter((c) => c === 'NR-13')).toHaveLength(3);
    // The cap only orders: with nothing else left, the rest of NR-35 fills the list.
    expect(mixed.filter((c) => c === 'NR-35')).toHaveLength(5);
    expect(mixed.slice(0, 6).filter((c) => c === 'NR-35')).toHaveLength(3);
    // Naming a regulation keeps to it, even with words that match nothing of it.
    expect(codes('inspeção NR-13')).toEqual(['NR-13', 'NR-13', 'NR-13']);
    expect(codes('NR-13 xyzw').every((c) => c === 'NR-13')).toBe(true);
  });

  it('puts first the entries that carry the typed words side by side, as one term ("pé-direito")', () => {
    const pool: PoolEntry[] = [
      {
        id: 'apart',
        text: 'Quem trabalha de pé tem direito a pausa?',
        source: 'faq',
        code: 'NR-17',
        users: 0,
      },
      {
        id: 'term',
        text: 'Qual o pé-direito mínimo dos locais de trabalho?',
        source: 'example',
        code: 'NR-08',
        users: 0,
      },
    ];
    const index = createSuggestionIndex(pool);
    expect(index.suggest('pé direito', 8).map((s) => s.id)).toEqual(['term', 'apart']);
    expect(index.suggest('Qual o pé-dir', 8).map((s) => s.id)).toEqual(['term', 'apart']);
  });

  it('keeps the words of the subject, not those that say what the norm does or negate', () => {
    expect(contentWords('O item 23.3.1 da NR-23 define quantidade e tipo de extintor?')).toEqual([
      'quantidade',
      'tipo',
      'extintor',
    ]);
    expect(contentWords('Se não houver qualquer extintor, a norma permite multa?')).toEqual([
      'extintor',
      'multa',
    ]);
  });

  it('learns from known questions which regulation a word is about, and says nothing of unknown words', () => {
    const questions = [
      ['NR-23', 'Quantos extintores preciso no galpão?'],
      ['NR-23', 'Qual a altura do extintor na parede?'],
      ['NR-10', 'Qual a altura mínima da linha de alta tensão?'],
      ['NR-10', 'Quem pode trabalhar em alta tensão?'],
      ['NR-10', 'O choque elétrico na alta tensão…'],
    ].map(([code, text]) => ({ code: code!, terms: new Set(analyzeTerms(text!)) }));
    const model = regulationWordModel(questions);
    const extintor = model.posterior([analyzeTerms('extintor')]);
    expect(extintor.get('NR-23')).toBe(1);
    expect(extintor.get('NR-10')!).toBeLessThan(0.2);
    // "altura" is in questions of both: neither is much likelier.
    const altura = model.posterior([analyzeTerms('altura')]);
    expect(Math.min(...altura.values())).toBeGreaterThan(0.5);
    expect(model.posterior([analyzeTerms('xyzw')]).size).toBe(0);
  });

  it('ranks first the regulation the known questions mean by the typed words, without showing them', () => {
    const pool: PoolEntry[] = ['NR-12', 'NR-04'].flatMap((code) =>
      [1, 2, 3].map((i) => ({
        id: `${code}-${i}`,
        text: `O engenheiro de segurança ${i} da ${code}?`,
        source: 'example' as const,
        code,
        users: 0,
      })),
    );
    const voters = knownVoters(
      new Map([
        ['NR-04|4.3.7', ['Quantas horas o engenheiro de segurança do SESMT cumpre?']],
        [
          'NR-04|4.3.2',
          [
            'O SESMT precisa de engenheiro de segurança?',
            'Engenheiro de segurança em tempo parcial?',
          ],
        ],
        ['NR-12|12.5.2', ['Quem projeta a máquina, o engenheiro?']],
      ]),
    );
    const first3 = (index: ReturnType<typeof createSuggestionIndex>) =>
      index
        .suggest('engenheiro segurança', 8)
        .slice(0, 3)
        .map((s) => s.code);
    // The same pool, two sets of known questions: each puts its regulation first.
    const reversed = createSuggestionIndex(
      pool,
      knownVoters(
        new Map([['NR-12|12.5.2', ['Engenheiro de segurança assina o laudo da máquina?']]]),
      ),
    );
    expect(first3(reversed)).toEqual(['NR-12', 'NR-12', 'NR-12']);
    expect(first3(createSuggestionIndex(pool, voters))).toEqual(['NR-04', 'NR-04', 'NR-04']);
    expect(
      createSuggestionIndex(pool, voters)
        .suggest('engenheiro segurança', 8)
        .some((s) => /SESMT|laudo/.test(s.Pergunta)),
    ).toBe(false);
  });

  it("offers the example questions written for retrieval's best items, even in other words", () => {
    const pool = exampleEntries(
      new Map([
        ['NR-01|1.4.3', ['Posso parar o serviço diante de risco grave e iminente?']],
        ['NR-01|1.4.1', ['Quais os deveres do empregador?']],
      ]),
    );
    const index = createSuggestionIndex(pool);
    const related = () => [{ code: 'NR-01', item: '1.4.3', headingPath: '1.4 Direitos e deveres' }];
    expect(index.suggest('direito recusa', 8).map((s) => s.Pergunta)).toEqual([]);
    expect(index.suggest('direito recusa', 8, related).map((s) => s.Pergunta)).toEqual([
      'Posso parar o serviço diante de risco grave e iminente?',
    ]);
  });
});
