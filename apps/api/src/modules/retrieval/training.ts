import {
  ANSWER_FEATURES,
  createRetrievalEngine,
  DEFAULT_TUNING,
  itemKey,
  RANK_FEATURES,
  type LearnedRetrievalEngine,
  type Inspection,
  type RetrievalModels,
} from './engine';
import {
  lexicalOdds,
  trainLexicon,
  trainLogistic,
  linearScore,
  sigmoid,
  type LinearModel,
  type TrainingRow,
} from './linear-model';
import {
  computeMetrics,
  isHit,
  type EvalOutcome,
  type EvalQuestion,
  type GoldItem,
} from './metrics';
import { OUTSIDE_DOMAINS } from './outside-domains';
import type { IndexedSection } from './retrieval.types';

/** Figures of a trained pair of models, on the data given (in-sample) and by cross-validation. */
export interface TrainingReport {
  questions: number;
  answerable: number;
  outOfCorpus: number;
  /** Recall@1 and @5 of the hand-tuned ranking, and of the learned one out of fold. */
  recallAt1: { hand: number; learned: number };
  recallAt5: { hand: number; learned: number };
  /** Abstention on out-of-corpus questions and false abstention on the rest, out of fold. */
  abstention: { hand: number; learned: number };
  falseAbstention: { hand: number; learned: number };
}

export interface TrainedModels {
  models: Required<RetrievalModels>;
  /** The answerable training questions by item, served as document expansion. */
  knownQuestions: Map<string, string[]>;
  /**
   * The training conversations by the item their last message asks for, each as one text: they
   * expand the index too, but are no question to suggest to a user.
   */
  knownConversations: Map<string, string[]>;
  /**
   * The coverage questions and conversations by item: they expand the index only, and say nothing
   * of what users mean by their words (decision 0060).
   */
  knownCoverage: Map<string, string[]>;
  report: TrainingReport;
}

export interface TrainingOptions {
  /** Most false abstentions the threshold may cause on the training questions. */
  maxFalseAbstention?: number;
  folds?: number;
  l2?: { ranker: number; answerability: number };
  /** Smoothing of the word log-odds and the fewest questions a word must appear in. */
  lexicon?: { alpha: number; minCount: number };
}

const DEFAULTS = {
  maxFalseAbstention: 0.03,
  folds: 5,
  l2: { ranker: 0.01, answerability: 0.02 },
  lexicon: { alpha: 1, minCount: 2 },
};

const isGold = (gold: readonly GoldItem[]) => (c: { item: string; code: string }) =>
  isHit(
    c,
    gold.filter((g) => !g.code || g.code === c.code),
  );

/** Pairs (gold candidate − other candidate), each question weighing the same in total. */
function rankerRows(
  samples: readonly { q: EvalQuestion; inspection: Inspection }[],
): TrainingRow[] {
  const rows: TrainingRow[] = [];
  for (const { q, inspection } of samples) {
    if (q.gold.length === 0 || inspection.sure) continue;
    const hit = isGold(q.gold);
    const gold = inspection.candidates.filter(hit);
    const other = inspection.candidates.filter((c) => !hit(c));
    if (gold.length === 0 || other.length === 0) continue;
    const weight = 1 / (gold.length * other.length);
    for (const g of gold)
      for (const o of other) {
        const diff = g.features.map((v, i) => v - o.features[i]!);
        // Both orientations, so the fit has no preferred sign and needs no intercept.
        rows.push({ x: diff, y: 1, weight });
        rows.push({ x: diff.map((v) => -v), y: 0, weight });
      }
  }
  return rows;
}

