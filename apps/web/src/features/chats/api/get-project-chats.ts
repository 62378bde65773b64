import { ChatListResponseSchema, type Chat } from '@normas/contracts/chats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getProjectChats(projectId: string, signal?: AbortSignal): Promise<Chat[]> {
  const response = await apiRequest(
    `/regulation/chats?projectId=${encodeURIComponent(projectId)}`,
    { schema: ChatListResponseSchema, signal },
  );
  return response.data;
}

export function projectChatsQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: ['chats', 'project', projectId],
    queryFn: ({ signal }) => getProjectChats(projectId, signal),
  });
}

export function useProjectChats(projectId: string) {
  return useQuery(projectChatsQueryOptions(projectId));
}
