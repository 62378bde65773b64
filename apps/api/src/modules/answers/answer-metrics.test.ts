import { describe, expect, it } from 'vitest';
import type { EvalQuestion } from '../retrieval/metrics';
import { answerMetrics, firstParagraph, foldForMatch, judgeAnswer } from './answer-metrics';

const question = (gold: EvalQuestion['gold'], facts: string[] = []): EvalQuestion => ({
  id: 'q',
  question: 'pergunta',
  type: gold.length ? 'lookup' : 'out_of_corpus',
  gold,
  facts,
});
const answer = (markdown: string, cited: [string, string][], abstained = false) => ({
  markdown,
  abstained,
  citations: cited.map(([code, item]) => ({ code, item })),
});

describe('answer judging', () => {
  it('finds a quote whatever the accents, case, punctuation and line breaks', () => {
    expect(foldForMatch('Acima de 2,00 m\n(dois METROS).')).toBe('acima de 2 00 m dois metros');
  });

  it('tells the facts the first paragraph carries from the ones only further down', () => {
    const q = question(
      [{ code: 'NR-18', item: '18.9.4.1' }],
      ['1,2 m (um metro e vinte centímetros)', '0,15 m'],
    );
    const md =
      '**Atenção:** não encontrei um item que trate exatamente desta situação.\n\n' +
      'Segundo o item 18.9.4.1 da NR-18, o travessão superior fica a 1,2 m (um metro e vinte centímetros).\n\n' +
      '> rodapé de 0,15 m';
    expect(firstParagraph(md)).toMatch(/^Segundo/);
    const o = judgeAnswer(q, answer(md, [['NR-18', '18.9.4.1']]), true);
    expect(o).toMatchObject({ leadFactsFound: 1, factsFound: 2, facts: 2 });
    const m = answerMetrics([q, q], [o, judgeAnswer(q, answer('x', [], true), false)]);
    expect(m).toMatchObject({ withFacts: 2, leadAny: 0.5, leadAll: 0, anywhere: 0.5 });
  });

  it('finds a fact copied from a table row in a lead that states the row in words', () => {
    const q = question([{ code: 'NR-15', item: 'Anexo 1' }], ['90 | 4 horas']);
    const stated =
      'Segundo o Anexo 1 da NR-15, na tabela, NÍVEL DE RUÍDO dB (A) 90 — MÁXIMA EXPOSIÇÃO DIÁRIA PERMISSÍVEL: 4 horas.';
    expect(judgeAnswer(q, answer(stated, [['NR-15', 'Anexo 1']]), false).leadFactsFound).toBe(1);
    // The cells must all be there, in the row's order.
    const other = 'Segundo o Anexo 1 da NR-15, 4 horas de exposição a 90 dB(A).';
    expect(judgeAnswer(q, answer(other, [['NR-15', 'Anexo 1']]), false).leadFactsFound).toBe(0);
  });

  it('credits a gold item only in the gold NR, and tells whether the answer opens with it', () => {
    const q = question([{ code: 'NR-35', item: '35.2.1' }], ['acima de 2,00 m']);
    const right = judgeAnswer(
      q,
      answer('Segundo o item 35.2.1, acima de 2,00 m.', [
        ['NR-35', '35.2.1'],
        ['NR-18', '18.1'],
      ]),
      false,
    );
    expect(right).toMatchObject({ citedGold: true, leadGold: true, factsFound: 1, facts: 1 });
    const otherNr = judgeAnswer(q, answer('texto', [['NR-34', '35.2.1']]), false);
    expect(otherNr).toMatchObject({ citedGold: false, leadGold: false, factsFound: 0 });
    const second = judgeAnswer(
      q,
      answer('texto', [
        ['NR-18', '18.1'],
        ['NR-35', '35.2.1'],
      ]),
      false,
    );
    expect(second).toMatchObject({ citedGold: true, leadGold: false });
  });

  it('adds up wrong answers, flagged ones, facts, abstentions and answers outside the corpus', () => {
    const gold = [{ code: 'NR-06', item: '6.3' }];
    const questions = [
      question(gold, ['gratuitamente', 'adequado ao risco']),
      question(gold, ['gratuitamente']),
      question(gold, ['gratuitamente']),
      question([]),
      question([]),
    ];
    const outcomes = [
      judgeAnswer(questions[0]!, answer('Fornecer gratuitamente.', [['NR-06', '6.3']]), false),
      judgeAnswer(questions[1]!, answer('Outro assunto.', [['NR-06', '6.9']]), true),
      judgeAnswer(questions[2]!, answer('Não encontrei.', [], true), false),
      judgeAnswer(questions[3]!, answer('Não encontrei.', [], true), false),
      judgeAnswer(questions[4]!, answer('Resposta.', [['NR-01', '1.1']]), false),
    ];
    expect(answerMetrics(questions, outcomes)).toEqual({
      questions: 5,
      answerable: 3,
      outOfCorpus: 2,
      citedGold: 1 / 3,
      leadGold: 1 / 3,
      wrong: 1 / 3,
      wrongFlagged: 1 / 3,
      factRecall: 0.5 / 3,
      // "Fornecer gratuitamente." is one paragraph: its one fact of two is in the lead.
      leadAny: 1 / 3,
      leadAll: 0,
      anywhere: 1 / 3,
      withFacts: 3,
      abstention: 0.5,
      falseAbstention: 1 / 3,
      answeredOutside: 0.5,
      citationsPerAnswer: 1,
    });
  });
});
