import { ProjectSchema, type Project, type ProjectBody } from '@normas/contracts/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toActionResult, type ActionResult } from '../../../lib/action-result';
import { apiRequest } from '../../../lib/api-client';

/** Spec §8: the wrapper's text when the server gave none; the screen has its own fallback. */
export const CREATE_PROJECT_WRAPPER_ERROR = 'Erro ao criar projeto';

export function createProject(body: ProjectBody): Promise<ActionResult<Project>> {
  return toActionResult(
    () => apiRequest('/regulation/projects', { method: 'POST', body, schema: ProjectSchema }),
    CREATE_PROJECT_WRAPPER_ERROR,
  );
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (result) => {
      if (result.success) void queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}