function answerabilityRows(
  samples: readonly { q: EvalQuestion; inspection: Inspection }[],
  folds: number,
  lexiconOptions: { alpha: number; minCount: number },
): { rows: TrainingRow[]; lexicon: Record<string, number> } {
  const usable = samples.filter((s) => s.inspection.answerability && !s.inspection.sure);
  const positives = usable.filter((s) => s.q.gold.length > 0).length;
  const negatives = usable.length - positives;
  const docs = usable.map((s) => ({ terms: s.inspection.terms, y: s.q.gold.length > 0 ? 1 : 0 }));
  // Each question's lexical input comes from a lexicon that did not see it (stacking), so that the
  // classifier learns how far the lexicon can be trusted on questions it has not seen.
  const lexicalInput = new Array<number>(usable.length).fill(0);
  for (let f = 0; f < folds; f++) {
    const lexicon = trainLexicon(
      docs.filter((_, i) => i % folds !== f),
      lexiconOptions,
    );
    docs.forEach((d, i) => {
      if (i % folds === f) lexicalInput[i] = lexicalOdds(lexicon, d.terms);
    });
  }
  const lexicalAt = ANSWER_FEATURES.indexOf('lexicon');
  // Both classes weigh the same in total, whatever their sizes.
  const rows = usable.map(({ inspection }, i) => {
    const y = docs[i]!.y;
    const x = [...inspection.answerability!];
    x[lexicalAt] = lexicalInput[i]!;
    return {
      x,
      y,
      weight: y === 1 ? usable.length / (2 * positives) : usable.length / (2 * negatives),
    };
  });
  return { rows, lexicon: trainLexicon(docs, lexiconOptions) };
}

/** The highest threshold whose false abstention on the answerable questions stays within `max`. */
function chooseThreshold(model: LinearModel, rows: readonly TrainingRow[], max: number): number {
  const positives = rows
    .filter((r) => r.y === 1)
    .map((r) => sigmoid(linearScore(model, r.x)))
    .sort((a, b) => a - b);
  if (positives.length === 0) return 0.5;
  const allowed = Math.floor(positives.length * max);
  // Everything strictly below the threshold abstains: put it just above the `allowed`-th lowest.
  const threshold = positives[allowed]! - 1e-6;
  return Math.min(0.99, Math.max(0.01, threshold));
}

/** A training question with the engine that must read it: one whose expansion did not see it. */
interface Sample {
  q: EvalQuestion;
  engine: LearnedRetrievalEngine;
}

/**
 * A conversation written for training (earlier `turns`, then the follow-up whose gold items it
 * gives) is read as the whole conversation, as one question: "E o periódico?" alone names nothing,
 * while "Carga horária do treinamento de altura? E o periódico?" tells the item by the words its
 * users use. It expands the index and trains both models like any other question.
 */
export function asTrainingQuestion(q: EvalQuestion): EvalQuestion {
  if (!q.turns?.length) return q;
  const { turns, ...rest } = q;
  return { ...rest, question: [...turns, q.question].join(' ') };
}

/** Training questions by the items that answer them, for document expansion. */
export function knownQuestionsOf(questions: readonly EvalQuestion[]): Map<string, string[]> {
  const known = new Map<string, string[]>();
  for (const q of questions)
    for (const g of q.gold) {
      const key = itemKey(g.code, g.item);
      const list = known.get(key);
      if (list) list.push(q.question);
      else known.set(key, [q.question]);
    }
  return known;
}

function fit(samples: readonly Sample[], options: typeof DEFAULTS): Required<RetrievalModels> {
  const firstPass = samples.map(({ q, engine }) => ({ q, inspection: engine.inspect(q.question) }));
  const ranker = trainLogistic(rankerRows(firstPass), RANK_FEATURES, {
    l2: options.l2.ranker,
    intercept: false,
    center: false,
  });
  // The classifier reads the best item of the ranking it will serve.
  const secondPass = samples.map(({ q, engine }) => ({
    q,
    inspection: engine.withModels({ ranker }).inspect(q.question),
  }));
  const { rows, lexicon } = answerabilityRows(secondPass, options.folds, options.lexicon);
  const answerability = trainLogistic(rows, ANSWER_FEATURES, { l2: options.l2.answerability });
  answerability.lexicon = lexicon;
  answerability.threshold = chooseThreshold(answerability, rows, options.maxFalseAbstention);
  return { ranker, answerability };
}

