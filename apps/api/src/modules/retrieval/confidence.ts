import type { BM25Index } from './bm25-index';
import type { ParsedQuery } from './query';

/**
 * Below this confidence the engine abstains: midway between the out-of-corpus development questions
 * (≤ 0.19) and the answerable ones (≥ 0.25), so that neither side sits on the edge (bench/results).
 */
export const ABSTAIN_BELOW = 0.22;

/**
 * Share of the question's information (IDF mass of its own terms) that the best item covers, with
 * expansions counting for their weight. Words the corpus never uses count fully against it: a
 * question about "AVCB" or "FGTS" is not covered by an item that merely shares "prazo" and "empresa".
 */
export function coverage(
  index: BM25Index,
  query: ParsedQuery,
  docTerms: ReadonlySet<string>,
): number {
  const own = new Set(query.terms);
  let total = 0;
  for (const term of own) {
    // Item labels and figures are often written differently in the text ("2,0 m" vs "2 metros").
    if (term.startsWith('#') && index.documentFrequency(term) === 0) continue;
    total += index.idf(term);
  }
  if (total === 0) return 0;
  let covered = 0;
  for (const [term, weight] of query.weights) {
    if (docTerms.has(term)) covered += index.idf(term) * (own.has(term) ? 1 : weight);
  }
  return Math.min(1, covered / total);
}

/** Confidence in the first result: its coverage, lowered by signs the topic lies outside the NRs. */
export function confidenceOf(
  cov: number,
  query: ParsedQuery,
  named: boolean,
  outsideSignals = true,
): number {
  if (named) return Math.min(1, Math.max(cov, 0.9));
  if (!outsideSignals) return Math.min(1, cov);
  const penalty = query.outsideSignal.strong > 0 ? 0.4 : query.outsideSignal.weak > 0 ? 0.9 : 1;
  return Math.min(1, cov * penalty);
}
