/**
 * Word associations learned from the training questions and the items that answer them: how likely
 * a question word is, given a word of the item it asks for (a translation model, IBM Model 1 as in
 * Berger & Lafferty 1999). Exact words are BM25's job; this reads what exact words miss, the way
 * users ask for an item's content: "quem assina" for an item that says "assinado pelo responsável
 * técnico", "de quanto em quanto tempo" for "periodicidade anual". Sibling items share their heading
 * and most words; the words where they differ are the ones associations tell apart (decision 0054).
 */

/** One training pair: a question's terms and the terms of the item that answers it. */
export interface AssociationPair {
  question: readonly string[];
  item: readonly string[];
}

export interface AssociationOptions {
  /** EM iterations. */
  iterations: number;
  /** Question words seen in fewer questions are not learned (too rare to trust). */
  minQuestions: number;
  /** Probabilities below this are dropped after training. */
  floor: number;
  /**
   * The most item words kept per question word, the likeliest: a query reads every column of its
   * words, and the widest columns belong to the commonest words, which tell least.
   */
  column: number;
}

export const DEFAULT_ASSOCIATIONS: AssociationOptions = {
  iterations: 4,
  minQuestions: 2,
  floor: 0.01,
  column: 48,
};

/** t(question word | item word), by question word: the column a query reads. */
export interface Associations {
  /** For a question word, the item words that call it, with t(w | v). */
  readonly byQuestionWord: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** How often each learned question word occurs among all question words (the background). */
  readonly background: ReadonlyMap<string, number>;
}

export const NO_ASSOCIATIONS: Associations = { byQuestionWord: new Map(), background: new Map() };

const NULL_WORD = -1;

/**
 * Trains t(w | v) by expectation–maximisation over the pairs: each question word is explained by
 * the words of its item (weighted by how often they occur there) or by an empty word that absorbs
 * the wording every question has ("qual", "precisa"). Deterministic for the same pairs.
 */
