import { ProjectSchema, type Project } from '@normas/contracts/projects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getProject(id: string, signal?: AbortSignal): Promise<Project> {
  return apiRequest(`/regulation/projects/${encodeURIComponent(id)}`, {
    schema: ProjectSchema,
    signal,
  });
}

export function projectQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['projects', 'detail', id],
    queryFn: ({ signal }) => getProject(id, signal),
  });
}

export function useProject(id: string) {
  return useQuery(projectQueryOptions(id));
}
