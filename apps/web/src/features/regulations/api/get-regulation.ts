import { RegulationSchema, type Regulation } from '@normas/contracts/regulations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getRegulation(id: string, signal?: AbortSignal): Promise<Regulation> {
  return apiRequest(`/regulations/${encodeURIComponent(id)}`, { schema: RegulationSchema, signal });
}

// A regulation changes only on a new import; a few minutes avoids re-reading thousands of items.
export function regulationQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['regulations', id],
    queryFn: ({ signal }) => getRegulation(id, signal),
    staleTime: 5 * 60_000,
  });
}

export function useRegulation(id: string) {
  return useQuery(regulationQueryOptions(id));
}
