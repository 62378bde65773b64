import { describe, expect, it } from 'vitest';
import {
  asksList,
  asksPeriod,
  asksThreshold,
  boundsStated,
  limitAsked,
  figureUnits,
  limitsStated,
  measuredObject,
  meetsLimit,
  dutyHolder,
  enumerates,
  negatedTerms,
  possessionTerms,
  quantitiesGiven,
  listsPeriods,
  statesPeriod,
  statesThreshold,
  withinBound,
} from './cues';
import { createRetrievalEngine, DEFAULT_TUNING, type Tuning } from './engine';
import { DOMAIN } from './synonyms';
import { FIXTURE_SECTIONS } from './test/fixture-sections';
import type { IndexedSection } from './retrieval.types';
import { analyzeTerms, phraseKey } from './text/analyzer';

const cues = DOMAIN.cues;
const terms = (text: string) => new Set(analyzeTerms(text));

describe('wording cues', () => {
  it('read what a question says it lacks, within its clause', () => {
    expect(negatedTerms('Caldeira categoria B, empresa sem SPIE: qual o prazo?', cues)).toEqual(
      terms('SPIE'),
    );
    expect(negatedTerms('a obra não tem SESMT próprio, quem faz o PGR?', cues)).toEqual(
      terms('SESMT próprio'),
    );
    expect(negatedTerms('qual o prazo da inspeção da caldeira?', cues).size).toBe(0);
  });

  it('read what an item makes its rule conditional on having', () => {
    expect(
      possessionTerms(
        'Estabelecimentos que possuam SPIE, conforme o Anexo II, podem estender',
        cues,
      ),
    ).toEqual(terms('SPIE'));
    expect(possessionTerms('A inspeção deve ser feita a cada doze meses.', cues).size).toBe(0);
  });

  it('tell a question that asks for a list', () => {
    expect(asksList(phraseKey('Quais dados mínimos tem que ter no ASO?'), cues)).toBe(true);
    expect(asksList(phraseKey('o que deve constar na permissão de trabalho?'), cues)).toBe(true);
    expect(asksList(phraseKey('qual o prazo da inspeção periódica?'), cues)).toBe(false);
  });

  it('tell an item that enumerates from one that does not', () => {
    expect(
      enumerates('O ASO deve conter no mínimo:\na) razão social;\nb) nome do empregado.'),
    ).toBe(true);
    expect(enumerates('Compete ao vigia:\nI - permanecer fora do espaço confinado;')).toBe(true);
    expect(enumerates('O médico emitirá o ASO para cada exame clínico: em meio físico.')).toBe(
      false,
    );
  });

  it('read the holder of a duties list, without what qualifies it', () => {
    expect(dutyHolder('Compete ao vigia:\na) permanecer fora do espaço confinado;', cues)).toEqual(
      analyzeTerms('vigia'),
    );
    expect(dutyHolder('Cabe à organização, quanto ao EPI:\na) adquirir o adequado;', cues)).toEqual(
      analyzeTerms('organização'),
    );
    expect(dutyHolder('Compete ao supervisor de entrada:\na) emitir a PET;', cues)).toEqual(
      analyzeTerms('supervisor de entrada'),
    );
    expect(dutyHolder('O vigia deve permanecer fora do espaço confinado.', cues)).toEqual([]);
  });
});

