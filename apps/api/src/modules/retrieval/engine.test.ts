import { describe, expect, it } from 'vitest';
import { BM25Index } from './bm25-index';
import {
  ANSWER_FEATURES,
  createRetrievalEngine,
  DEFAULT_TUNING,
  itemKey,
  listEntries,
  RANK_FEATURES,
} from './engine';
import { OUTSIDE_DOMAINS } from './outside-domains';
import { FIXTURE_SECTIONS } from './test/fixture-sections';
import { analyzeTerms } from './text/analyzer';

const engine = createRetrievalEngine(FIXTURE_SECTIONS);
const top = (q: string) => engine.search(q).results.map((r) => `${r.code} ${r.item}`);

describe('BM25 scoring', () => {
  const index = new BM25Index([
    { content: analyzeTerms('extintor extintor sinalizado'), heading: [], title: [] },
    { content: analyzeTerms('extintor em local visível'), heading: [], title: [] },
    { content: analyzeTerms('saída de emergência'), heading: [], title: [] },
  ]);

  it('weights rare terms above common ones', () => {
    expect(index.idf('said')).toBeGreaterThan(index.idf('extintor'));
  });

  it('matches only documents holding a query term, and reuses no stale scores between queries', () => {
    const first = index.match(new Map([['extintor', 1]]));
    expect([...first.docs.subarray(0, first.count)].sort()).toEqual([0, 1]);
    expect(index.score(new Map([['said', 1]]))).toEqual(new Map([[2, expect.any(Number)]]));
    expect(index.score(new Map([['nada', 1]]))).toEqual(new Map());
  });

  it('ranks the document that repeats the term first and skips documents without it', () => {
    const scores = index.score(new Map([['extintor', 1]]));
    expect([...scores.keys()].sort()).toEqual([0, 1]);
    expect(scores.get(0)!).toBeGreaterThan(scores.get(1)!);
  });
});

