import {
  RegulationVersionsResponseSchema,
  type RegulationVersion,
} from '@normas/contracts/regulations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getRegulationVersions(
  id: string,
  signal?: AbortSignal,
): Promise<RegulationVersion[]> {
  const url = `/regulations/${encodeURIComponent(id)}/versions`;
  return (await apiRequest(url, { schema: RegulationVersionsResponseSchema, signal })).data;
}

export function regulationVersionsQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['regulations', id, 'versions'],
    queryFn: ({ signal }) => getRegulationVersions(id, signal),
    staleTime: 5 * 60_000,
  });
}

/** Loaded only when asked for (`enabled`): most regulations have a single version. */
export function useRegulationVersions(id: string, enabled: boolean) {
  return useQuery({ ...regulationVersionsQueryOptions(id), enabled });
}
