import { describe, expect, it } from 'vitest';
import { buildRelevance, decisiveMatch, overlap, scoreUnits, splitUnits } from './passages';

const SPELLED = 'O objetivo é regular o Equipamento de Proteção Individual.';
const SHORT = 'O EPI deve ser fornecido ao empregado gratuitamente.';
const BOTH = 'O Equipamento de Proteção Individual - EPI deve ser fornecido gratuitamente.';

describe('passage relevance', () => {
  const units = [SPELLED, SHORT, BOTH].flatMap((text) => splitUnits(text));

  it('counts an abbreviation once, whether the text writes it short, spells it out or both', () => {
    const relevance = buildRelevance('Quem deve fornecer o EPI?', units);
    const spelled = overlap(SPELLED, relevance);
    const short = overlap(SHORT, relevance);
    // The spelled-out name is one idea, not three words of the question: it must not outweigh
    // a sentence that also says what the question asks (fornecer).
    expect(short).toBeGreaterThan(spelled);
    expect(spelled).toBeGreaterThan(0);
    // Writing both forms earns no more for the idea than writing it short.
    expect(overlap(BOTH, relevance)).toBeCloseTo(short, 6);
  });

  it('keeps a word the question asks for itself even when an expansion also uses it', () => {
    const relevance = buildRelevance('Qual a proteção individual exigida sem o EPI?', units);
    expect(overlap('Proteção individual é exigida.', relevance)).toBeGreaterThan(
      overlap('É exigida.', relevance),
    );
  });

  it('scores a text with none of the question’s words as zero', () => {
    const relevance = buildRelevance('Quem deve fornecer o EPI?', units);
    expect(overlap('Os andaimes devem ter guarda-corpo.', relevance)).toBe(0);
  });

  it('weighs a word a sub-item repeats from its lead-in at half, against the sub-item’s own words', () => {
    // Every sub-item of "Compete ao operador:" is about the operador; the one that names him again
    // ("substituído por outro operador") is no nearer the question for it than the one that says
    // what was asked (descer).
    const item = [
      'Compete ao operador:',
      'a) descer da cabine somente com o equipamento desligado;',
      'b) interromper a operação sempre que não puder ser substituído por outro operador.',
    ].join('\n');
    const itemUnits = splitUnits(item);
    const scored = scoreUnits(
      itemUnits,
      buildRelevance('O operador pode descer da cabine?', itemUnits),
    );
    const [leadIn, own, repeats] = scored;
    expect(own!.score).toBeGreaterThan(repeats!.score);
    // At half, not at nothing: a sub-item that repeats the question's word still counts some.
    expect(repeats!.overlap).toBeGreaterThan(0);
    expect(repeats!.overlap).toBeLessThan(leadIn!.overlap);
  });

  it('credits a sub-item with what its lead-in says, at the same share, whether it repeats it or not', () => {
    // "Cabe à organização, quanto ao EPI: c) fornecer ao empregado…" says who supplies the EPI as
    // much as a sentence that names the organização itself.
    const item = ['Compete ao operador:', 'a) descer da cabine com o equipamento desligado;'].join(
      '\n',
    );
    const itemUnits = splitUnits(item);
    const alone = 'Descer da cabine com o equipamento desligado.';
    const relevance = buildRelevance('O operador pode descer da cabine?', [
      ...itemUnits,
      ...splitUnits(alone),
    ]);
    const [, entry] = scoreUnits(itemUnits, relevance);
    expect(entry!.overlap).toBeGreaterThan(overlap(alone, relevance));
    // At the share of a repeated word: no more than the entry that names the operador again.
    const repeated = splitUnits(
      [
        'Compete ao operador:',
        'a) o operador deve descer da cabine com o equipamento desligado;',
      ].join('\n'),
    );
    expect(scoreUnits(repeated, relevance)[1]!.overlap).toBeCloseTo(entry!.overlap, 6);
  });
});