describe('retrieval engine', () => {
  it('finds the item a paraphrase is about, through domain synonyms', () => {
    expect(top('de quanto em quanto tempo inspecionar o cinto paraquedista?')[0]).toBe(
      'NR-35 35.5.1',
    );
    expect(top('cipeiro eleito pode ser mandado embora depois do mandato?')[0]).toBe('NR-05 5.4.1');
  });

  it('puts a named item first, then its children', () => {
    expect(top('o que diz o item 35.5.2 da NR-35?')[0]).toBe('NR-35 35.5.2');
    expect(top('item 35.2 da nr35').slice(0, 2)).toEqual(['NR-35 35.2', 'NR-35 35.2.1']);
  });

  it('reads an item number in the annex and NR the question names, not the NR the number implies', () => {
    const nr35 = FIXTURE_SECTIONS.find((s) => s.code === 'NR-35')!;
    const annex = {
      ...nr35,
      sectionId: 'anexo-ii-6-5-1',
      item: 'Anexo II 6.5.1',
      number: 900,
      headingPath: 'Anexo II - Ancoragem',
      content: 'Os pontos de ancoragem devem ser inspecionados antes de cada uso.',
    };
    const withAnnex = createRetrievalEngine([...FIXTURE_SECTIONS, annex]);
    for (const question of [
      'o que diz a NR-35, Anexo II, item 6.5.1?',
      'o item 6.5.1 do anexo II da NR-35 fala de quê?',
    ]) {
      const [first] = withAnnex.search(question).results;
      expect(`${first!.code} ${first!.item}`).toBe('NR-35 Anexo II 6.5.1');
    }
    // Without a named NR, "6.5.1" is the NR-06 item; with one, it is not pulled in from NR-06.
    expect(top('o que diz o item 6.5.1?')[0]).toBe('NR-06 6.5.1');
    const codes = engine.search('NR-35, item 6.5.1: inspeção do cinto').results.map((r) => r.code);
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(codes)).toEqual(new Set(['NR-35']));
  });

  it('keeps to the NR the question names', () => {
    const codes = engine.search('permissão de trabalho na NR 33').results.map((r) => r.code);
    expect(new Set(codes)).toEqual(new Set(['NR-33']));
  });

  it('answers with a confident item when the corpus covers the question', () => {
    const result = engine.search(
      'quem deve fornecer o equipamento de proteção individual aos empregados?',
    );
    expect(result.abstained).toBe(false);
    expect(result.results[0]).toMatchObject({ code: 'NR-06', item: '6.3', sectionId: 's3' });
    expect(result.results[0]!.score).toBeGreaterThan(0);
  });

  it('abstains on subjects outside the NRs', () => {
    expect(engine.search('quantos dias de férias o empregado pode vender?').abstained).toBe(true);
    expect(
      engine.search('qual a taxa de ocupação do terreno pelo código de obras?').abstained,
    ).toBe(true);
    expect(engine.search('a NR-27 ainda vale?')).toEqual({
      abstained: true,
      confidence: 0,
      partial: false,
      results: [],
    });
  });

  it('abstains when an outside-the-NRs phrase is the subject, not when it is context of an NR question', () => {
    expect(
      engine.search('qual o valor do auxílio pago pelo INSS ao empregado afastado?').abstained,
    ).toBe(true);
    const nr = engine.search(
      'o empregado ficou afastado pelo INSS mais de seis meses, precisa de novo treinamento ao retornar?',
    );
    expect(nr.abstained).toBe(false);
    expect(nr.results[0]).toMatchObject({ code: 'NR-01', item: '1.7.4' });
  });

  it('puts the item that defines a scope first when the question asks what counts as it', () => {
    expect(top('a partir de qual altura a atividade é considerada trabalho em altura?')[0]).toBe(
      'NR-35 35.2.1',
    );
  });

  it('puts first the item that defines the very term "o que é…" asks about', () => {
    const row = (item: string, content: string, i: number) => ({
      sectionId: `d${i}`,
      regulationId: 'NR-97',
      code: 'NR-97',
      title: 'Trabalho em silos',
      item,
      number: i,
      headingPath: '97.1 Disposições',
      content,
    });
    const silos = createRetrievalEngine([
      row(
        '97.1.1',
        'Os silos devem ter acesso sinalizado e iluminado para a inspeção dos silos.',
        1,
      ),
      row('97.1.2', 'A inspeção interna dos silos deve ser feita com o silo vazio e ventilado.', 2),
      row(
        '97.1.3',
        'Considera-se silo a estrutura fechada destinada ao armazenamento de grãos.',
        3,
      ),
      row(
        '97.1.4',
        'Considera-se operador de silo o trabalhador capacitado para a descarga dos silos.',
        4,
      ),
    ]);
    const first = (q: string) => silos.search(q).results[0]?.item;
    expect(first('o que é silo?')).toBe('97.1.3');
    expect(first('o que é silo na NR 97')).toBe('97.1.3');
    // The item that defines another term that merely uses the word does not count.
    expect(first('o que é operador de silo?')).toBe('97.1.4');
  });

  it('prefers an item with a figure when the question asks for one', () => {
    expect(top('a capacitação periódica deve ocorrer a cada quanto tempo?')[0]).toBe(
      'NR-35 35.3.3',
    );
  });

  it("routes toward the conversation's regulations in focus, unless the question names its own", () => {
    const first = (q: string, focus?: string[]) => {
      const r = engine.search(q, { focus }).results[0]!;
      return `${r.code} ${r.item}`;
    };
    expect(first('capacitação')).toBe('NR-01 1.7.4');
    expect(first('capacitação', ['NR-35'])).toBe('NR-35 35.3.3');
    // A regulation outside the question's subject does not pull it away.
    expect(first('capacitação', ['NR-23'])).toBe('NR-01 1.7.4');
    expect(first('capacitação na NR-01', ['NR-35'])).toBe('NR-01 1.7.4');
  });

  it('lets a sectoral NR the conversation is in compete with the general one', () => {
    const mining = createRetrievalEngine([
      ...FIXTURE_SECTIONS,
      {
        sectionId: 's-mining',
        regulationId: 'NR-22',
        code: 'NR-22',
        title: 'Segurança e Saúde Ocupacional na Mineração',
        item: '22.33.6',
        number: 99,
        headingPath: '22.33 Comissão Interna de Prevenção de Acidentes na Mineração',
        content:
          '22.33.6 Os membros da comissão devem receber treinamento complementar durante o mandato.',
      },
    ]);
    const first = (q: string, focus?: string[]) => {
      const r = mining.search(q, { focus }).results[0]!;
      return `${r.code} ${r.item}`;
    };
    // Asked alone, the general NR answers; in a chat about a mine, the mining NR does.
    expect(first('treinamento dos membros da comissão no mandato')).toBe('NR-05 5.4.1');
    expect(first('treinamento dos membros da comissão no mandato', ['NR-22'])).toBe(
      'NR-22 22.33.6',
    );
  });

  it("weighs the conversation's words in, below the question's own", () => {
    const first = (q: string, context?: { text: string; weight: number }[]) => {
      const r = engine.search(q, { context }).results[0]!;
      return `${r.code} ${r.item}`;
    };
    expect(first('capacitação')).toBe('NR-01 1.7.4');
    expect(first('capacitação', [{ text: 'trabalho em altura', weight: 0.5 }])).toBe(
      'NR-35 35.3.3',
    );
    // The message's own words decide over what the conversation carries.
    expect(first('saídas', [{ text: 'extintores inspecionados', weight: 0.5 }])).toBe(
      'NR-23 23.2.1',
    );
    expect(first('saídas extintores inspecionados')).toBe('NR-23 23.1.1');
    // A blank or weightless passage changes nothing.
    expect(first('capacitação', [{ text: 'trabalho em altura', weight: 0 }])).toBe('NR-01 1.7.4');
  });

  it('respects the limit and orders by score', () => {
    const results = engine.search('trabalho em altura capacitação', { limit: 3 }).results;
    expect(results).toHaveLength(3);
    expect(results.map((r) => r.score)).toEqual(
      [...results.map((r) => r.score)].sort((a, b) => b - a),
    );
  });
});

