import type { Chat } from '@normas/contracts/chats';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toActionResult, type ActionResult } from '../../../lib/action-result';
import { createChat, type CreateChatInput } from './create-chat';

/** Spec §8: the wrapper's text when the server gave none; screens fall back to CREATE_CHAT_ERROR. */
export const CREATE_CHAT_WRAPPER_ERROR = 'Erro ao criar chat';
export const CREATE_CHAT_ERROR = 'Erro ao criar chat.';
export const CREATE_CHAT_EXCEPTION = 'Ocorreu um erro ao criar o chat. Tente novamente.';

/** A blank chat ({title, projectId}); projectId "" makes it independent (spec §3). */
export function createChatAction(input: CreateChatInput): Promise<ActionResult<Chat>> {
  return toActionResult(() => createChat(input), CREATE_CHAT_WRAPPER_ERROR);
}

export function useCreateChatAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChatAction,
    // The drawer, /projects and the project's list show the new chat at once.
    onSuccess: (result) => {
      if (result.success) void queryClient.invalidateQueries({ queryKey: ['chats'] });
    },
  });
}
