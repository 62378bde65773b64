import type { PublicConfig } from '@normas/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { PublicConfigSchema } from './auth-schemas';

export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return apiRequest('/config', { schema: PublicConfigSchema, signal });
}

// The configuration is fixed for the life of the server process, so one fetch per page load is enough.
export const publicConfigQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => getPublicConfig(signal),
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions);
}