describe('ranked sections', () => {
  it('carry the date from which their wording is in force, so answers can warn about it', () => {
    const dated = createRetrievalEngine(
      FIXTURE_SECTIONS.map((s, i) => (i === 0 ? { ...s, effectiveFrom: '2031-01-01' } : s)),
    );
    const first = FIXTURE_SECTIONS[0]!;
    const hit = dated
      .search(`${first.code} item ${first.item}`)
      .results.find((r) => r.sectionId === first.sectionId);
    expect(hit?.effectiveFrom).toBe('2031-01-01');
    const undated = dated
      .search(`${first.code} item ${first.item}`)
      .results.filter((r) => r.sectionId !== first.sectionId);
    expect(undated.every((r) => r.effectiveFrom === null)).toBe(true);
  });
});

describe('partial matches', () => {
  it('flag an answer whose best item covers little of the question, not a well-covered or named one', () => {
    const loose = engine.search(
      'o extintor da cozinha do refeitório precisa de placa e de recarga anual pela empresa terceirizada?',
    );
    expect(loose).toMatchObject({ abstained: false, partial: true });
    expect(loose.results[0]).toMatchObject({ code: 'NR-23', item: '23.1.1' });
    expect(
      engine.search('quem deve fornecer o equipamento de proteção individual aos empregados?'),
    ).toMatchObject({ abstained: false, partial: false });
    expect(engine.search('o que diz o item 33.3.2 da NR-33?').partial).toBe(false);
    expect(engine.search('quantos dias de férias o empregado pode vender?').partial).toBe(false);
  });
});

describe('known questions (document expansion)', () => {
  const asked = 'dá pra botar corrente com cadeado na porta de fuga do galpão?';
  const known = new Map([[itemKey('NR-23', '23.2.1'), [asked]]]);
  const expanded = createRetrievalEngine(
    FIXTURE_SECTIONS,
    DEFAULT_TUNING,
    OUTSIDE_DOMAINS,
    {},
    known,
  );

  it('find an item by the words people used to ask for it, even when its text has none of them', () => {
    const question = 'corrente e cadeado na porta de fuga';
    expect(top(question)[0]).not.toBe('NR-23 23.2.1');
    expect(expanded.search(question).results[0]).toMatchObject({ code: 'NR-23', item: '23.2.1' });
  });

  it('leave the items without known questions ranked as before', () => {
    const question = 'quem deve fornecer o equipamento de proteção individual?';
    expect(expanded.search(question).results[0]!.item).toBe(
      engine.search(question).results[0]!.item,
    );
  });
});

