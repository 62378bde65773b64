import type { Citation } from './cited-sections.repository';

/**
 * What this module needs from the retrieval and answer modules. Kept structural so that the service can be
 * driven by fakes in tests and does not depend on how those modules are built.
 */
export interface RetrievalPort<R = unknown> {
  search(query: string, options: { limit: number }): Promise<R> | R;
}

export interface EngineAnswer {
  markdown: string;
  citations: Citation[];
  abstained: boolean;
}

export interface AnswerPort<R = unknown> {
  /** Engine name stored with each answer ("extractive", "llm"). */
  readonly kind: string;
  answer(
    input: { question: string; retrieval: R },
    options: { signal: AbortSignal; onDelta?: (text: string) => void },
  ): Promise<EngineAnswer>;
}
