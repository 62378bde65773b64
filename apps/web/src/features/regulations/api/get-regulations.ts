import {
  RegulationListResponseSchema,
  type RegulationIndexEntry,
} from '@normas/contracts/regulations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getRegulations(signal?: AbortSignal): Promise<RegulationIndexEntry[]> {
  return (await apiRequest('/regulations', { schema: RegulationListResponseSchema, signal })).data;
}

// The index changes only when an import brings a new version.
export function regulationsQueryOptions() {
  return queryOptions({
    queryKey: ['regulations'],
    queryFn: ({ signal }) => getRegulations(signal),
    staleTime: 5 * 60_000,
  });
}

export function useRegulations() {
  return useQuery(regulationsQueryOptions());
}
