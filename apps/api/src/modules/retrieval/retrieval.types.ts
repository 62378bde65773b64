/** One searchable section with what the answer needs to cite it. */
export interface IndexedSection {
  sectionId: string;
  regulationId: string;
  /** "NR-35" */
  code: string;
  /** The regulation's title, e.g. "Trabalho em Altura". */
  title: string;
  /** "35.2.1" or "Anexo II 1.3" */
  item: string;
  number: number;
  headingPath: string;
  content: string;
  /** ISO date from which this wording is in force, when the text states one. */
  effectiveFrom?: string | null;
}

export interface RankedSection {
  sectionId: string;
  regulationId: string;
  code: string;
  item: string;
  number: number;
  headingPath: string;
  content: string;
  effectiveFrom: string | null;
  score: number;
}

export interface SearchOptions {
  /** How many sections to return (default 10). */
  limit?: number;
  /**
   * Regulations the conversation is about (the codes the last answer of a chat cited): they route
   * as strongly as the NR the question itself points to best, without their words entering the
   * query. Ignored when the question names an NR or an item.
   */
  focus?: readonly string[];
  /**
   * What the conversation carries into a follow-up ("E com que frequência?" after a question on
   * the audiometria): its words are searched at the passage's weight (below 1, the weight of the
   * question's own words), and its NR topic phrases count as the question's. Like synonyms, they
   * add to an item's coverage but are not part of what the question asks (its own words).
   */
  context?: readonly ContextPassage[];
  /**
   * The message continues the conversation (a follow-up read with it, "e ela vale por quanto
   * tempo?"): when its best item is in a regulation in `focus`, the conversation vouches that it is
   * about the NRs, and it is answered at a lower confidence than a question on its own.
   */
  continues?: boolean;
  /**
   * Regulations the conversation confines the message to (the NR the user named earlier, for "e
   * ele?"): the search stays in them, as for an NR the question names, but unlike one they do not
   * vouch that the message is about the NRs. Ignored when the question names an NR or an item.
   */
  within?: readonly string[];
}

/** Earlier text of a conversation and how much its words weigh in a search (0..1). */
export interface ContextPassage {
  text: string;
  weight: number;
}

export interface SearchResult {
  /** True when the corpus does not cover the question well enough to point at an item. */
  abstained: boolean;
  /** 0..1: how sure the engine is that the first result is about the question. */
  confidence: number;
  /**
   * Answered, but the best item covers little of what the question asks: the items are the closest
   * the corpus has, not a match, and the answer must say so.
   */
  partial: boolean;
  /** Ranked best first; still filled when abstaining, for inspection. */
  results: RankedSection[];
}

export interface RetrievalEngine {
  search(query: string, options?: SearchOptions): SearchResult;
  readonly size: number;
}
