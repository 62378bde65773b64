import { describe, expect, it } from 'vitest';
import { DEFAULT_TUNING, createRetrievalEngine } from './engine';
import { OUTSIDE_DOMAINS } from './outside-domains';
import { parseQuery } from './query';
import { createNrRouter } from './router';
import { testDomain } from './test/domain';
import { FIXTURE_OUTSIDE_DOMAINS } from './test/fixture-outside-domains';
import { FIXTURE_SECTIONS } from './test/fixture-sections';
import { analyzeTerms } from './text/analyzer';

/** An NR-15 style item (not its text): grades and the adicional are NR subjects, not CLT ones. */
const SECTIONS = [
  ...FIXTURE_SECTIONS,
  {
    sectionId: 's15',
    regulationId: 'NR-15',
    code: 'NR-15',
    title: 'Atividades e Operações Insalubres',
    item: '15.2',
    number: 100,
    headingPath: '15.2 Adicional',
    content:
      '15.2 O trabalho em condições de insalubridade assegura ao trabalhador adicional de 40%, 20% ou 10% do salário mínimo, conforme o grau máximo, médio ou mínimo.',
  },
];
const engine = createRetrievalEngine(SECTIONS, DEFAULT_TUNING, FIXTURE_OUTSIDE_DOMAINS);
const withoutDocuments = createRetrievalEngine(SECTIONS, DEFAULT_TUNING, []);
const first = (q: string) => {
  const r = engine.search(q);
  return { abstained: r.abstained, item: `${r.results[0]?.code} ${r.results[0]?.item}` };
};

describe('outside-the-NRs topic documents', () => {
  it('compete with the NR documents in the router, scored in the same index', () => {
    const NO_DATA = testDomain();
    const router = createNrRouter(
      FIXTURE_SECTIONS,
      NO_DATA,
      FIXTURE_SECTIONS.map((s) => analyzeTerms(s.content)),
      FIXTURE_OUTSIDE_DOMAINS,
    );
    const ramp = router.route(parseQuery('inclinação da rampa para cadeirante', NO_DATA));
    expect(ramp.outside.domain).toBe('acessibilidade');
    expect(ramp.outside.lead).toBeGreaterThan(1);
    const vigia = router.route(parseQuery('vigia de espaço confinado', NO_DATA));
    expect(vigia.outside).toEqual({ lead: 0, domain: undefined });
    expect(vigia.codes.get('NR-33')).toBe(1);
  });

  it('make an accessibility-ramp question abstain that the items alone would answer', () => {
    const q = 'a rampa para cadeirante deve ser desobstruída e sinalizada?';
    expect(withoutDocuments.search(q).abstained).toBe(false);
    const result = engine.search(q);
    expect(result.abstained).toBe(true);
    expect(result.confidence).toBeLessThan(DEFAULT_TUNING.abstainBelow);
  });

  it('leave NR questions alone, also those that mention INSS, salary or a percentage', () => {
    expect(first('a partir de quantos metros é trabalho em altura?')).toEqual({
      abstained: false,
      item: 'NR-35 35.2.1',
    });
    expect(
      first(
        'o empregado afastado pelo INSS por mais de seis meses precisa de novo treinamento ao retornar?',
      ),
    ).toEqual({ abstained: false, item: 'NR-01 1.7.4' });
    expect(first('qual o percentual do adicional para cada grau de insalubridade?')).toEqual({
      abstained: false,
      item: 'NR-15 15.2',
    });
  });

  it('yield to a named NR', () => {
    expect(
      engine.search('NR-35: a rampa para cadeirante deve ser inspecionada antes de cada uso?')
        .abstained,
    ).toBe(false);
  });

  it('ship as data: named domains with a title and a vocabulary', () => {
    expect(OUTSIDE_DOMAINS.length).toBeGreaterThanOrEqual(8);
    for (const d of OUTSIDE_DOMAINS) {
      expect(d.id).toMatch(/^[a-z-]+$/);
      expect(analyzeTerms(d.vocabulary).length).toBeGreaterThan(20);
    }
  });
});