describe('period cues', () => {
  it('tell a question that asks how often', () => {
    expect(asksPeriod(phraseKey('de quanto em quanto tempo revisar o extintor?'), cues)).toBe(true);
    expect(asksPeriod(phraseKey('qual a periodicidade do exame?'), cues)).toBe(true);
    expect(asksPeriod(phraseKey('qual a altura mínima do guarda-corpo?'), cues)).toBe(false);
  });

  it('tell a list whose lead-in names what recurs and whose entries give the periods', () => {
    const figures = DOMAIN.quantityWords;
    // NR-13 13.4.4.4 and 13.4.4.11 (official text).
    const periods =
      'A inspeção de segurança periódica, constituída por exames interno e externo, deve ser executada nos seguintes prazos máximos:\na) doze meses para caldeiras das categorias A e B;\nb) dezoito meses para caldeiras de recuperação de álcalis de qualquer categoria;';
    expect(statesPeriod(periods, cues, figures)).toBe(false);
    expect(listsPeriods(periods, cues, figures)).toBe(true);
    expect(
      listsPeriods(
        'O empregador deve informar à representação sindical, num prazo máximo de 30 (trinta) dias após o término da inspeção de segurança periódica, a condição operacional da caldeira.',
        cues,
        figures,
      ),
    ).toBe(false);
    // A list of anything else is not a list of periods.
    expect(
      listsPeriods('O PGR deve conter:\na) inventário de riscos; b) plano de ação.', cues, figures),
    ).toBe(false);
  });

  it('tell an item that states a period from one with another figure, or a date in a note', () => {
    const figures = DOMAIN.quantityWords;
    expect(statesPeriod('no mínimo uma vez a cada doze meses', cues, figures)).toBe(true);
    expect(statesPeriod('a inspeção anual do sistema', cues, figures)).toBe(true);
    expect(statesPeriod('b) anualmente, tendo como referência o exame', cues, figures)).toBe(true);
    expect(statesPeriod('| Vigia | 16 horas | 8 horas/anual |', cues, figures)).toBe(true);
    expect(statesPeriod('de 6 em 6 meses', cues, figures)).toBe(true);
    expect(statesPeriod('com validade de 12 (doze) meses', cues, figures)).toBe(true);
    // A length of time or a deadline is not how often: "de quanto em quanto tempo fazer o
    // treinamento da NR-33?" is not answered by the 5 years the PETs are kept.
    expect(
      statesPeriod(
        'As PETs emitidas devem ser arquivadas pelo período de 5 (cinco) anos.',
        cues,
        figures,
      ),
    ).toBe(false);
    expect(statesPeriod('no prazo de 30 (trinta) dias', cues, figures)).toBe(false);
    expect(statesPeriod('até 120 (cento e vinte) dias antes da data', cues, figures)).toBe(false);
    expect(statesPeriod('guarda-corpo com altura de 1,20 m', cues, figures)).toBe(false);
    expect(statesPeriod('deve ser dotado de talabarte', cues, figures)).toBe(false);
  });
});

describe('threshold cues', () => {
  it('tell a question that asks from where a rule applies', () => {
    expect(asksThreshold(phraseKey('a partir de qual altura o cinto é obrigatório?'), cues)).toBe(
      true,
    );
    expect(asksThreshold(phraseKey('a partir de quantos empregados precisa de CIPA?'), cues)).toBe(
      true,
    );
    expect(asksThreshold(phraseKey('qual a altura mínima do guarda-corpo?'), cues)).toBe(false);
  });

  it('tell an item that states a threshold from one that only states a figure', () => {
    const figures = DOMAIN.quantityWords;
    expect(statesThreshold('diferença de nível acima de 2,0m (dois metros)', cues, figures)).toBe(
      true,
    );
    expect(statesThreshold('com mais de cinquenta empregados', cues, figures)).toBe(true);
    expect(statesThreshold('altura igual ou superior a 12 m', cues, figures)).toBe(true);
    expect(statesThreshold('guarda-corpo com altura de 1,20 m', cues, figures)).toBe(false);
    expect(statesThreshold('acima do nível da cintura', cues, figures)).toBe(false);
  });
});

