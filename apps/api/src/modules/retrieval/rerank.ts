import type { BM25Index, Matches } from './bm25-index';
import type { ParsedQuery } from './query';
import type { IndexedSection } from './retrieval.types';

const PROXIMITY_WINDOW = 4;

/** The `k` best matches, best first, without sorting every match. */
export function topK(matches: Matches, k: number): [doc: number, score: number][] {
  const best: [number, number][] = [];
  let floor = 0;
  for (let i = 0; i < matches.count; i++) {
    const score = matches.scores[i]!;
    if (score <= 0 || (best.length >= k && score <= floor)) continue;
    best.push([matches.docs[i]!, score]);
    if (best.length > 2 * k) {
      best.sort((a, b) => b[1] - a[1]);
      best.length = k;
      floor = best[k - 1]![1];
    }
  }
  best.sort((a, b) => b[1] - a[1]);
  if (best.length > k) best.length = k;
  return best;
}

/** Adjacent pairs of the question's terms that also appear close together in the item, by IDF. */
export function proximity(
  index: BM25Index,
  query: ParsedQuery,
  docTerms: readonly string[],
): number {
  return proximityOf(index, query, queryTermPositions(query, docTerms));
}

/** Positions of the question's (weighted) terms in a run of item terms, read in order. */
export function queryTermPositions(
  query: ParsedQuery,
  ...parts: readonly (readonly string[])[]
): Map<string, number[]> {
  const positions = new Map<string, number[]>();
  let at = 0;
  for (const terms of parts) {
    for (const t of terms) {
      if (query.weights.has(t)) {
        const list = positions.get(t);
        if (list) list.push(at);
        else positions.set(t, [at]);
      }
      at++;
    }
  }
  return positions;
}

/** `proximity` from positions already gathered by `queryTermPositions`. */
export function proximityOf(
  index: BM25Index,
  query: ParsedQuery,
  positions: ReadonlyMap<string, readonly number[]>,
): number {
  let bonus = 0;
  for (let i = 0; i + 1 < query.terms.length; i++) {
    const a = positions.get(query.terms[i]!);
    const b = positions.get(query.terms[i + 1]!);
    if (!a || !b || query.terms[i] === query.terms[i + 1]) continue;
    if (a.some((pa) => b.some((pb) => Math.abs(pb - pa) <= PROXIMITY_WINDOW))) {
      bonus += Math.min(index.idf(query.terms[i]!), index.idf(query.terms[i + 1]!));
    }
  }
  return bonus;
}

/** For each section, the nearest section of the same NR whose item label is a prefix of its own (-1: none). */
export function parentIndex(sections: readonly IndexedSection[]): Int32Array {
  const byLabel = new Map<string, number>();
  sections.forEach((s, i) => {
    const key = `${s.code}|${s.item}`;
    if (!byLabel.has(key)) byLabel.set(key, i);
  });
  return Int32Array.from(sections, (s) => {
    const parts = s.item.split('.');
    for (let n = parts.length - 1; n >= 1; n--) {
      const parent = byLabel.get(`${s.code}|${parts.slice(0, n).join('.')}`);
      if (parent !== undefined) return parent;
    }
    return -1;
  });
}

/**
 * The first-stage score of a parent's best matching child: an item that introduces a list ("deve
 * conter:") or a rule with exceptions is the answer when its sub-items are what matched.
 */
export function childBonus(
  children: readonly number[] | undefined,
  scores: ReadonlyMap<number, number>,
): number {
  if (!children) return 0;
  let best = 0;
  for (const child of children) best = Math.max(best, scores.get(child) ?? 0);
  return best;
}
