/** Retrieval quality figures shared by `normas eval` and the benchmark. */
export interface GoldItem {
  code: string;
  item: string;
}

export interface EvalQuestion {
  id: string;
  question: string;
  type: string;
  gold: GoldItem[];
  /** Short quotes of the gold items that answer the question (used to judge answers). */
  facts?: string[];
  /** Earlier user turns of a conversation whose last turn is `question` (follow-up sets). */
  turns?: string[];
}

export interface EvalOutcome {
  abstained: boolean;
  results: { code: string; item: string }[];
}

export interface RetrievalMetrics {
  questions: number;
  answerable: number;
  outOfCorpus: number;
  recallAt1: number;
  recallAt5: number;
  recallAt10: number;
  mrrAt10: number;
  nrRecallAt1: number;
  abstention: number;
  falseAbstention: number;
}

const key = (s: string) => s.trim().toLowerCase();

/** A hit is a result whose item equals a gold item (trimmed, case-insensitive). */
export function isHit(result: { item: string }, gold: readonly GoldItem[]): boolean {
  return gold.some((g) => key(g.item) === key(result.item));
}

export function firstHitRank(
  outcome: EvalOutcome,
  gold: readonly GoldItem[],
  k: number,
): number | undefined {
  const i = outcome.results.slice(0, k).findIndex((r) => isHit(r, gold));
  return i < 0 ? undefined : i + 1;
}

/**
 * Recall@k counts a question as found when any gold item is in the first k (an abstaining engine
 * still ranks, so recall measures ranking); abstention is measured on out_of_corpus questions and
 * false abstention on the others.
 */
export function computeMetrics(
  questions: readonly EvalQuestion[],
  outcomes: readonly EvalOutcome[],
): RetrievalMetrics {
  let r1 = 0,
    r5 = 0,
    r10 = 0,
    mrr = 0,
    nr1 = 0,
    abst = 0,
    falseAbst = 0,
    answerable = 0,
    ooc = 0;
  questions.forEach((q, i) => {
    const o = outcomes[i]!;
    if (q.gold.length === 0) {
      ooc++;
      if (o.abstained) abst++;
      return;
    }
    answerable++;
    if (o.abstained) falseAbst++;
    const rank = firstHitRank(o, q.gold, 10);
    if (rank !== undefined) {
      if (rank <= 1) r1++;
      if (rank <= 5) r5++;
      r10++;
      mrr += 1 / rank;
    }
    const top = o.results[0];
    if (top && q.gold.some((g) => key(g.code) === key(top.code))) nr1++;
  });
  const ratio = (n: number, d: number) => (d === 0 ? 0 : n / d);
  return {
    questions: questions.length,
    answerable,
    outOfCorpus: ooc,
    recallAt1: ratio(r1, answerable),
    recallAt5: ratio(r5, answerable),
    recallAt10: ratio(r10, answerable),
    mrrAt10: ratio(mrr, answerable),
    nrRecallAt1: ratio(nr1, answerable),
    abstention: ratio(abst, ooc),
    falseAbstention: ratio(falseAbst, answerable),
  };
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