describe('the answerability classifier', () => {
  // A classifier that refuses everything, to see what overrides it.
  const refuseAll = {
    version: 1 as const,
    features: [...ANSWER_FEATURES],
    mean: ANSWER_FEATURES.map(() => 0),
    scale: ANSWER_FEATURES.map(() => 1),
    weights: ANSWER_FEATURES.map(() => 0),
    bias: -10,
    threshold: 0.5,
  };
  const strict = createRetrievalEngine(FIXTURE_SECTIONS, DEFAULT_TUNING, OUTSIDE_DOMAINS, {
    answerability: refuseAll,
  });

  it('decides for questions that are neither named nor plainly covered', () => {
    const result = strict.search('o vigia pode sair do posto durante a atividade?');
    expect(result.abstained).toBe(true);
    expect(result.confidence).toBeLessThan(0.01);
    expect(strict.search('quantos dias de férias o empregado pode vender?').abstained).toBe(true);
  });

  it('holds a follow-up whose best item is in a regulation in focus, on its topic and with nothing outside the NRs, to half the threshold', () => {
    // A classifier that gives every question 0.3: below its threshold of 0.5, above half of it.
    const hesitant = createRetrievalEngine(FIXTURE_SECTIONS, DEFAULT_TUNING, OUTSIDE_DOMAINS, {
      answerability: { ...refuseAll, bias: Math.log(0.3 / 0.7) },
    });
    const question = 'o vigia pode sair do posto durante a atividade?';
    const alone = hesitant.search(question);
    expect(alone.abstained).toBe(true);
    expect(alone.confidence).toBeCloseTo(0.3, 2);
    const code = alone.results[0]!.code;
    expect(hesitant.search(question, { focus: [code], continues: true }).abstained).toBe(false);
    // Not a message that stands on its own, nor one whose best item is outside the focus.
    expect(hesitant.search(question, { focus: [code] }).abstained).toBe(true);
    expect(hesitant.search(question, { focus: ['NR-99'], continues: true }).abstained).toBe(true);
    // Nor below half the threshold.
    expect(strict.search(question, { focus: [code], continues: true }).abstained).toBe(true);
    // Nor a follow-up that speaks of something outside the NRs ("pela CLT").
    expect(
      hesitant.search('o vigia pode sair do posto durante a atividade pela CLT?', {
        focus: [code],
        continues: true,
      }).abstained,
    ).toBe(true);
  });

  it('does not take for a subject outside the NRs a phrase the best item states itself', () => {
    // "justa causa" is the CLT's, except where NR-05 forbids dismissing a cipeiro "sem justa causa".
    const hesitancy = { answerability: { ...refuseAll, bias: Math.log(0.3 / 0.7) } };
    const stating = FIXTURE_SECTIONS.map((s) =>
      s.code === 'NR-05' && s.item === '5.4.1'
        ? {
            ...s,
            content:
              'É vedada a dispensa arbitrária ou sem justa causa do membro eleito da comissão desde o registro da candidatura até um ano após o final do mandato.',
          }
        : s,
    );
    const question = 'o membro eleito da CIPA pode ser dispensado sem justa causa?';
    const chat = { focus: ['NR-05'], continues: true };
    const states = createRetrievalEngine(stating, DEFAULT_TUNING, OUTSIDE_DOMAINS, hesitancy);
    const found = states.search(question, chat);
    expect(found.results[0]).toMatchObject({ code: 'NR-05', item: '5.4.1' });
    expect(found.abstained).toBe(false);
    // The same question over an item that does not say it is still outside the NRs.
    const silent = createRetrievalEngine(
      FIXTURE_SECTIONS,
      DEFAULT_TUNING,
      OUTSIDE_DOMAINS,
      hesitancy,
    );
    expect(silent.search(question, chat).abstained).toBe(true);
  });

  it('confines a search to the regulations the conversation names, without taking them as named by the question', () => {
    const question = 'o vigia pode sair do posto durante a atividade?';
    const named = strict.search(`${question}\nNR-33`);
    expect(named.abstained).toBe(false);
    const confined = strict.search(question, { within: ['NR-33'] });
    // The same items, all of NR-33, but the classifier still decides.
    expect(confined.results.map((r) => r.item)).toEqual(named.results.map((r) => r.item));
    expect(new Set(confined.results.map((r) => r.code))).toEqual(new Set(['NR-33']));
    expect(confined.abstained).toBe(true);
  });

  it('never refuses a named item, nor a question its best item covers word for word on its NR topic', () => {
    expect(strict.search('o que diz o item 33.3.2 da NR-33?').abstained).toBe(false);
    expect(strict.search('permissão de entrada em espaço confinado').abstained).toBe(false);
  });
});