describe('the case a rule opens with', () => {
  const units = splitUnits(
    [
      'Quando do fornecimento de EPI, a organização deve assegurar a prestação de informações.',
      'A organização deve fornecer EPI adequado ao risco.',
    ].join('\n'),
  );

  it('counts a word said only in it at a share: it says when the rule holds, not what it asks', () => {
    const relevance = buildRelevance('A organização deve fornecer EPI?', units);
    const opening = overlap(
      'Quando do fornecimento de EPI, a organização deve assegurar a prestação de informações.',
      relevance,
    );
    const same = overlap(
      'A organização deve assegurar a prestação de informações no fornecimento de EPI.',
      relevance,
    );
    expect(opening).toBeGreaterThan(0);
    expect(opening).toBeLessThan(same);
  });

  it('counts it whole when the question puts a case of its own', () => {
    for (const question of [
      'Se não houver fornecimento de EPI, a organização deve informar?',
      'o que a organização deve informar quando há fornecimento de EPI?',
    ]) {
      const relevance = buildRelevance(question, units);
      expect(
        overlap(
          'Quando do fornecimento de EPI, a organização deve assegurar a prestação de informações.',
          relevance,
        ),
        question,
      ).toBeCloseTo(
        overlap(
          'A organização deve assegurar a prestação de informações no fornecimento de EPI.',
          relevance,
        ),
        6,
      );
    }
  });
});

describe('cutting an item into units', () => {
  it('reads sub-items numbered as items under a lead-in as sub-items of its list', () => {
    // NR-15, item 15.2 (official text): the PDF keeps 15.2.1 to 15.2.3 inside the item.
    const units = splitUnits(
      [
        'O exercício de trabalho em condições de insalubridade assegura ao trabalhador a percepção de adicional, equivalente a:',
        '15.2.1 40% (quarenta por cento), para insalubridade de grau máximo;',
        '15.2.2 20% (vinte por cento), para insalubridade de grau médio;',
        '15.2.3 10% (dez por cento), para insalubridade de grau mínimo;',
      ].join('\n'),
    );
    expect(units.map((u) => u.kind)).toEqual(['sentence', 'alinea', 'alinea', 'alinea']);
    // An item number opening a paragraph that follows no lead-in is text, not a sub-item.
    expect(splitUnits('O adicional é devido.\n15.2.1 vale para o grau máximo.')[1]!.kind).toBe(
      'sentence',
    );
  });

  it('reads dash-marked entries under a lead-in as sub-items, and a dash elsewhere as text', () => {
    // NR-15, Anexo 14 (official text).
    const units = splitUnits(
      [
        'Trabalho ou operações, em contato permanente com:',
        '- esgotos (galerias e tanques); e',
        '- lixo urbano (coleta e industrialização).',
      ].join('\n'),
    );
    expect(units.map((u) => u.kind)).toEqual(['sentence', 'alinea', 'alinea']);
    expect(splitUnits('O lixo é coletado.\n- todo dia.')[1]!.kind).toBe('sentence');
  });

  it('reads a table caption in capitals, numbered with a dot, as part of the table', () => {
    // NR-03, item 3.4.4 (official text): the caption is no statement of the rule.
    const units = splitUnits(
      [
        'Não são passíveis de embargo ou interdição as situações com avaliação de excesso de risco moderado (M), pequeno (P) ou nenhum (N).',
        'TABELA 3.4 - Tabela de excesso de risco: exposição ao risco pode resultar em lesão ou adoecimento de diversas vítimas simultaneamente',
      ].join('\n'),
    );
    expect(units.map((u) => u.kind)).toEqual(['sentence', 'table']);
  });
});

describe('figures the lead states', () => {
  it('reads litres as a unit of measure', () => {
    const text = 'deve respeitar o máximo de até 5.000 (cinco mil) litros por tanque';
    const at = decisiveMatch(text);
    expect(at && text.slice(at.index, at.end)).toBe('5.000 (cinco mil) litros');
  });

  it('reads a figure written out with its unit in words', () => {
    for (const [text, figure] of [
      ['em caso de ventos superiores a quarenta quilômetros por hora', 'quarenta quilômetros'],
      ['a distância de trinta centímetros do piso', 'trinta centímetros'],
      ['cargas acima de vinte quilogramas', 'vinte quilogramas'],
    ]) {
      const at = decisiveMatch(text!);
      expect(at && text!.slice(at.index, at.end)).toBe(figure);
    }
  });
});
