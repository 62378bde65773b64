import { ChatHistoryResponseSchema, type ChatHistoryResponse } from '@normas/contracts/chats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /regulation/chat/{chatKey}; messages with empty content are dropped (spec §3). */
export async function getChatHistory(
  chatKey: string,
  signal?: AbortSignal,
): Promise<ChatHistoryResponse> {
  const history = await apiRequest(`/regulation/chat/${encodeURIComponent(chatKey)}`, {
    schema: ChatHistoryResponseSchema,
    signal,
  });
  return {
    ...history,
    messages: history.messages.filter((message) => message.content.trim() !== ''),
  };
}

export function chatHistoryQueryOptions(chatKey: string) {
  return queryOptions({
    queryKey: ['chats', 'history', chatKey],
    queryFn: ({ signal }) => getChatHistory(chatKey, signal),
  });
}

export function useChatHistory(chatKey: string) {
  return useQuery(chatHistoryQueryOptions(chatKey));
}