/** What each question got, in the order of `samples`, for `computeMetrics`. */
function outcomesOf(samples: readonly Sample[], models: RetrievalModels): EvalOutcome[] {
  return samples.map(({ q, engine }) => {
    const { abstained, ranked } = engine.withModels(models).inspect(q.question);
    return { abstained, results: ranked };
  });
}

/**
 * Trains the reranker (pairwise logistic regression on the first-stage candidates) and then the
 * answerability classifier (logistic regression on the question's features with the learned
 * ranking), and measures both by k-fold cross-validation against the hand-tuned formulas. The
 * answerable questions also expand the index (each item is found by the questions that ask for
 * it); every question is read by an index built without its own fold, so that neither the models
 * nor the figures see a question's words in the item it asks for.
 *
 * `coverage` questions only expand the index, in every fold as when served: written one per item
 * that no other question asks for, they would teach the models that an item is rarely found by its
 * askers' words (decision 0060).
 */
export function trainRetrievalModels(
  sections: readonly IndexedSection[],
  questions: readonly EvalQuestion[],
  options: TrainingOptions = {},
  coverage: readonly EvalQuestion[] = [],
): TrainedModels {
  const o = {
    ...DEFAULTS,
    ...options,
    l2: { ...DEFAULTS.l2, ...options.l2 },
    lexicon: { ...DEFAULTS.lexicon, ...options.lexicon },
  };
  // Folds by position after a fixed shuffle, so reruns give the same figures.
  const order = questions
    .map(asTrainingQuestion)
    .map((q, i) => ({ q, key: hash(`${q.id}|${q.question}`) + i * 1e-9 }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.q);
  const foldOf = (i: number) => i % o.folds;
  const engines = Array.from({ length: o.folds }, (_, f) =>
    createRetrievalEngine(
      sections,
      DEFAULT_TUNING,
      OUTSIDE_DOMAINS,
      {},
      knownQuestionsOf([
        ...order.filter((_, i) => foldOf(i) !== f),
        ...coverage.map(asTrainingQuestion),
      ]),
    ),
  );
  const samples: Sample[] = order.map((q, i) => ({ q, engine: engines[foldOf(i)]! }));

  const hand = computeMetrics(order, outcomesOf(samples, {}));
  // Each fold is read by models trained on the others; outcomes are gathered back in `order`.
  const outOfFold: EvalOutcome[] = new Array(samples.length);
  for (let f = 0; f < o.folds; f++) {
    const models = fit(
      samples.filter((_, i) => foldOf(i) !== f),
      o,
    );
    const test = samples.map((s, i) => ({ s, i })).filter(({ i }) => foldOf(i) === f);
    outcomesOf(
      test.map(({ s }) => s),
      models,
    ).forEach((outcome, n) => (outOfFold[test[n]!.i] = outcome));
  }
  const learned = computeMetrics(order, outOfFold);
  const models = fit(samples, o);
  const report: TrainingReport = {
    questions: hand.questions,
    answerable: hand.answerable,
    outOfCorpus: hand.outOfCorpus,
    recallAt1: { hand: hand.recallAt1, learned: learned.recallAt1 },
    recallAt5: { hand: hand.recallAt5, learned: learned.recallAt5 },
    abstention: { hand: hand.abstention, learned: learned.abstention },
    falseAbstention: { hand: hand.falseAbstention, learned: learned.falseAbstention },
  };
  return {
    models,
    knownQuestions: knownQuestionsOf(questions.filter((q) => !q.turns?.length)),
    knownConversations: knownQuestionsOf(
      questions.filter((q) => q.turns?.length).map(asTrainingQuestion),
    ),
    knownCoverage: knownQuestionsOf(coverage.map(asTrainingQuestion)),
    report,
  };
}

/** FNV-1a, as a number in [0, 1). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) / 2 ** 32;
}
