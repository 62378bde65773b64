import type { BM25Index } from './bm25-index';
import type { ParsedQuery } from './query';

/**
 * Below this confidence the engine abstains: midway between the out-of-corpus development questions
 * (≤ 0.19) and the answerable ones (≥ 0.25), so that neither side sits on the edge (bench/results).
 */
export const ABSTAIN_BELOW = 0.22;

/**
 * IDF mass of distinct question terms: what a question asks, to be covered. Words the corpus never
 * uses count fully; item labels and figures it never uses do not, as they are often written
 * differently in the text ("2,0 m" vs "2 metros").
 */
export function informationOf(index: BM25Index, terms: ReadonlySet<string>): number {
  let total = 0;
  for (const term of terms) {
    if (term.startsWith('#') && index.documentFrequency(term) === 0) continue;
    total += index.idf(term);
  }
  return total;
}

/**
 * Share of the question's information (IDF mass of its own terms) that the best item covers, with
 * expansions counting for their weight. Words the corpus never uses count fully against it: a
 * question about "AVCB" or "FGTS" is not covered by an item that merely shares "prazo" and "empresa".
 */
export function coverage(
  index: BM25Index,
  query: ParsedQuery,
  docTerms: ReadonlySet<string>,
  ignore: ReadonlySet<string> = new Set(),
): number {
  const own = new Set(query.terms.filter((t) => !ignore.has(t)));
  const total = informationOf(index, own);
  if (total === 0) return 0;
  let covered = 0;
  for (const [term, weight] of query.weights) {
    if (docTerms.has(term) && !ignore.has(term))
      covered += index.idf(term) * (own.has(term) ? 1 : weight);
  }
  return Math.min(1, covered / total);
}

/**
 * Factors on the coverage of the question's other words when it uses a phrase of a subject outside
 * the NRs: strong ones (FGTS, AVCB, código de obras), or two weak ones, make that subject the question's topic unless the
 * rest is covered very well; weak ones (INSS, prefeitura) are often mere context of an NR question.
 */
export const OUTSIDE_FACTOR = { strong: 0.3, weak: 0.75 };

/**
 * Confidence in the first result: its coverage of the question. When the question uses an "outside
 * the NRs" phrase, the confidence is that of the rest of the question (`covRest`: coverage with the
 * phrase's words left out), scaled down: "após afastamento pelo INSS, refazer o treinamento?" keeps a
 * well-covered NR question, "valor do auxílio pago pelo INSS" has nothing left that an item covers.
 */
export function confidenceOf(
  cov: number,
  covRest: number,
  query: ParsedQuery,
  named: boolean,
  outsideSignals = true,
): number {
  if (named) return Math.min(1, Math.max(cov, 0.9));
  const { strong, weak } = query.outsideSignal;
  if (!outsideSignals || (strong === 0 && weak === 0)) return Math.min(1, cov);
  // Two weak signs together ("esgoto" in a "residência") say as much as a strong one.
  const factor = strong > 0 || weak > 1 ? OUTSIDE_FACTOR.strong : OUTSIDE_FACTOR.weak;
  return Math.min(1, cov, covRest * factor);
}
