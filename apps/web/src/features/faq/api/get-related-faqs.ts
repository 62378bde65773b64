import { FaqPageSchema, SuggestionResponseSchema, type FaqSummary } from '@normas/contracts/faqs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const RELATED_FAQS_LIMIT = 3;
/** The FAQ search takes at most 200 characters (contracts FaqSearchQuerySchema). */
const SEARCH_MAX_CHARS = 200;

export interface RelatedFaqs {
  /** False when nothing matched and `faqs` are the first FAQs, as examples of what is covered. */
  related: boolean;
  faqs: FaqSummary[];
}

function searchText(question: string): string {
  const text = question.trim();
  if (text.length <= SEARCH_MAX_CHARS) return text;
  const cut = text.slice(0, SEARCH_MAX_CHARS);
  return cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : SEARCH_MAX_CHARS);
}

/** FAQs that match a question the base could not answer, else the first FAQs of the list. */
export async function getRelatedFaqs(question: string, signal?: AbortSignal): Promise<RelatedFaqs> {
  const search = new URLSearchParams({
    search: searchText(question),
    suggestionMode: 'true',
    suggestionLimit: String(RELATED_FAQS_LIMIT),
  });
  const found = await apiRequest(`/faqs/search?${search}`, {
    schema: SuggestionResponseSchema,
    signal,
  });
  if (found.data.length > 0) return { related: true, faqs: found.data };
  const first = await apiRequest(`/faqs?page=1&limit=${RELATED_FAQS_LIMIT}`, {
    schema: FaqPageSchema,
    signal,
  });
  return { related: false, faqs: first.data };
}

export function useRelatedFaqs(question: string) {
  return useQuery(
    queryOptions({
      queryKey: ['faqs', 'related', question],
      queryFn: ({ signal }) => getRelatedFaqs(question, signal),
      staleTime: 60_000,
      // A help to the user, not the answer: a failure leaves the list out.
      retry: false,
    }),
  );
}
