/** A document already analyzed into terms, one list per field. */
export interface BM25Document {
  content: readonly string[];
  heading: readonly string[];
  title: readonly string[];
  /** Text around the item (its parent item), read with a low weight. */
  context?: readonly string[];
}

/** Field weights of BM25F: a word in the heading path or the NR title says more about the item. */
export const FIELD_WEIGHTS = { content: 1, heading: 1.5, title: 0.6, context: 0.3 } as const;
const K1 = 1.2;
const B = 0.75;

/** BM25F over the fields of an item: content, heading path, regulation title and parent context. */
export class BM25Index {
  readonly size: number;
  private readonly postings = new Map<string, { docs: Int32Array; tfs: Float32Array }>();
  private readonly norms: Float64Array;
  private readonly scratch: Float64Array;

  constructor(documents: readonly BM25Document[]) {
    this.size = documents.length;
    const lengths = new Float64Array(documents.length);
    const lists = new Map<string, { docs: number[]; tfs: number[] }>();
    documents.forEach((doc, id) => {
      const tf = new Map<string, number>();
      const add = (terms: readonly string[], w: number) => {
        for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + w);
      };
      add(doc.content, FIELD_WEIGHTS.content);
      add(doc.heading, FIELD_WEIGHTS.heading);
      add(doc.title, FIELD_WEIGHTS.title);
      add(doc.context ?? [], FIELD_WEIGHTS.context);
      lengths[id] =
        doc.content.length +
        FIELD_WEIGHTS.heading * doc.heading.length +
        FIELD_WEIGHTS.title * doc.title.length +
        FIELD_WEIGHTS.context * (doc.context?.length ?? 0);
      for (const [term, f] of tf) {
        let p = lists.get(term);
        if (!p) lists.set(term, (p = { docs: [], tfs: [] }));
        p.docs.push(id);
        p.tfs.push(f);
      }
    });
    for (const [term, p] of lists) this.postings.set(term, { docs: Int32Array.from(p.docs), tfs: Float32Array.from(p.tfs) });
    const avg = lengths.reduce((a, b) => a + b, 0) / Math.max(1, documents.length) || 1;
    this.norms = lengths.map((len) => K1 * (1 - B + (B * len) / avg));
    this.scratch = new Float64Array(documents.length);
  }

  documentFrequency(term: string): number {
    return this.postings.get(term)?.docs.length ?? 0;
  }

  /** Robertson–Spärck Jones IDF (never negative); a term the corpus never uses gets the highest. */
  idf(term: string): number {
    const df = this.documentFrequency(term);
    return Math.log(1 + (this.size - df + 0.5) / (df + 0.5));
  }

  /** Scores of every document matching at least one weighted term. */
  score(weights: ReadonlyMap<string, number>): Map<number, number> {
    const acc = this.scratch;
    const touched: number[] = [];
    for (const [term, weight] of weights) {
      const p = this.postings.get(term);
      if (!p) continue;
      const idf = this.idf(term) * weight;
      for (let i = 0; i < p.docs.length; i++) {
        const doc = p.docs[i]!;
        const tf = p.tfs[i]!;
        if (acc[doc] === 0) touched.push(doc);
        acc[doc]! += (idf * tf * (K1 + 1)) / (tf + this.norms[doc]!);
      }
    }
    const scores = new Map<number, number>();
    for (const doc of touched) {
      scores.set(doc, acc[doc]!);
      acc[doc] = 0;
    }
    return scores;
  }
}
