import { SUGGESTION_LIMIT } from '@normas/contracts/constants';
import { SuggestionResponseSchema, type FaqSummary } from '@normas/contracts/faqs';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getSuggestions(search: string, signal?: AbortSignal): Promise<FaqSummary[]> {
  const query = new URLSearchParams({
    search,
    suggestionMode: 'true',
    suggestionLimit: String(SUGGESTION_LIMIT),
  });
  const response = await apiRequest(`/faqs/search?${query}`, {
    schema: SuggestionResponseSchema,
    signal,
  });
  return response.data;
}

export function suggestionsQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['faqs', 'suggestions', search],
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
