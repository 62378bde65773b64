import type { Room } from '@normas/contracts/rooms';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { lazySchema } from '../../lib/lazy-schema';

// The drawer shows the count on every page, so the schema loads on first use (lib/lazy-schema.ts).
const RoomListResponseSchema = lazySchema(() =>
  import('@normas/contracts/rooms').then((m) => m.RoomListResponseSchema),
);

/** The user's rooms, shared by the Equipe pages and the drawer's unread count. */
export const roomsKey = (userId: string) => ['rooms', userId] as const;

export async function getRooms(signal?: AbortSignal): Promise<Room[]> {
  const response = await apiRequest('/chat', { schema: RoomListResponseSchema, signal });
  return response.data;
}

/** How often the drawer asks again while no Equipe page keeps the rooms live. */
const UNREAD_REFRESH_MS = 60_000;

/**
 * Messages the user has not read across their rooms, for the drawer's "Equipe" link: 0 outside a
 * workspace, while loading or when the list cannot load (the link is still there).
 */
export function useTeamUnread(userId: string, enabled: boolean): number {
  const { data } = useQuery({
    queryKey: roomsKey(userId),
    queryFn: ({ signal }) => getRooms(signal),
    enabled,
    refetchInterval: UNREAD_REFRESH_MS,
  });
  return data?.reduce((sum, room) => sum + room.unread, 0) ?? 0;
}