export function learnAssociations(
  pairs: readonly AssociationPair[],
  options: AssociationOptions = DEFAULT_ASSOCIATIONS,
): Associations {
  // Question words worth learning: in at least `minQuestions` questions.
  const questionsWith = new Map<string, number>();
  for (const p of pairs)
    for (const w of new Set(p.question)) questionsWith.set(w, (questionsWith.get(w) ?? 0) + 1);
  const wIds = new Map<string, number>();
  const wNames: string[] = [];
  for (const [w, n] of questionsWith)
    if (n >= options.minQuestions && !w.startsWith('#')) {
      wIds.set(w, wNames.length);
      wNames.push(w);
    }
  const vIds = new Map<string, number>();
  const vNames: string[] = [];
  const W = wNames.length;
  // Every (w, v) cell a pair touches, as an index into one table of probabilities.
  const cellOf = new Map<number, number>();
  const cellW: number[] = [];
  const cellV: number[] = [];
  const cell = (w: number, v: number) => {
    const key = (v + 1) * W + w;
    let at = cellOf.get(key);
    if (at === undefined) {
      at = cellW.length;
      cellOf.set(key, at);
      cellW.push(w);
      cellV.push(v);
    }
    return at;
  };
  interface Prepared {
    words: Int32Array;
    tf: Float64Array;
    /** cells[i * words.length + j]: the cell of (question word i, item word j). */
    cells: Int32Array;
    qWords: Int32Array;
  }
  const prepared: Prepared[] = [];
  let questionTokens = 0;
  const wCount = new Float64Array(W);
  for (const p of pairs) {
    const q = p.question.map((w) => wIds.get(w)).filter((w): w is number => w !== undefined);
    if (q.length === 0 || p.item.length === 0) continue;
    for (const w of q) wCount[w]! += 1;
    questionTokens += q.length;
    const tf = new Map<number, number>();
    for (const v of p.item) {
      let id = vIds.get(v);
      if (id === undefined) {
        vIds.set(v, (id = vNames.length));
        vNames.push(v);
      }
      tf.set(id, (tf.get(id) ?? 0) + 1);
    }
    const words = Int32Array.from([NULL_WORD, ...tf.keys()]);
    const total = p.item.length;
    const weights = Float64Array.from([
      1 / (total + 1),
      ...[...tf.values()].map((n) => n / (total + 1)),
    ]);
    const cells = new Int32Array(q.length * words.length);
    q.forEach((w, i) => words.forEach((v, j) => (cells[i * words.length + j] = cell(w, v))));
    prepared.push({ words, tf: weights, cells, qWords: Int32Array.from(q) });
  }
  const cells = cellW.length;
  const t = new Float64Array(cells).fill(1);
  const counts = new Float64Array(cells);
  const vTotals = new Float64Array(vNames.length + 1);
  for (let iteration = 0; iteration < options.iterations; iteration++) {
    counts.fill(0);
    for (const p of prepared) {
      const n = p.words.length;
      for (let i = 0; i < p.qWords.length; i++) {
        let denominator = 0;
        for (let j = 0; j < n; j++) denominator += p.tf[j]! * t[p.cells[i * n + j]!]!;
        if (denominator <= 0) continue;
        for (let j = 0; j < n; j++) {
          const c = p.cells[i * n + j]!;
          counts[c]! += (p.tf[j]! * t[c]!) / denominator;
        }
      }
    }
    vTotals.fill(0);
    for (let c = 0; c < cells; c++) vTotals[cellV[c]! + 1]! += counts[c]!;
    for (let c = 0; c < cells; c++) {
      const total = vTotals[cellV[c]! + 1]!;
      t[c] = total > 0 ? counts[c]! / total : 0;
    }
  }
  const byQuestionWord = new Map<string, Map<string, number>>();
  for (let c = 0; c < cells; c++) {
    if (cellV[c] === NULL_WORD || t[c]! < options.floor) continue;
    const w = wNames[cellW[c]!]!;
    let column = byQuestionWord.get(w);
    if (!column) byQuestionWord.set(w, (column = new Map()));
    column.set(vNames[cellV[c]!]!, t[c]!);
  }
  for (const [w, column] of byQuestionWord)
    if (column.size > options.column)
      byQuestionWord.set(
        w,
        new Map(
          [...column]
            .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
            .slice(0, options.column),
        ),
      );
  const background = new Map<string, number>();
  if (questionTokens > 0) wNames.forEach((w, i) => background.set(w, wCount[i]! / questionTokens));
  return { byQuestionWord, background };
}

/**
 * Scores items against one query: for each query word, log(1 + T(w | item) / background(w)), where
 * T(w | item) = Σ over the item's words v of t(w | v) × v's share of the item, averaged with the
 * query's weights. 0 when no query word was learned.
 */
export function associationScorer(
  associations: Associations,
  weights: ReadonlyMap<string, number>,
): (itemTerms: readonly string[]) => number {
  const words: { weight: number; background: number }[] = [];
  /** For each item word, the query words it calls: (index into `words`, t). */
  const calls = new Map<string, [number, number][]>();
  let totalWeight = 0;
  for (const [w, weight] of weights) {
    const column = associations.byQuestionWord.get(w);
    totalWeight += weight;
    if (!column) continue;
    const at = words.length;
    words.push({ weight, background: associations.background.get(w) ?? 1e-6 });
    for (const [v, p] of column) {
      const list = calls.get(v);
      if (list) list.push([at, p]);
      else calls.set(v, [[at, p]]);
    }
  }
  if (words.length === 0 || totalWeight === 0) return () => 0;
  const mass = new Float64Array(words.length);
  return (itemTerms) => {
    if (itemTerms.length === 0) return 0;
    mass.fill(0);
    for (const v of itemTerms) {
      const list = calls.get(v);
      if (list) for (const [at, p] of list) mass[at]! += p;
    }
    let score = 0;
    words.forEach((w, i) => {
      if (mass[i]! > 0) score += w.weight * Math.log1p(mass[i]! / itemTerms.length / w.background);
    });
    return score / totalWeight;
  };
}
