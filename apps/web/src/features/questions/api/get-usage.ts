import {
  UsageStatusSchema,
  type LimitExceeded,
  type Usage,
  type UsageStatus,
} from '@normas/contracts/questions';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getUsage(signal?: AbortSignal): Promise<UsageStatus> {
  return apiRequest('/usage', { schema: UsageStatusSchema, signal });
}

/**
 * The period's questions, from the server: fetched whenever a screen that asks opens (so a reload
 * at the limit opens at the limit), then kept in step with each answer and refusal.
 */
export function usageQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['usage', userId],
    queryFn: ({ signal }) => getUsage(signal),
    staleTime: 0,
  });
}

export function useUsage(userId: string) {
  return useQuery(usageQueryOptions(userId));
}

/**
 * Takes the count an answer (or a refusal) carries into the cached status. A fetch of the status
 * still in flight (a screen that opened while the question was asked) may have read the count
 * before this question was counted: it is cancelled first, so it cannot overwrite the newer count.
 */
export async function recordUsage(
  queryClient: QueryClient,
  userId: string,
  usage: Usage | LimitExceeded['usage'],
): Promise<void> {
  const { queryKey } = usageQueryOptions(userId);
  await queryClient.cancelQueries({ queryKey, exact: true });
  if (queryClient.getQueryData(queryKey)) {
    queryClient.setQueryData<UsageStatus>(queryKey, (current) =>
      current ? { ...current, used: usage.used } : current,
    );
  } else {
    // Nothing cached yet (the first fetch was the one cancelled): fetch it now, after the count.
    void queryClient.invalidateQueries({ queryKey, exact: true });
  }
}