describe('the ranking reads the wording cues', () => {
  const row = (code: string, item: string, headingPath: string, content: string, n: number) => ({
    sectionId: `w${n}`,
    regulationId: code,
    code,
    title: 'Norma de teste',
    item,
    number: n,
    headingPath,
    content,
  });
  // Other NRs' items around them, so that the words' IDF is that of a corpus, not of two items.
  const rank = (sections: IndexedSection[], question: string, tuning: Partial<Tuning> = {}) =>
    createRetrievalEngine(
      [...FIXTURE_SECTIONS.filter((s) => !sections.some((t) => t.code === s.code)), ...sections],
      { ...DEFAULT_TUNING, ...tuning },
    )
      .search(question)
      .results.map((r) => r.item);

  it('puts down an item whose rule requires what the question says it lacks', () => {
    const sections = [
      row(
        'NR-13',
        '13.4.4.5',
        '13.4 Caldeiras',
        'Estabelecimentos que possuam SPIE podem estender o prazo máximo entre inspeções de segurança periódicas das caldeiras para vinte e quatro meses.',
        1,
      ),
      row(
        'NR-13',
        '13.4.4.4',
        '13.4 Caldeiras',
        'A inspeção de segurança periódica das caldeiras deve ser executada no prazo máximo de doze meses.',
        2,
      ),
    ];
    const question =
      'empresa sem SPIE: qual o prazo máximo entre inspeções de segurança periódicas das caldeiras?';
    expect(rank(sections, question, { contradiction: 1 })[0]).toBe('13.4.4.5');
    expect(rank(sections, question)[0]).toBe('13.4.4.4');
    // Without the negation the item on SPIE keeps its place.
    expect(rank(sections, question.replace('sem', 'com'))[0]).toBe('13.4.4.5');
  });

  it('puts first the duties list of the role a question names', () => {
    const sections = [
      row(
        'NR-33',
        '33.3.4',
        '33.3 Responsabilidades',
        'Compete ao vigia:\na) permanecer fora do espaço confinado, junto à entrada;\nb) acionar a equipe de emergência.',
        1,
      ),
      row(
        'NR-33',
        '33.5.6',
        '33.5 Medidas de prevenção',
        'A permissão de entrada relaciona o vigia e os trabalhadores autorizados a entrar no espaço.',
        2,
      ),
    ];
    const question = 'o vigia pode entrar no espaço confinado para ajudar?';
    expect(rank(sections, question, { duties: 0 })[0]).toBe('33.5.6');
    expect(rank(sections, question)[0]).toBe('33.3.4');
  });

  it('puts up an item that states a period when the question asks how often', () => {
    const sections = [
      row(
        'NR-35',
        '35.6.9.1',
        '35.6 Sistemas de proteção contra quedas',
        'Quando utilizado para retenção de queda, o cinturão tipo paraquedista deve ser dotado de talabarte com absorvedor de energia.',
        1,
      ),
      row(
        'NR-35',
        '35.6.6.3',
        '35.6 Sistemas de proteção contra quedas',
        'A inspeção do cinturão deve ser realizada no mínimo uma vez a cada doze meses.',
        2,
      ),
    ];
    const question = 'de quanto em quanto tempo inspecionar o cinturão paraquedista?';
    expect(rank(sections, question, { period: 0 })[0]).toBe('35.6.9.1');
    expect(rank(sections, question)[0]).toBe('35.6.6.3');
  });

  it('puts up an item that states a threshold when the question asks from where a rule applies', () => {
    const sections = [
      row(
        'NR-35',
        '35.6.9',
        '35.6 Sistemas de proteção contra quedas',
        'No SPIQ de retenção de queda, o equipamento de proteção individual deve ser o cinturão de segurança tipo paraquedista, obrigatório.',
        1,
      ),
      row(
        'NR-35',
        '35.2.1',
        '35.2 Campo de aplicação',
        'Aplica-se esta Norma a toda atividade com diferença de nível acima de 2,0m (dois metros) do nível inferior, com uso obrigatório de cinturão.',
        2,
      ),
    ];
    const question = 'a partir de qual altura o cinturão de segurança é obrigatório?';
    expect(rank(sections, question, { threshold: 0 })[0]).toBe('35.6.9');
    expect(rank(sections, question)[0]).toBe('35.2.1');
  });

  it('prefers the enumerating child to its parent when the question asks for the listed things', () => {
    const sections = [
      row(
        'NR-07',
        '7.5.19',
        '7.5 Planejamento',
        'Para cada exame clínico o médico emitirá o Atestado de Saúde Ocupacional - ASO, com os dados mínimos do exame, disponibilizado ao empregado.',
        1,
      ),
      row(
        'NR-07',
        '7.5.19.1',
        '7.5 Planejamento',
        'O ASO deve conter no mínimo:\na) razão social da organização;\nb) nome do empregado;\nc) data do exame.',
        2,
      ),
    ];
    const question = 'quais dados mínimos o ASO tem que ter?';
    expect(rank(sections, question, { listChild: Infinity })[0]).toBe('7.5.19');
    expect(rank(sections, question)[0]).toBe('7.5.19.1');
    // A question that asks for no list leaves the parent first.
    expect(rank(sections, 'o médico emite o ASO com os dados mínimos do exame?')[0]).toBe('7.5.19');
  });
  it('puts first the rule whose bound holds a quantity the question gives', () => {
    // NR-31 (official text): the capacitação item matches "aplicar agrotóxico" as well; 31.7.3
    // is the rule for a worker over 60.
    const sections = [
      row(
        'NR-31',
        '31.7.5',
        '31.7 Agrotóxicos',
        'O empregador rural deve fornecer capacitação sobre prevenção de acidentes com agrotóxicos a todos os trabalhadores que manipulam ou aplicam agrotóxicos.',
        1,
      ),
      row(
        'NR-31',
        '31.7.3',
        '31.7 Agrotóxicos',
        'É vedada a manipulação de quaisquer agrotóxicos por menores de 18 (dezoito) anos, por maiores de 60 (sessenta) anos e por gestantes que aplicam agrotóxicos.',
        2,
      ),
    ];
    const question = 'um trabalhador de 63 anos pode aplicar agrotóxicos se fizer a capacitação?';
    expect(rank(sections, question, { bound: 0 })[0]).toBe('31.7.5');
    expect(rank(sections, question)[0]).toBe('31.7.3');
  });
});

