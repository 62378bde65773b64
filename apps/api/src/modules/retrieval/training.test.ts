import { describe, expect, it } from 'vitest';
import { ANSWER_FEATURES, createRetrievalEngine, DEFAULT_TUNING, RANK_FEATURES } from './engine';
import type { EvalQuestion } from './metrics';
import { OUTSIDE_DOMAINS } from './outside-domains';
import { FIXTURE_SECTIONS } from './test/fixture-sections';
import { asTrainingQuestion, trainRetrievalModels } from './training';

/** Questions written for the fixture sections (not NR text), some outside the NRs. */
const QUESTIONS: EvalQuestion[] = [
  ['quem paga o equipamento de proteção do empregado?', 'NR-06', '6.3'],
  ['o funcionário pode usar o EPI para outra finalidade?', 'NR-06', '6.5.1'],
  ['o extintor precisa ficar sinalizado?', 'NR-23', '23.1.1'],
  ['pode trancar a saída de emergência no expediente?', 'NR-23', '23.2.1'],
  ['a permissão de entrada vale para várias entradas no espaço confinado?', 'NR-33', '33.3.1'],
  ['o vigia pode entrar no espaço confinado?', 'NR-33', '33.3.2'],
  ['membro eleito da CIPA pode ser demitido?', 'NR-05', '5.4.1'],
  ['com quanto tempo de antecedência convocar a eleição da cipa?', 'NR-05', '5.5.1'],
  ['quantos dias de férias o empregado pode vender?', '', ''],
  ['qual a alíquota do FGTS sobre o salário?', '', ''],
  ['qual a taxa de ocupação do terreno no código de obras?', '', ''],
  ['qual o valor da aposentadoria por invalidez no INSS?', '', ''],
  ['como tirar o alvará de funcionamento na prefeitura?', '', ''],
].map(([question, code, item], i) => ({
  id: `q${i}`,
  question: question!,
  type: code ? 'lookup' : 'out_of_corpus',
  gold: code ? [{ code: code, item: item! }] : [],
}));

describe('training the retrieval models', () => {
  const { models, knownQuestions, report } = trainRetrievalModels(FIXTURE_SECTIONS, QUESTIONS, {
    folds: 3,
  });

  it('produces a reranker and a classifier over the features the engine computes', () => {
    expect(models.ranker.features).toEqual([...RANK_FEATURES]);
    expect(models.answerability.features).toEqual([...ANSWER_FEATURES]);
    expect(models.ranker.bias).toBe(0);
    expect(models.answerability.threshold).toBeGreaterThan(0);
    expect(models.answerability.threshold).toBeLessThan(1);
    expect(models.ranker.weights.every(Number.isFinite)).toBe(true);
  });

  it('reports the hand-tuned and cross-validated figures on the questions given', () => {
    expect(report).toMatchObject({ questions: 13, answerable: 8, outOfCorpus: 5 });
    for (const pair of [report.recallAt5, report.abstention, report.falseAbstention]) {
      for (const value of [pair.hand, pair.learned]) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1);
      }
    }
    expect(report.recallAt5.hand).toBe(1);
  });

  it('keeps the answerable questions by item, for document expansion', () => {
    expect(knownQuestions.get('NR-33|33.3.2')).toEqual([
      'o vigia pode entrar no espaço confinado?',
    ]);
    expect([...knownQuestions.values()].flat()).toHaveLength(8);
  });

  it('reads a conversation written for training as the whole conversation', () => {
    const chat: EvalQuestion = {
      id: 'c1',
      type: 'followup',
      turns: ['Vamos fazer manutenção dentro de um tanque.', 'Quem assina a permissão de entrada?'],
      question: 'E ela vale por quanto tempo?',
      gold: [{ code: 'NR-33', item: '33.3.1' }],
    };
    expect(asTrainingQuestion(chat)).toEqual({
      id: 'c1',
      type: 'followup',
      question:
        'Vamos fazer manutenção dentro de um tanque. Quem assina a permissão de entrada? E ela vale por quanto tempo?',
      gold: [{ code: 'NR-33', item: '33.3.1' }],
    });
    const standalone = QUESTIONS[0]!;
    expect(asTrainingQuestion(standalone)).toBe(standalone);
    const trained = trainRetrievalModels(FIXTURE_SECTIONS, [...QUESTIONS, chat], { folds: 3 });
    // It expands the index, but apart from the questions, which are also offered as suggestions.
    expect(trained.knownQuestions.get('NR-33|33.3.1')).toEqual([
      'a permissão de entrada vale para várias entradas no espaço confinado?',
    ]);
    expect(trained.knownConversations.get('NR-33|33.3.1')).toEqual([
      'Vamos fazer manutenção dentro de um tanque. Quem assina a permissão de entrada? E ela vale por quanto tempo?',
    ]);
    expect(trained.knownConversations.size).toBe(1);
  });

  it('lets coverage conversations expand the index without training the models on them', () => {
    const coverage: EvalQuestion = {
      id: 'k1',
      type: 'followup',
      turns: ['Temos um tanque de água na cobertura.'],
      question: 'E quem pode entrar lá?',
      gold: [{ code: 'NR-33', item: '33.3.2' }],
    };
    const trained = trainRetrievalModels(FIXTURE_SECTIONS, QUESTIONS, { folds: 3 }, [coverage]);
    expect(trained.knownCoverage.get('NR-33|33.3.2')).toEqual([
      'Temos um tanque de água na cobertura. E quem pode entrar lá?',
    ]);
    expect(trained.knownConversations.size).toBe(0);
    // Not a question the models were trained or measured on.
    expect(trained.report).toMatchObject({ questions: 13, answerable: 8 });
    expect(trained.models.ranker.weights).toHaveLength(models.ranker.weights.length);
    expect(trained.knownQuestions).toEqual(knownQuestions);
  });

  it('gives an engine that still finds the items and abstains outside the NRs', () => {
    const engine = createRetrievalEngine(FIXTURE_SECTIONS, DEFAULT_TUNING, OUTSIDE_DOMAINS, models);
    const answered = engine.search('quem paga o equipamento de proteção do empregado?');
    expect(answered.abstained).toBe(false);
    expect(answered.results[0]).toMatchObject({ code: 'NR-06', item: '6.3', score: 1 });
    // Learned scores are relative to the best item, which the answer engine reads them as.
    for (const r of answered.results.slice(1)) {
      expect(r.score).toBeGreaterThan(0);
      expect(r.score).toBeLessThanOrEqual(1);
    }
    expect(engine.search('quantos dias de férias o empregado pode vender?').abstained).toBe(true);
    // A named item is answered whatever the classifier says.
    expect(engine.search('o que diz o item 33.3.2 da NR-33?').abstained).toBe(false);
  });
});
