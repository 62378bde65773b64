import answerability from './data/answerability.model.json' with { type: 'json' };
import known from './data/known-questions.json' with { type: 'json' };
import ranker from './data/ranker.model.json' with { type: 'json' };
import {
  ANSWER_FEATURES,
  createRetrievalEngine,
  DEFAULT_TUNING,
  mergeKnown,
  RANK_FEATURES,
  type KnownQuestions,
  type RetrievalModels,
} from './engine';
import { parseLinearModel } from './linear-model';
import { OUTSIDE_DOMAINS } from './outside-domains';
import type { IndexedSection } from './retrieval.types';

/**
 * The learned reranker and answerability classifier the product serves, trained by
 * `npm run train:retrieval` on the question sets in training-data/ (see docs/decisions/0006).
 * A file that no longer matches the features the engine computes fails at start, not silently.
 */
export const DEFAULT_MODELS: Required<RetrievalModels> = {
  ranker: parseLinearModel(ranker, RANK_FEATURES),
  answerability: parseLinearModel(answerability, ANSWER_FEATURES),
};

/** The answerable training questions by item: offered as suggestions, and they expand the index. */
export const DEFAULT_EXAMPLE_QUESTIONS: KnownQuestions = new Map(Object.entries(known.items));

/**
 * The training questions and conversations written as users ask (decision 0053): what expands the
 * index for the items people ask most, and what tells which regulation people mean by their words.
 */
export const DEFAULT_ASKED_QUESTIONS: KnownQuestions = mergeKnown(
  DEFAULT_EXAMPLE_QUESTIONS,
  new Map(Object.entries(known.conversations)),
);

/**
 * What expands the index (document expansion): the asked questions, and the coverage conversations
 * that ask, one each, for the items nobody else asks for (decision 0060), each item found by the
 * words of those who ask for it.
 */
export const DEFAULT_KNOWN_QUESTIONS: KnownQuestions = mergeKnown(
  DEFAULT_ASKED_QUESTIONS,
  new Map(Object.entries(known.coverage)),
);

/** The engine the product serves over these sections: tuning, outside domains, models, expansion. */
export function createServedEngine(sections: readonly IndexedSection[]) {
  return createRetrievalEngine(
    sections,
    DEFAULT_TUNING,
    OUTSIDE_DOMAINS,
    DEFAULT_MODELS,
    DEFAULT_KNOWN_QUESTIONS,
  );
}
