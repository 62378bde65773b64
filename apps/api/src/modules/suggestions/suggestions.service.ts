import type { QuestionSuggestion } from '@normas/contracts/suggestions';
import { DEFAULT_EXAMPLE_QUESTIONS, DEFAULT_ASKED_QUESTIONS } from '../retrieval/models';
import type { RetrievalService } from '../retrieval/retrieval.service';
import {
  createSuggestionIndex,
  exampleEntries,
  knownVoters,
  topicEntries,
  type SuggestionIndex,
  type Voter,
} from './suggestion-pool';
import type { createSuggestionsRepository } from './suggestions.repository';

/** A question typed by fewer distinct users than this is never shown to anyone else. */
export const ASKED_MIN_USERS = 3;
/** The pool is rebuilt at most this often: new FAQs, imports and popular questions come in. */
const POOL_TTL_MS = 5 * 60_000;
const RELATED_RESULTS = 20;

export interface SuggestionsServiceOptions {
  repository: ReturnType<typeof createSuggestionsRepository>;
  retrieval: RetrievalService;
  minUsers?: number;
  now?: () => number;
}

export function createSuggestionsService(options: SuggestionsServiceOptions) {
  const minUsers = options.minUsers ?? ASKED_MIN_USERS;
  const now = options.now ?? Date.now;
  let built: { index: Promise<SuggestionIndex>; at: number } | undefined;
  /** The known questions, read once: they ship with the server and do not change while it runs. */
  let voters: Voter[] | undefined;

  async function buildIndex(): Promise<SuggestionIndex> {
    const [faqs, sections, asked] = await Promise.all([
      options.repository.listFaqs(),
      options.repository.listTitledSections(),
      options.repository.listAskedQuestions(minUsers),
    ]);
    // Example questions only for the regulations that are imported.
    const imported = new Set(sections.map((s) => s.code));
    const examples = exampleEntries(DEFAULT_EXAMPLE_QUESTIONS).filter(
      (e) => e.code !== null && imported.has(e.code),
    );
    // Every asked question, long ones and conversations too, votes for its regulation; the coverage
    // conversations, spread evenly over the items, say nothing of what people mean (decision 0060).
    voters ??= knownVoters(DEFAULT_ASKED_QUESTIONS);
    const importedVoters = voters.filter((v) => imported.has(v.code));
    return createSuggestionIndex(
      [...faqs, ...asked, ...examples, ...topicEntries(sections)],
      importedVoters,
    );
  }

  function index(): Promise<SuggestionIndex> {
    if (!built || now() - built.at > POOL_TTL_MS) {
      const next = { index: buildIndex(), at: now() };
      built = next;
      // A failed build (database down) must not stick.
      next.index.catch(() => {
        if (built === next) built = undefined;
      });
    }
    return built.index;
  }

  return {
    async suggest(search: string, limit: number): Promise<QuestionSuggestion[]> {
      if (search.trim() === '') return [];
      const [idx, engine] = await Promise.all([index(), options.retrieval.ready()]);
      return idx.suggest(
        search,
        limit,
        (text) => engine.search(text, { limit: RELATED_RESULTS }).results,
      );
    },
    /** Drops the pool so that the next suggestion rebuilds it (tests, imports). */
    invalidate() {
      built = undefined;
    },
  };
}