describe('item cues the ranker reads', () => {
  const row = (item: string, headingPath: string, content: string, n: number) => ({
    sectionId: `c${n}`,
    regulationId: 'NR-03',
    code: 'NR-03',
    title: 'Embargo e Interdição',
    item,
    number: n,
    headingPath,
    content,
  });
  const cues = createRetrievalEngine([
    row(
      '3.2.2.1',
      '3.2 Definições',
      'O embargo implica a paralisação parcial ou total da obra.',
      1,
    ),
    row(
      '3.4.1',
      '3.4 Procedimentos',
      'São passíveis de embargo ou interdição a obra e a máquina.',
      2,
    ),
    row(
      '3.5.1',
      '3.5 Prazos',
      'O recurso da interdição deve ser apresentado ao órgão regional. (Alterado pela Portaria MTE nº 342, de 21 de março de 2024)',
      3,
    ),
    row('3.5.2', '3.5 Prazos', 'O recurso do embargo deve ser apresentado em dez dias.', 4),
  ]);
  const feature = (question: string, item: string, name: (typeof RANK_FEATURES)[number]) =>
    cues.inspect(question).candidates.find((c) => c.item === item)?.features[
      RANK_FEATURES.indexOf(name)
    ];

  it('reads an item under "Definições" as a definition when the question asks for a difference', () => {
    const question = 'qual a diferença entre embargo e interdição?';
    expect(feature(question, '3.2.2.1', 'definition')).toBe(1);
    expect(feature(question, '3.4.1', 'definition')).toBe(0);
  });

  it('takes no figure from an amendment note', () => {
    const question = 'em quanto tempo apresentar o recurso da interdição ou do embargo?';
    expect(feature(question, '3.5.1', 'quantity')).toBe(0);
    expect(feature(question, '3.5.2', 'quantity')).toBe(1);
  });
});