describe('quantities and bounds', () => {
  it('reads the quantities a question gives and the bounds an item states, in one unit', () => {
    expect(quantitiesGiven('um trabalhador de 63 anos, a 1,80 m do chão')).toEqual([
      { unit: 'anos', value: 63 },
      { unit: 'metros', value: 1.8 },
    ]);
    expect(quantitiesGiven('grau 3 da NR-35, item 35.2.1')).toEqual([]);
    // A bound the question names is not a quantity it gives.
    expect(quantitiesGiven('menor de 18 anos pode trabalhar em altura?')).toEqual([]);
    expect(boundsStated('por maiores de 60 (sessenta) anos e acima de 2,0m (dois metros)')).toEqual(
      [
        { unit: 'anos', value: 60, from: true },
        { unit: 'metros', value: 2, from: true },
      ],
    );
    expect(boundsStated('com até 10 (dez) trabalhadores')).toEqual([
      { unit: 'pessoas', value: 10, from: false },
    ]);
  });

  it('holds a quantity only within the bound, on its side', () => {
    const over60 = boundsStated('por maiores de 60 (sessenta) anos');
    expect(withinBound(quantitiesGiven('63 anos'), over60)).toBe(true);
    expect(withinBound(quantitiesGiven('45 anos'), over60)).toBe(false);
    // "jornada de 6h" is not within "até 4 (quatro) horas diárias".
    const upTo4 = boundsStated('de até 4 (quatro) horas diárias');
    expect(withinBound(quantitiesGiven('jornada de 6h'), upTo4)).toBe(false);
    expect(withinBound(quantitiesGiven('jornada de 3h'), upTo4)).toBe(true);
    expect(withinBound(quantitiesGiven('63 kg'), over60)).toBe(false);
  });
});

describe('limits asked and stated', () => {
  it('reads which limit of which measure a question asks for', () => {
    expect(limitAsked('Qual a inclinação máxima da rampa na obra?')).toEqual({
      measure: 'inclinacao',
      upper: true,
    });
    expect(limitAsked('qual a altura minima do guarda-corpo')).toEqual({
      measure: 'altura',
      upper: false,
    });
    expect(limitAsked('Qual o prazo para entregar o PGR?')).toBeNull();
  });

  it('reads what the measure asked is of', () => {
    expect(measuredObject('Qual a altura máxima de empilhamento de sacos?')).toBe(
      'empilhamento de sacos',
    );
    expect(measuredObject('Qual a inclinação máxima da rampa na obra?')).toBe('rampa na obra');
    expect(measuredObject('Qual a distância mínima entre máquinas?')).toBe('maquinas');
    expect(measuredObject('e a altura máxima?')).toBe('');
  });

  it('tells a figure in a unit of the measure asked from one in another unit', () => {
    expect(figureUnits('altura', 'a força de impacto… seja de no máximo 6 kN')).toBe('other');
    expect(figureUnits('altura', 'travessão superior a 1,2 m (um metro e vinte centímetros)')).toBe(
      'fits',
    );
    expect(figureUnits('altura', 'compartimentos com menos de 16 m² (dezesseis metros)')).toBe(
      'other',
    );
    expect(figureUnits('inclinacao', 'ângulos inferiores a 15° (quinze graus)')).toBe('fits');
    expect(figureUnits('temperatura', 'entre 18 e 25 °C')).toBe('fits');
    expect(figureUnits('altura', 'A rampa deve ser antiderrapante.')).toBeNull();
    // An age is in years: the PET's 24 hours do not say how old a worker must be.
    expect(limitAsked('Qual a idade mínima para trabalhar em espaço confinado?')).toEqual({
      measure: 'idade',
      upper: false,
    });
    expect(figureUnits('idade', 'não pode exceder a 24 (vinte e quatro) horas')).toBe('other');
    expect(figureUnits('idade', 'por menores de 18 (dezoito) anos')).toBe('fits');
  });

  it('tells a limit a rule sets from the case a rule is written for', () => {
    const asked = limitAsked('Qual a inclinação máxima da rampa?');
    const limit = limitsStated('a) para rampas, ângulos inferiores a 15° (quinze graus);');
    expect(limit).toEqual([{ measure: 'inclinacao', upper: true }]);
    expect(meetsLimit(asked, limit)).toBe('answers');
    const condition = limitsStated(
      'Nas rampas com inclinação superior a 6° (seis graus), devem ser fixadas peças transversais, espaçadas em, no máximo, 0,4 m',
    );
    expect(condition).toEqual([{ measure: 'inclinacao', upper: false }]);
    expect(meetsLimit(asked, condition)).toBe('opposite');
    expect(meetsLimit(asked, limitsStated('A rampa deve ser antiderrapante.'))).toBeNull();
  });

  it('reads a forbidden excess as a maximum', () => {
    expect(limitsStated('É proibida a construção de rampas com inclinação superior a 20º')).toEqual(
      [{ measure: 'inclinacao', upper: true }],
    );
    expect(
      limitsStated('e) a distância percorrida pelo mergulhador não exceder a 60 metros;'),
    ).toEqual([{ measure: 'distancia', upper: true }]);
    expect(limitsStated('a altura máxima, em relação ao solo, de 2,25m')).toEqual([
      { measure: 'altura', upper: true },
    ]);
  });
});
