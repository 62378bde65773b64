import type { Chat } from '@normas/contracts/chats';
import { CACHE_MS } from '@normas/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/lazy-schema';

// The drawer lists these on every page, so its schema loads on first use (lib/lazy-schema.ts).
const ChatListResponseSchema = lazySchema(() =>
  import('@normas/contracts/chats').then((m) => m.ChatListResponseSchema),
);

export async function getIndependentChats(signal?: AbortSignal): Promise<Chat[]> {
  const response = await apiRequest('/regulation/chats?onlyWithoutProject=true', {
    schema: ChatListResponseSchema,
    signal,
  });
  return response.data;
}

/** Keyed by user so that the list reloads when the signed-in user changes (spec §4). */
export function independentChatsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['chats', 'independent', userId],
    queryFn: ({ signal }) => getIndependentChats(signal),
    staleTime: CACHE_MS.independentChats,
  });
}

export function useIndependentChats(userId: string) {
  return useQuery(independentChatsQueryOptions(userId));
}
