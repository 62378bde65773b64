/** A document already analyzed into terms, one list per field. */
export interface BM25Document {
  content: readonly string[];
  heading: readonly string[];
  title: readonly string[];
  /** Text around the item (its parent item), read with a low weight. */
  context?: readonly string[];
  /** Questions known to be answered by the item (document expansion), if any. */
  questions?: readonly string[];
}

export interface BM25Options {
  k1: number;
  /** Length normalisation: legal items are short and similar in length, so it stays moderate. */
  b: number;
  fields: { content: number; heading: number; title: number; context: number; questions?: number };
}

/** Field weights of BM25F: a word in the heading path says more about the item than its NR's title. */
export const DEFAULT_BM25: BM25Options = {
  k1: 1.2,
  b: 0.5,
  fields: { content: 1, heading: 0.5, title: 0.3, context: 0.5, questions: 0.5 },
};

/** Documents that matched a query, valid until the next call to `match` (buffers are reused). */
export interface Matches {
  count: number;
  docs: Int32Array;
  scores: Float64Array;
}

/**
 * BM25F over the fields of an item. Postings are flat typed arrays with the field-weighted term
 * frequency already folded in and every term's IDF precomputed, so a query only walks the postings
 * of its own terms and allocates nothing proportional to the corpus.
 */
export class BM25Index {
  readonly size: number;
  private readonly ids = new Map<string, number>();
  private readonly starts: Int32Array;
  private readonly docs: Int32Array;
  private readonly tfs: Float32Array;
  private readonly idfs: Float64Array;
  private readonly norms: Float64Array;
  private readonly k1: number;
  private readonly acc: Float64Array;
  private readonly seen: Uint8Array;
  private readonly out: Matches;

  /**
   * `groupOf` (optional, non-decreasing) makes consecutive documents parts of one: a glossary's
   * entries indexed one by one still count as one document for the IDF and the average length,
   * so that splitting a glossary changes no other item's score.
   */
  constructor(
    documents: readonly BM25Document[],
    options: BM25Options = DEFAULT_BM25,
    groupOf?: ArrayLike<number>,
  ) {
    const group = (id: number) => (groupOf ? groupOf[id]! : id);
    this.size = documents.length === 0 ? 0 : group(documents.length - 1) + 1;
    this.k1 = options.k1;
    const w = options.fields;
    const lengths = new Float64Array(documents.length);
    // Per document: term id → weighted frequency; gathered first so the postings can be laid out flat.
    const perDoc: Map<number, number>[] = [];
    const df: number[] = [];
    /** Postings per term (documents holding it); `df` counts their groups. */
    const postings: number[] = [];
    /** The last group counted in each term's document frequency. */
    const counted: number[] = [];
    documents.forEach((doc, id) => {
      const tf = new Map<number, number>();
      const add = (terms: readonly string[], weight: number) => {
        if (weight <= 0) return;
        for (const t of terms) {
          let tid = this.ids.get(t);
          if (tid === undefined) {
            tid = this.ids.size;
            this.ids.set(t, tid);
            df.push(0);
            postings.push(0);
            counted.push(-1);
          }
          tf.set(tid, (tf.get(tid) ?? 0) + weight);
        }
      };
      add(doc.content, w.content);
      add(doc.heading, w.heading);
      add(doc.title, w.title);
      add(doc.context ?? [], w.context);
      add(doc.questions ?? [], w.questions ?? 0);
      for (const tid of tf.keys()) {
        postings[tid]!++;
        if (counted[tid] !== group(id)) {
          counted[tid] = group(id);
          df[tid]!++;
        }
      }
      lengths[id] =
        w.content * doc.content.length +
        w.heading * doc.heading.length +
        w.title * doc.title.length +
        w.context * (doc.context?.length ?? 0) +
        (w.questions ?? 0) * (doc.questions?.length ?? 0);
      perDoc.push(tf);
    });
    this.starts = new Int32Array(df.length + 1);
    for (let t = 0; t < df.length; t++) this.starts[t + 1] = this.starts[t]! + postings[t]!;
    const fill = this.starts.slice(0, df.length);
    this.docs = new Int32Array(this.starts[df.length]!);
    this.tfs = new Float32Array(this.starts[df.length]!);
    perDoc.forEach((tf, doc) => {
      for (const [tid, f] of tf) {
        const at = fill[tid]!++;
        this.docs[at] = doc;
        this.tfs[at] = f;
      }
    });
    this.idfs = Float64Array.from(df, (d) => Math.log(1 + (this.size - d + 0.5) / (d + 0.5)));
    let total = 0;
    for (const len of lengths) total += len;
    const avg = total / Math.max(1, this.size) || 1;
    this.norms = lengths.map((len) => options.k1 * (1 - options.b + (options.b * len) / avg));
    this.acc = new Float64Array(documents.length);
    this.seen = new Uint8Array(documents.length);
    this.out = {
      count: 0,
      docs: new Int32Array(documents.length),
      scores: new Float64Array(documents.length),
    };
  }

  documentFrequency(term: string): number {
    const tid = this.ids.get(term);
    return tid === undefined ? 0 : this.starts[tid + 1]! - this.starts[tid]!;
  }

  /** Robertson–Spärck Jones IDF (never negative); a term the corpus never uses gets the highest. */
  idf(term: string): number {
    const tid = this.ids.get(term);
    return tid === undefined ? Math.log(1 + (this.size + 0.5) / 0.5) : this.idfs[tid]!;
  }

  /** Every document matching at least one weighted term, with its score (unordered). */
  match(weights: ReadonlyMap<string, number>): Matches {
    const { acc, seen, out } = this;
    let count = 0;
    for (const [term, weight] of weights) {
      const tid = this.ids.get(term);
      if (tid === undefined) continue;
      const idf = this.idfs[tid]! * weight;
      for (let i = this.starts[tid]!, end = this.starts[tid + 1]!; i < end; i++) {
        const doc = this.docs[i]!;
        const tf = this.tfs[i]!;
        if (seen[doc] === 0) {
          seen[doc] = 1;
          out.docs[count++] = doc;
        }
        acc[doc]! += (idf * tf * (this.k1 + 1)) / (tf + this.norms[doc]!);
      }
    }
    for (let i = 0; i < count; i++) {
      const doc = out.docs[i]!;
      out.scores[i] = acc[doc]!;
      acc[doc] = 0;
      seen[doc] = 0;
    }
    out.count = count;
    return out;
  }

  /** Scores as a map, for callers that keep them (tests, the NR router over a few dozen documents). */
  score(weights: ReadonlyMap<string, number>): Map<number, number> {
    const m = this.match(weights);
    const scores = new Map<number, number>();
    for (let i = 0; i < m.count; i++) scores.set(m.docs[i]!, m.scores[i]!);
    return scores;
  }
}
