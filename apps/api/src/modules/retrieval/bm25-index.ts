import { analyzeTerms } from './text/analyzer';

export interface BM25Document {
  content: string;
  heading: string;
  title: string;
}

/** Field weights of BM25F: a word in the heading path or the NR title says more about the item. */
export const FIELD_WEIGHTS = { content: 1, heading: 1.5, title: 0.6 } as const;
const K1 = 1.2;
const B = 0.75;

/**
 * BM25F over three fields (content, heading path, regulation title), with per-document term lists
 * kept for proximity and coverage in the reranking stage.
 */
export class BM25Index {
  readonly size: number;
  /** Analyzed content then heading terms of each document, in order. */
  readonly docTerms: string[][];
  private readonly postings = new Map<string, { docs: number[]; tfs: number[] }>();
  private readonly norms: Float64Array;

  constructor(documents: readonly BM25Document[]) {
    this.size = documents.length;
    this.docTerms = [];
    const lengths = new Float64Array(documents.length);
    documents.forEach((doc, id) => {
      const content = analyzeTerms(doc.content);
      const heading = analyzeTerms(doc.heading);
      const title = analyzeTerms(doc.title);
      this.docTerms.push([...heading, ...content]);
      const tf = new Map<string, number>();
      const add = (terms: string[], w: number) => {
        for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + w);
      };
      add(content, FIELD_WEIGHTS.content);
      add(heading, FIELD_WEIGHTS.heading);
      add(title, FIELD_WEIGHTS.title);
      lengths[id] = content.length + FIELD_WEIGHTS.heading * heading.length + FIELD_WEIGHTS.title * title.length;
      for (const [term, f] of tf) {
        let p = this.postings.get(term);
        if (!p) this.postings.set(term, (p = { docs: [], tfs: [] }));
        p.docs.push(id);
        p.tfs.push(f);
      }
    });
    const avg = lengths.reduce((a, b) => a + b, 0) / Math.max(1, documents.length) || 1;
    this.norms = lengths.map((len) => K1 * (1 - B + (B * len) / avg));
  }

  documentFrequency(term: string): number {
    return this.postings.get(term)?.docs.length ?? 0;
  }

  /** Robertson–Spärck Jones IDF; a term the corpus never uses gets the rarest possible weight. */
  idf(term: string): number {
    const df = this.documentFrequency(term);
    return Math.log(1 + (this.size - df + 0.5) / (df + 0.5));
  }

  /** Scores of every document matching at least one weighted term. */
  score(weights: ReadonlyMap<string, number>): Map<number, number> {
    const scores = new Map<number, number>();
    for (const [term, weight] of weights) {
      const p = this.postings.get(term);
      if (!p) continue;
      const idf = this.idf(term) * weight;
      for (let i = 0; i < p.docs.length; i++) {
        const doc = p.docs[i]!;
        const tf = p.tfs[i]!;
        scores.set(doc, (scores.get(doc) ?? 0) + (idf * tf * (K1 + 1)) / (tf + this.norms[doc]!));
      }
    }
    return scores;
  }
}
