import { PAGE_SIZE } from '@normas/contracts/constants';
import { FaqPageSchema, FaqSchema, type Faq, type FaqPage } from '@normas/contracts/faqs';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** One page of the FAQ list, or of a search when `search` is not blank. */
export function getFaqPage(search: string, page: number, signal?: AbortSignal): Promise<FaqPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
  if (search) query.set('search', search);
  const path = search ? `/faqs/search?${query}` : `/faqs?${query}`;
  return apiRequest(path, { schema: FaqPageSchema, signal });
}

export function getFaq(id: string, signal?: AbortSignal): Promise<Faq> {
  return apiRequest(`/faqs/${encodeURIComponent(id)}`, { schema: FaqSchema, signal });
}

export function faqListQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: ['faqs', 'list', search],
    queryFn: ({ pageParam, signal }) => getFaqPage(search, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    staleTime: 60_000,
  });
}

export function useFaqList(search: string) {
  // The previous results stay on screen while a new search loads, instead of a flash of spinner.
  return useInfiniteQuery({ ...faqListQueryOptions(search), placeholderData: keepPreviousData });
}

export function faqQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['faqs', 'detail', id],
    queryFn: ({ signal }) => getFaq(id, signal),
    staleTime: 5 * 60_000,
  });
}

export function useFaq(id: string) {
  return useQuery(faqQueryOptions(id));
}
