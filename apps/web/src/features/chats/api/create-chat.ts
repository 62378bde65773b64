import {
  ChatSchema,
  type Chat,
  type ChatCreateBodySchema,
  type ChatRegulation,
} from '@normas/contracts/chats';
import type { AnswerRegulation } from '@normas/contracts/questions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** The body of POST /regulation/chat/create as the client sends it (before server defaults). */
export type CreateChatInput = z.input<typeof ChatCreateBodySchema>;

export function createChat(input: CreateChatInput): Promise<Chat> {
  return apiRequest('/regulation/chat/create', { method: 'POST', body: input, schema: ChatSchema });
}

export function useCreateChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChat,
    // A new chat belongs in the drawer's and the projects' lists at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['chats'] }),
  });
}

const EARLY_ACCESS_TEXT = 'não possui plano que permita chats';

/**
 * The server refuses chats to plans without early access (spec §6). Older servers said so only in
 * the text, some with a 500 (spec §8), so the text counts as much as the code.
 */
export function isEarlyAccessError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === 'PLAN_DOES_NOT_ALLOW_CHATS') return true;
  return error.fromServer && error.message.includes(EARLY_ACCESS_TEXT);
}

/** An answer's related regulations as the chat stores them (spec §3 Chat creation payload). */
export function toChatRegulations(regulations: AnswerRegulation[]): ChatRegulation[] {
  return regulations.map((regulation) => ({
    id: regulation.id,
    title: regulation.title,
    code: regulation.code,
    authority: regulation.authority,
    status: regulation.status,
    sections: regulation.sections.map(({ number, item, content }) => ({ number, item, content })),
  }));
}
