import { SUGGESTION_LIMIT } from '@normas/contracts/constants';
import {
  QuestionSuggestionsResponseSchema,
  type QuestionSuggestion,
} from '@normas/contracts/suggestions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Questions to offer while typing: FAQs, titles of the NRs' items and annexes phrased as questions,
 * and questions several different users asked (GET /suggestions).
 */
export async function getSuggestions(
  search: string,
  signal?: AbortSignal,
): Promise<QuestionSuggestion[]> {
  const query = new URLSearchParams({ search, limit: String(SUGGESTION_LIMIT) });
  const response = await apiRequest(`/suggestions?${query}`, {
    schema: QuestionSuggestionsResponseSchema,
    signal,
  });
  return response.data;
}

export function suggestionsQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['suggestions', search],
    queryFn: ({ signal }) => getSuggestions(search, signal),
    staleTime: 60_000,
    // Suggestions are a convenience: a failure hides the list rather than interrupting the user.
    retry: false,
  });
}

export function useSuggestions(search: string) {
  return useQuery({
    ...suggestionsQueryOptions(search),
    enabled: search !== '',
    placeholderData: keepPreviousData,
  });
}