describe('word associations learned from the known questions (decision 0054)', () => {
  const row = (item: string, content: string, n: number) => ({
    sectionId: `a${n}`,
    regulationId: 'NR-07',
    code: 'NR-07',
    title: 'Programa de Controle Médico de Saúde Ocupacional',
    item,
    number: n,
    headingPath: '7.5 Exames',
    content,
  });
  const sections = [
    row('7.5.1', 'O custeio do treinamento de primeiros socorros cabe ao empregador.', 1),
    row('7.5.2', 'O custeio do curso de brigada cabe ao empregador.', 2),
    row('7.5.3', 'O custeio do exame audiométrico cabe ao empregador.', 3),
    row('7.5.4', 'O exame audiométrico deve ser repetido a cada doze meses.', 4),
  ];
  // People asked "quem paga" for the items that say "custeio"; nobody asked about 7.5.3.
  const known = new Map([
    [itemKey('NR-07', '7.5.1'), ['quem paga o treinamento de primeiros socorros?']],
    [itemKey('NR-07', '7.5.2'), ['a empresa tem que pagar o curso de brigada?']],
  ]);
  const association = (engine: ReturnType<typeof createRetrievalEngine>, item: string) =>
    engine.inspect('quem paga o exame audiométrico?').candidates.find((c) => c.item === item)
      ?.features[RANK_FEATURES.indexOf('association')];

  it('credit the item whose words are the ones people mean, though the question has none of them', () => {
    const expanded = createRetrievalEngine(sections, DEFAULT_TUNING, OUTSIDE_DOMAINS, {}, known);
    expect(association(expanded, '7.5.3')).toBeGreaterThan(0);
    expect(association(expanded, '7.5.3')).toBeGreaterThan(association(expanded, '7.5.4')!);
  });

  it("read the item's heading path as well as its text", () => {
    const under = (item: string, headingPath: string, content: string, n: number) => ({
      ...row(item, content, n),
      headingPath,
    });
    const headed = [
      // Only the heading says who pays: the texts share no word with "paga".
      under('7.6.1', '7.6 Custeio', 'Treinamento de primeiros socorros.', 1),
      under('7.6.2', '7.6 Custeio', 'Curso de brigada.', 2),
      under('7.6.3', '7.6 Custeio', 'Exame audiométrico.', 3),
      under('7.7.1', '7.7 Periodicidade', 'Exame audiométrico a cada doze meses.', 4),
    ];
    const asked = new Map([
      [itemKey('NR-07', '7.6.1'), ['quem paga o treinamento de primeiros socorros?']],
      [itemKey('NR-07', '7.6.2'), ['a empresa tem que pagar o curso de brigada?']],
    ]);
    const engine = createRetrievalEngine(headed, DEFAULT_TUNING, OUTSIDE_DOMAINS, {}, asked);
    expect(association(engine, '7.6.3')).toBeGreaterThan(association(engine, '7.7.1')!);
  });

  it('credit a list item with its best entry, read with its lead-in, not diluted by the others', () => {
    const duties = [
      'Cabe ao empregador, quanto ao exame:',
      'a) custear o exame audiométrico;',
      'b) registrar o exame no prontuário do trabalhador;',
      'c) arquivar o laudo por vinte anos no estabelecimento;',
      'd) orientar o trabalhador sobre os resultados do exame;',
      'e) comunicar a alteração ao médico responsável pelo programa.',
    ].join('\n');
    const listed = [...sections.slice(0, 2), row('7.5.5', duties, 5)];
    const one = (engine: ReturnType<typeof createRetrievalEngine>) =>
      engine.inspect('quem paga o exame audiométrico?').candidates.find((c) => c.item === '7.5.5')
        ?.features[RANK_FEATURES.indexOf('association')] ?? 0;
    const withList = one(createRetrievalEngine(listed, DEFAULT_TUNING, OUTSIDE_DOMAINS, {}, known));
    // The same duty alone, as its own item: the list reads as well as it does.
    const alone = one(
      createRetrievalEngine(
        [
          ...sections.slice(0, 2),
          row('7.5.5', 'Cabe ao empregador, quanto ao exame: a) custear o exame audiométrico;', 5),
        ],
        DEFAULT_TUNING,
        OUTSIDE_DOMAINS,
        {},
        known,
      ),
    );
    expect(withList).toBeGreaterThan(0);
    expect(withList).toBeCloseTo(alone, 6);
    expect(listEntries(duties)).toEqual([
      'Cabe ao empregador, quanto ao exame: a) custear o exame audiométrico;',
      'Cabe ao empregador, quanto ao exame: b) registrar o exame no prontuário do trabalhador;',
      'Cabe ao empregador, quanto ao exame: c) arquivar o laudo por vinte anos no estabelecimento;',
      'Cabe ao empregador, quanto ao exame: d) orientar o trabalhador sobre os resultados do exame;',
      'Cabe ao empregador, quanto ao exame: e) comunicar a alteração ao médico responsável pelo programa.',
    ]);
    expect(listEntries('O exame audiométrico deve ser repetido a cada doze meses.')).toBeNull();
  });

  it('are learned from the known questions only: without them the feature is 0', () => {
    const plain = createRetrievalEngine(sections);
    expect(association(plain, '7.5.3')).toBe(0);
    expect(association(plain, '7.5.4')).toBe(0);
  });
});
