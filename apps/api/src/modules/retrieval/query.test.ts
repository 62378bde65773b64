import { describe, expect, it } from 'vitest';
import { analyzeTerms } from './text/analyzer';
import { parseQuery, withContext } from './query';
import { stem } from './text/stemmer';

describe('query understanding', () => {
  it.each(['NR-35', 'nr35', 'NR 35', 'Nr-35', 'norma regulamentadora 35'])(
    'reads "%s" as NR-35',
    (code) => {
      expect(parseQuery(`o que diz a ${code} sobre ancoragem?`).codes).toEqual(['NR-35']);
    },
  );

  it('finds named items and the NR their number implies', () => {
    expect(parseQuery('item 18.7 da nr18').items).toEqual([
      { label: '18.7', impliedCode: 'NR-18' },
    ]);
    expect(parseQuery('o anexo II 1.3 trata de quê?').items).toEqual([
      { label: 'Anexo II 1.3', impliedCode: undefined },
    ]);
  });

  it.each([
    ['NR-17 Anexo II item 6.4.1: como?', 'Anexo II 6.4.1'],
    ['o subitem 6.4.1 do Anexo II da NR-17', 'Anexo II 6.4.1'],
    ['anexo 1, item 6 da NR-15', 'Anexo 1 6'],
    ['NR-05 anexo I 3.3', 'Anexo I 3.3'],
  ])('reads "%s" as the annex item %s', (question, label) => {
    expect(parseQuery(question).items).toEqual([{ label, impliedCode: undefined }]);
  });

  it('takes a bare number for an item only inside an annex', () => {
    expect(parseQuery('tenho 2 itens e 6 dúvidas').items).toEqual([]);
    expect(parseQuery('item 6 da NR-15').items).toEqual([]);
  });

  it('notices a question that asks for a figure', () => {
    expect(parseQuery('de quanto em quanto tempo inspecionar?').asksQuantity).toBe(true);
    expect(parseQuery('qual o prazo máximo?').asksQuantity).toBe(true);
    expect(parseQuery('quem emite a permissão de trabalho?').asksQuantity).toBe(false);
  });

  it('does not take a decimal or a thousand for an item', () => {
    expect(parseQuery('rede de 13,8 kV com 1.000 trabalhadores').items).toEqual([]);
  });

  it('expands abbreviations; ambiguous ones only when capitalised', () => {
    expect(parseQuery('Precisa de AR?').weights.get(stem('analise'))).toBe(0.7);
    expect(parseQuery('qualidade do ar no ambiente').weights.has(stem('analise'))).toBe(false);
    expect(parseQuery('quem paga o EPI?').weights.get(stem('individual'))).toBe(0.7);
  });

  it('adds domain synonyms with a lower weight than the words asked', () => {
    const q = parseQuery('o cipeiro tem estabilidade?');
    expect(q.weights.get(stem('cipeiro'))).toBe(1);
    expect(q.weights.get(stem('membro'))).toBe(0.35);
    // "voltar a funcionar" after an emergency stop is the NR-12's "rearme ou reset".
    const back = parseQuery('a máquina pode voltar a funcionar só soltando o botão?');
    expect(back.weights.get(stem('rearme'))).toBe(0.35);
    expect(parseQuery('e pra religar?').weights.get(stem('reset'))).toBe(0.35);
    // NR-24 writes "de uso comum entre os sexos" for what people call unissex.
    expect(parseQuery('banheiro unissex é permitido?').weights.get(stem('sexos'))).toBe(0.35);
    // "pagar pelo capacete" asks who pays: the NR-06 says the EPI is given "gratuitamente".
    const pays = parseQuery('funcionário tem que pagar pelo capacete que a firma entrega?');
    expect(pays.weights.get(stem('gratuitamente'))).toBe(0.35);
    // A training's "validade" is how often it is repeated: NR-10's "reciclagem bienal".
    const validity = parseQuery('Qual a validade do treinamento de NR-10?');
    expect(validity.weights.get(stem('reciclagem'))).toBe(0.35);
    // "a cada 2 anos" is NR-10's "reciclagem bienal".
    const twoYears = parseQuery('Eletricista precisa de curso de NR-10 a cada 2 anos?');
    expect(twoYears.weights.get(stem('bienal'))).toBe(0.35);
    // "reunião mensal" is NR-05's "reuniões ordinárias mensais": the stemmer keeps the plural apart.
    const monthly = parseQuery('A CIPA precisa ter reunião mensal?');
    expect(monthly.weights.get(stem('mensais'))).toBe(0.35);
  });

  it('does not read one allowance for the other: insalubridade is not periculosidade', () => {
    // "Qual o percentual do adicional de insalubridade?" was answered with NR-16's 30% of
    // periculosidade when a synonym group made each allowance an expansion of the other.
    const unhealthy = parseQuery('Qual o percentual do adicional de insalubridade?');
    expect(unhealthy.weights.has(stem('periculosidade'))).toBe(false);
    expect(unhealthy.topicCodes.has('NR-16')).toBe(false);
    expect(parseQuery('adicional de periculosidade').weights.has(stem('insalubridade'))).toBe(
      false,
    );
    // The NRs write the percentage out: "40% (quarenta por cento)".
    expect(unhealthy.weights.get(stem('cento'))).toBe(0.35);
    // A figure with "%" in the question is a value, not a question for a percentage.
    expect(unhealthy.terms).toContain('percentual');
    expect(parseQuery('trajeto casa empresa, tem adicional de 30%?').terms).not.toContain(
      'percentual',
    );
  });

  it('reads which term "o que é…" asks to define, and no term in a duty asked', () => {
    expect(parseQuery('o que é espaço confinado nr 33').defines).toEqual(
      analyzeTerms('espaço confinado'),
    );
    expect(parseQuery('O que é considerado trabalho em altura?').defines).toEqual(
      analyzeTerms('trabalho em altura'),
    );
    expect(parseQuery('o que é obrigatório no ASO?').defines).toEqual([]);
    expect(parseQuery('O que é preciso para operar empilhadeira?').defines).toEqual([]);
    expect(parseQuery('Qual a altura do guarda-corpo?').defines).toEqual([]);
  });

  it('reads "menos de" as the "inferior a" the NRs write', () => {
    expect(parseQuery('votou menos da metade dos empregados').weights.get(stem('inferior'))).toBe(
      0.35,
    );
    expect(parseQuery('votou a metade dos empregados').weights.has(stem('inferior'))).toBe(false);
  });

  it('recognises an NR topic and signals of subjects outside the NRs', () => {
    expect(parseQuery('treinamento para trabalho em altura').topicCodes.get('NR-35')).toBe(1);
    expect(parseQuery('quantos dias de férias?').outsideSignal.strong).toBe(1);
    expect(parseQuery('uso do cinto de segurança').outsideSignal).toEqual({
      strong: 0,
      weak: 0,
      terms: new Set(),
      phrases: { strong: [], weak: [] },
    });
    expect([...parseQuery('afastado pelo INSS').outsideSignal.terms]).toEqual(['inss']);
    // Matters no NR rules, named by the authority or document that does (decision 0070).
    for (const question of [
      'o PGR substitui o LTCAT?',
      'qual o código CBO dele?',
      'e a resolução da ANEEL?',
      'o curso do CONTRAN é obrigatório?',
      'isso é crime?',
      'tem direito a indenização?',
      // Asked what the CLT says: the NRs do not say it, though they name the CLT.
      'qual o peso máximo que ela pode carregar pela CLT?',
      'o que a CLT diz sobre esse desconto?',
      // Matters of labour law no NR names.
      'ele tem direito a adicional por acúmulo de função?',
      'o cipeiro que é dirigente sindical acumula as estabilidades?',
      'a prefeitura responde pelas dívidas trabalhistas da terceirizada?',
      'prazo pra entrar com processo trabalhista depois de sair da empresa',
    ])
      expect(parseQuery(question).outsideSignal.strong, question).toBeGreaterThan(0);
    // "legislação trabalhista" (the CIPA's course covers it) is not an "ação trabalhista".
    expect(parseQuery('o curso da CIPA aborda legislação trabalhista?').outsideSignal.strong).toBe(
      0,
    );
    // …while a question on an NR may cite an article of the CLT.
    expect(
      parseQuery('as pausas substituem o intervalo do art. 71 da CLT?').outsideSignal.strong,
    ).toBe(0);
    expect(parseQuery('o que é espaço confinado?').asksDefinition).toBe(true);
    expect(parseQuery('quem emite a permissão de trabalho?').asksDefinition).toBe(false);
  });
});

describe('the case a conversation told', () => {
  it('carries the quantities earlier messages gave, unless the message gives its own of that kind', () => {
    const told = [{ text: 'Os operadores fazem 6 horas por dia no fone.', weight: 0.5 }];
    expect(withContext(parseQuery('como tem que ser as pausas deles?'), told).quantities).toEqual([
      { unit: 'horas', value: 6 },
    ]);
    expect(
      withContext(parseQuery('e se fizerem 8 horas, como ficam as pausas?'), told).quantities,
    ).toEqual([{ unit: 'horas', value: 8 }]);
  });
});
