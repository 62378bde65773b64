import { PAGE_SIZE } from '@normas/contracts/constants';
import {
  HistoryDetailSchema,
  HistoryPageSchema,
  type HistoryDetail,
  type HistoryPage,
} from '@normas/contracts/questions';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getHistoryPage(page: number, signal?: AbortSignal): Promise<HistoryPage> {
  return apiRequest(`/regulation/question-history?page=${page}&limit=${PAGE_SIZE}`, {
    schema: HistoryPageSchema,
    signal,
  });
}

export function getHistoryDetail(id: string, signal?: AbortSignal): Promise<HistoryDetail> {
  return apiRequest(`/regulation/question-history/${encodeURIComponent(id)}`, {
    schema: HistoryDetailSchema,
    signal,
  });
}

export function nextPageOf(last: {
  page: number;
  limit: number;
  total: number;
}): number | undefined {
  return last.page * last.limit < last.total ? last.page + 1 : undefined;
}

export const historyListQueryOptions = infiniteQueryOptions({
  queryKey: ['history', 'list'],
  queryFn: ({ pageParam, signal }) => getHistoryPage(pageParam, signal),
  initialPageParam: 1,
  getNextPageParam: nextPageOf,
});

export function useHistoryList() {
  return useInfiniteQuery(historyListQueryOptions);
}

export function historyDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['history', 'detail', id],
    queryFn: ({ signal }) => getHistoryDetail(id, signal),
    // A stored answer never changes.
    staleTime: Infinity,
  });
}

export function useHistoryDetail(id: string) {
  return useQuery(historyDetailQueryOptions(id));
}
