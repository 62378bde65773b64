/**
 * Word associations learned from the training questions and the items that answer them: how likely
 * a question word is, given a word of the item it asks for (a translation model, IBM Model 1 as in
 * Berger & Lafferty 1999). Exact words are BM25's job; this reads what exact words miss, the way
 * users ask for an item's content: "quem assina" for an item that says "assinado pelo responsável
 * técnico", "de quanto em quanto tempo" for "periodicidade anual". Sibling items share their heading
 * and most words; the words where they differ are the ones associations tell apart (decision 0054).
 */

/**
 * One training pair: a question's terms and the terms of the item that answers it (its text and its
 * heading path: "Prazos" or "Capacitação" above an item says what it is about as much as its text).
 */
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
  // Every (w, v) cell a pair touches, as an index into one table of probabilities.
  const table = new CellTable();
  const cell = (w: number, v: number) => table.idOf(w, v + 1);
  interface Prepared {
    words: Int32Array;
    tf: Float64Array;
    /** cells[i * words.length + j]: the cell of (question word i, item word j). */
    cells: Int32Array;
    qWords: Int32Array;
    /** How often each of `qWords` was asked for this item. */
    qCounts: Float64Array;
  }
  let questionTokens = 0;
  const wCount = new Float64Array(wNames.length);
  // The questions that ask for the same item share its row of the E-step: each question word is
  // explained by the same item words, so it is worked out once and counted as often as it occurs.
  const askedOf = new Map<readonly string[], Map<number, number>>();
  for (const p of pairs) {
    if (p.item.length === 0) continue;
    for (const word of p.question) {
      const w = wIds.get(word);
      if (w === undefined) continue;
      wCount[w]! += 1;
      questionTokens += 1;
      let asked = askedOf.get(p.item);
      if (!asked) askedOf.set(p.item, (asked = new Map()));
      asked.set(w, (asked.get(w) ?? 0) + 1);
    }
  }
  const prepared: Prepared[] = [];
  for (const [item, asked] of askedOf) {
    const tf = new Map<number, number>();
    for (const v of item) {
      let id = vIds.get(v);
      if (id === undefined) {
        vIds.set(v, (id = vNames.length));
        vNames.push(v);
      }
      tf.set(id, (tf.get(id) ?? 0) + 1);
    }
    const words = Int32Array.from([NULL_WORD, ...tf.keys()]);
    const share = 1 / (item.length + 1);
    const weights = Float64Array.from([share, ...[...tf.values()].map((n) => n * share)]);
    const qWords = Int32Array.from(asked.keys());
    const cells = new Int32Array(qWords.length * words.length);
    qWords.forEach((w, i) => words.forEach((v, j) => (cells[i * words.length + j] = cell(w, v))));
    prepared.push({
      words,
      tf: weights,
      cells,
      qWords,
      qCounts: Float64Array.from(asked.values()),
    });
  }
  const cells = table.size;
  // The item word is stored + 1, so that the empty word is 0.
  const cellW = table.first;
  const cellV = table.second;
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
        const times = p.qCounts[i]! / denominator;
        for (let j = 0; j < n; j++) {
          const c = p.cells[i * n + j]!;
          counts[c]! += p.tf[j]! * t[c]! * times;
        }
      }
    }
    vTotals.fill(0);
    for (let c = 0; c < cells; c++) vTotals[cellV[c]!]! += counts[c]!;
    for (let c = 0; c < cells; c++) {
      const total = vTotals[cellV[c]!]!;
      t[c] = total > 0 ? counts[c]! / total : 0;
    }
  }
  const byQuestionWord = new Map<string, Map<string, number>>();
  for (let c = 0; c < cells; c++) {
    if (cellV[c] === NULL_WORD + 1 || t[c]! < options.floor) continue;
    const w = wNames[cellW[c]!]!;
    let column = byQuestionWord.get(w);
    if (!column) byQuestionWord.set(w, (column = new Map()));
    column.set(vNames[cellV[c]! - 1]!, t[c]!);
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
 * Ids for pairs of small non-negative integers, in the order first seen: open addressing over typed
 * arrays. Training touches about a million (question word, item word) cells; a Map keyed by number
 * spent most of the learning time (decision 0054).
 */
class CellTable {
  first = new Int32Array(1 << 16);
  second = new Int32Array(1 << 16);
  size = 0;
  private slots = new Int32Array(1 << 17).fill(-1);

  idOf(a: number, b: number): number {
    const mask = this.slots.length - 1;
    let at = this.hash(a, b) & mask;
    for (;;) {
      const id = this.slots[at]!;
      if (id < 0) break;
      if (this.first[id] === a && this.second[id] === b) return id;
      at = (at + 1) & mask;
    }
    const id = this.size++;
    if (id === this.first.length) {
      this.first = grown(this.first);
      this.second = grown(this.second);
    }
    this.first[id] = a;
    this.second[id] = b;
    this.slots[at] = id;
    if (this.size * 2 > this.slots.length) this.rehash();
    return id;
  }

  private hash(a: number, b: number): number {
    return (Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x632be5ab, 0x85ebca77)) >>> 0;
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = this.slots.length - 1;
    for (let id = 0; id < this.size; id++) {
      let at = this.hash(this.first[id]!, this.second[id]!) & mask;
      while (this.slots[at]! >= 0) at = (at + 1) & mask;
      this.slots[at] = id;
    }
  }
}

function grown(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}

/**
 * Scores items against one query, each item given as its parts (its text, its heading path): for
 * each query word, log(1 + T(w | item) / background(w)), where
 * T(w | item) = Σ over the item's words v of t(w | v) × v's share of the item, averaged with the
 * query's weights. 0 when no query word was learned.
 */
export function associationScorer(
  associations: Associations,
  weights: ReadonlyMap<string, number>,
): (...itemParts: readonly (readonly string[])[]) => number {
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
  return (...parts) => {
    let length = 0;
    mass.fill(0);
    for (const terms of parts) {
      length += terms.length;
      for (const v of terms) {
        const list = calls.get(v);
        if (list) for (const [at, p] of list) mass[at]! += p;
      }
    }
    if (length === 0) return 0;
    let score = 0;
    words.forEach((w, i) => {
      if (mass[i]! > 0) score += w.weight * Math.log1p(mass[i]! / length / w.background);
    });
    return score / totalWeight;
  };
}
