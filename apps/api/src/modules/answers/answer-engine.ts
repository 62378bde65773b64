import type { ContextPassage } from '../retrieval/retrieval.types';
/**
 * The one interface behind which answers are composed. An engine answers only from the sections the
 * retrieval step handed it, cites each one it uses, and abstains when retrieval was not confident.
 */

/** One retrieved item, as the answer engines need it (a subset of the retrieval engine's result). */
export interface AnswerSource {
  sectionId: string;
  regulationId: string;
  /** "NR-35". */
  code: string;
  /** The item as printed: "35.2.1", or "Anexo II 1.3" inside an annex. */
  item: string;
  /** Position in document order, so a parent and its children can be told apart. */
  number?: number;
  headingPath: string;
  content: string;
  score: number;
  /** ISO date (yyyy-mm-dd) when this wording is in force only from a future date. */
  effectiveFrom?: string | null;
  /** Regulation title, when the caller has it. */
  title?: string;
}

export interface ConversationTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface AnswerInput {
  question: string;
  retrieval: {
    abstained: boolean;
    confidence: number;
    /** The best item covers little of the question: the answer must say the items are the closest, not a match. */
    partial?: boolean;
    results: AnswerSource[];
  };
  /** Earlier turns of a chat, oldest first. */
  conversation?: ConversationTurn[];
  /**
   * What retrieval weighed in from the conversation (`SearchOptions.context`): the extractive
   * engine picks the decisive sentences with the same words at the same weights.
   */
  context?: readonly ContextPassage[];
}

export interface Citation {
  regulationId: string;
  sectionId: string;
  code: string;
  item: string;
}

export interface AnswerResult {
  /** pt-BR markdown; equals the concatenation of every `onDelta` text. */
  markdown: string;
  /** The items the markdown links to, each once, in order of first appearance. */
  citations: Citation[];
  abstained: boolean;
}

export interface AnswerOptions {
  /** Aborting ends the answer with `ANSWER_TIMEOUT`. */
  signal?: AbortSignal;
  /** Receives the text as it is produced. */
  onDelta?: (text: string) => void;
}

export interface AnswerEngine {
  readonly kind: 'extractive' | 'llm';
  answer(input: AnswerInput, options?: AnswerOptions): Promise<AnswerResult>;
}

/** The minimal logger an engine writes to; pino and Fastify's logger both fit. */
export interface AnswerLogger {
  warn(details: object, message: string): void;
}

export const silentLogger: AnswerLogger = { warn: () => {} };

// The regulations' dates are Brasília dates; en-CA formats as yyyy-mm-dd.
const BRASILIA_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });

/** The date in Brasília (yyyy-mm-dd): what decides whether a wording is already in force. */
export function brasiliaDate(at: Date): string {
  return BRASILIA_DATE.format(at);
}
