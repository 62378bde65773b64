import { CACHE_MS } from '@normas/contracts/constants';
import { ProjectListResponseSchema, type Project } from '@normas/contracts/projects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getProjects(signal?: AbortSignal): Promise<Project[]> {
  const response = await apiRequest('/regulation/projects', {
    schema: ProjectListResponseSchema,
    signal,
  });
  return response.data;
}

/** Cached 10 s; TanStack Query shares one request among callers while it is in flight (spec §7). */
export function projectsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['projects', userId],
    queryFn: ({ signal }) => getProjects(signal),
    staleTime: CACHE_MS.projects,
  });
}

export function useProjects(userId: string) {
  return useQuery(projectsQueryOptions(userId));
}
