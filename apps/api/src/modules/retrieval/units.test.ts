import { describe, expect, it } from 'vitest';
import { BM25Index } from './bm25-index';
import { createRetrievalEngine, DEFAULT_TUNING } from './engine';
import { DOMAIN } from './synonyms';
import { FIXTURE_SECTIONS } from './test/fixture-sections';
import { analyzeTerms } from './text/analyzer';
import { glossaryEntries, retrievalUnits } from './units';

const section = (item: string, headingPath: string, content: string, n: number) => ({
  sectionId: `g${n}`,
  regulationId: 'NR-35',
  code: 'NR-35',
  title: 'Trabalho em Altura',
  item,
  number: n,
  headingPath,
  content,
});

const GLOSSARY = section(
  'Glossário',
  'Glossário',
  [
    'Equipamentos auxiliares: equipamentos que completam o cinturão tipo paraquedista e o talabarte, como conectores.',
    'Inspeção periódica: controle do equipamento, componente ou sistema a fim de detectar seus defeitos,',
    'desgastes ou danos, conforme o fabricante.',
    'Talabarte: dispositivo de conexão de um sistema de segurança.',
  ].join('\n'),
  1,
);

describe('glossary entries as retrieval units', () => {
  it('split a glossary into its entries, a continuation line staying with its entry', () => {
    const entries = glossaryEntries(GLOSSARY, DOMAIN.definitionHeadings);
    expect(entries).toHaveLength(3);
    expect(entries![1]).toMatch(/^Inspeção periódica:.*\ndesgastes/su);
  });

  it('leave an item alone, even one with a colon, and a glossary of one entry', () => {
    const item = section(
      '35.5.1',
      '35.5 EPI',
      'O cinto deve ter: a) talabarte; b) trava-quedas.',
      2,
    );
    expect(glossaryEntries(item, DOMAIN.definitionHeadings)).toBeNull();
    const one = { ...GLOSSARY, content: 'Talabarte: dispositivo de conexão.' };
    expect(glossaryEntries(one, DOMAIN.definitionHeadings)).toBeNull();
  });

  it('map every unit back to its section and name the term each entry defines', () => {
    const item = section('35.5.1', '35.5 EPI', 'O cinto deve ser inspecionado.', 2);
    const { units, sectionOf, defines } = retrievalUnits(
      [item, GLOSSARY],
      DOMAIN.definitionHeadings,
    );
    expect(units).toHaveLength(4);
    expect([...sectionOf]).toEqual([0, 1, 1, 1]);
    expect(defines).toEqual([null, 'Equipamentos auxiliares', 'Inspeção periódica', 'Talabarte']);
  });

  it('count a split document once in the IDF, so that splitting changes no other score', () => {
    const docs = ['talabarte cinto', 'talabarte conector', 'extintor'].map((t) => ({
      content: analyzeTerms(t),
      heading: [],
      title: [],
    }));
    const whole = new BM25Index([
      { ...docs[0]!, content: [...docs[0]!.content, ...docs[1]!.content] },
      docs[2]!,
    ]);
    const split = new BM25Index(docs, undefined, [0, 0, 1]);
    expect(split.size).toBe(2);
    expect(split.idf('talabart')).toBeCloseTo(whole.idf('talabart'));
    expect(split.idf('extintor')).toBeCloseTo(whole.idf('extintor'));
    expect(new BM25Index(docs).idf('talabart')).not.toBeCloseTo(whole.idf('talabart'));
  });

  it('keep a glossary that shares scattered words with a question below the operative item, and list it once', () => {
    const operative = section(
      '35.6.6.3',
      '35.6 Sistemas de proteção contra quedas',
      'A inspeção periódica deve ser realizada no mínimo uma vez a cada doze meses.',
      2,
    );
    const sections = [...FIXTURE_SECTIONS.filter((s) => s.code !== 'NR-35'), operative, GLOSSARY];
    const question =
      'de quanto em quanto tempo fazer a inspeção periódica do cinto paraquedista e do talabarte?';
    const results = createRetrievalEngine(sections).search(question).results;
    expect(results[0]!.item).toBe('35.6.6.3');
    // An entry matched only in its definition ("cinturão tipo paraquedista e o talabarte") would win.
    const unread = createRetrievalEngine(sections, {
      ...DEFAULT_TUNING,
      offTerm: 1,
      entryUnasked: 1,
    });
    expect(unread.search(question).results[0]!.item).toBe('Glossário');
    expect(results.filter((r) => r.item === 'Glossário')).toHaveLength(1);
    // The glossary is still what answers a question about what its term is.
    const defining = createRetrievalEngine(sections).search('o que são equipamentos auxiliares?');
    expect(defining.results[0]).toMatchObject({ item: 'Glossário', content: GLOSSARY.content });
  });

  it('name the term of a numbered entry, and rank the entry for its term however many items use it', () => {
    // NR-10's glossary numbers its entries (official text).
    const numbered = {
      ...section(
        'Glossário',
        'Glossário',
        [
          '30. Zona de Risco: entorno de parte condutora energizada, não segregada, acessível inclusive acidentalmente, de dimensões estabelecidas de acordo com o nível de tensão.',
          '31. Zona Controlada: entorno de parte condutora energizada, não segregada, acessível, de dimensões estabelecidas de acordo com o nível de tensão, cuja aproximação só é permitida a profissionais autorizados.',
        ].join('\n'),
        1,
      ),
      code: 'NR-10',
      regulationId: 'NR-10',
    };
    expect(retrievalUnits([numbered], DOMAIN.definitionHeadings).defines).toEqual([
      'Zona de Risco',
      'Zona Controlada',
    ]);
    // Items that say "zona controlada" again and again fill a first stage one deep.
    const uses = [1, 2, 3].map((n) => ({
      ...section(
        `10.6.${n}`,
        '10.6 Segurança em instalações elétricas energizadas',
        'Os trabalhos na zona controlada, e o ingresso na zona controlada, exigem que a zona controlada seja sinalizada.',
        n + 1,
      ),
      code: 'NR-10',
      regulationId: 'NR-10',
    }));
    const shallow = createRetrievalEngine([...uses, numbered], { ...DEFAULT_TUNING, depth: 1 });
    const results = shallow.search('O que é zona controlada?').results;
    expect(results[0]).toMatchObject({ item: 'Glossário' });
    // Asked something else, the entry is not brought in.
    expect(
      shallow
        .search('como sinalizar a zona controlada?')
        .results.some((r) => r.item === 'Glossário'),
    ).toBe(false);
  });
});
