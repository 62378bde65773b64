import {
  RoomMessageSchema,
  RoomMessagesResponseSchema,
  RoomSchema,
  type Room,
  type RoomMessage,
} from '@normas/contracts/rooms';
import { ProjectListResponseSchema } from '@normas/contracts/projects';
import {
  SharedProjectListResponseSchema,
  InviteListResponseSchema,
  InviteSchema,
  WorkspaceSchema,
  type Invite,
  type InviteRole,
  type Workspace,
} from '@normas/contracts/workspaces';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiRequest } from '../../lib/api-client';
import { getRooms, roomsKey } from './team-unread';

/** The caller's workspace, or null outside one. */
export async function getWorkspace(signal?: AbortSignal): Promise<Workspace | null> {
  try {
    return await apiRequest('/workspace', { schema: WorkspaceSchema, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const workspaceKey = (userId: string) => ['workspace', userId] as const;
export { roomsKey } from './team-unread';

export function useWorkspace(userId: string) {
  return useQuery({
    queryKey: workspaceKey(userId),
    queryFn: ({ signal }) => getWorkspace(signal),
  });
}

export function useMyInvites(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['invites', 'mine', userId],
    queryFn: ({ signal }) =>
      apiRequest('/workspace/invites/mine', { schema: InviteListResponseSchema, signal }).then(
        (r) => r.data,
      ),
    enabled,
  });
}

export function usePendingInvites(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['invites', 'pending', userId],
    queryFn: ({ signal }) =>
      apiRequest('/workspace/invites', { schema: InviteListResponseSchema, signal }).then(
        (r) => r.data,
      ),
    enabled,
  });
}

export function useRooms(userId: string, enabled = true) {
  return useQuery({
    queryKey: roomsKey(userId),
    queryFn: ({ signal }) => getRooms(signal),
    enabled,
  });
}

export function useSharedProjects(userId: string) {
  return useQuery({
    queryKey: ['workspace', 'projects', userId],
    queryFn: ({ signal }) =>
      apiRequest('/workspace/projects', { schema: SharedProjectListResponseSchema, signal }).then(
        (r) => r.data,
      ),
  });
}

export function useMyProjects(userId: string) {
  return useQuery({
    queryKey: ['projects', 'team-share', userId],
    queryFn: ({ signal }) =>
      apiRequest('/regulation/projects', { schema: ProjectListResponseSchema, signal }).then(
        (r) => r.data,
      ),
  });
}

export function getRoom(roomId: string, signal?: AbortSignal): Promise<Room> {
  return apiRequest(`/chat/${roomId}`, { schema: RoomSchema, signal });
}

export async function getMessagesAfter(roomId: string, after: number): Promise<RoomMessage[]> {
  const all: RoomMessage[] = [];
  for (;;) {
    const page = await apiRequest(`/chat/${roomId}/messages?after=${after}&limit=200`, {
      schema: RoomMessagesResponseSchema,
    });
    all.push(...page.data);
    if (page.data.length < 200) return all;
    after = page.data.at(-1)!.seq;
  }
}

export function postMessage(roomId: string, content: string, clientId: string) {
  return apiRequest(`/chat/${roomId}/messages`, {
    method: 'POST',
    body: { content, clientId },
    schema: RoomMessageSchema,
  });
}

export function markRead(roomId: string, seq: number) {
  return apiRequest(`/chat/${roomId}/read`, {
    method: 'POST',
    body: { seq },
    schema: z.object({ seq: z.number() }),
  });
}

/** Mutations of the team screens; each refreshes what it changed. */
export function useTeamActions(userId: string) {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['workspace'] });
    void client.invalidateQueries({ queryKey: ['invites'] });
    void client.invalidateQueries({ queryKey: ['rooms'] });
  };
  const ok = { onSuccess: refresh };
  return {
    create: useMutation({
      mutationFn: (name: string) =>
        apiRequest('/workspace', { method: 'POST', body: { name }, schema: WorkspaceSchema }),
      ...ok,
    }),
    invite: useMutation({
      mutationFn: (body: { email: string; role: InviteRole }): Promise<Invite> =>
        apiRequest('/workspace/invites', { method: 'POST', body, schema: InviteSchema }),
      ...ok,
    }),
    revoke: useMutation({
      mutationFn: (id: string) =>
        apiRequest(`/workspace/invites/${id}`, { method: 'DELETE', schema: z.unknown() }),
      ...ok,
    }),
    accept: useMutation({
      mutationFn: (id: string) =>
        apiRequest(`/workspace/invites/${id}/accept`, {
          method: 'POST',
          schema: WorkspaceSchema,
        }),
      ...ok,
    }),
    remove: useMutation({
      mutationFn: (memberId: string) =>
        apiRequest(`/workspace/members/${memberId}`, { method: 'DELETE', schema: z.unknown() }),
      ...ok,
    }),
    setRole: useMutation({
      mutationFn: ({ memberId, role }: { memberId: string; role: InviteRole }) =>
        apiRequest(`/workspace/members/${memberId}`, {
          method: 'PATCH',
          body: { role },
          schema: WorkspaceSchema,
        }),
      ...ok,
    }),
    createGroup: useMutation({
      mutationFn: (body: { name: string; memberIds: string[] }) =>
        apiRequest('/chat/groups', { method: 'POST', body, schema: RoomSchema }),
      ...ok,
    }),
    openDirect: useMutation({
      mutationFn: (otherId: string) =>
        apiRequest('/chat/direct', {
          method: 'POST',
          body: { userId: otherId },
          schema: RoomSchema,
        }),
      ...ok,
    }),
    addToGroup: useMutation({
      mutationFn: ({ roomId, memberIds }: { roomId: string; memberIds: string[] }) =>
        apiRequest(`/chat/groups/${roomId}/members`, {
          method: 'POST',
          body: { memberIds },
          schema: RoomSchema,
        }),
      onSuccess: () => {
        refresh();
        void client.invalidateQueries({ queryKey: ['room'] });
      },
    }),
    removeFromGroup: useMutation({
      mutationFn: ({ roomId, memberId }: { roomId: string; memberId: string }) =>
        apiRequest(`/chat/groups/${roomId}/members/${memberId}`, {
          method: 'DELETE',
          schema: z.unknown(),
        }),
      onSuccess: () => {
        refresh();
        void client.invalidateQueries({ queryKey: ['room'] });
      },
    }),
    share: useMutation({
      mutationFn: (projectId: string) =>
        apiRequest(`/workspace/projects/${projectId}`, {
          method: 'PUT',
          schema: SharedProjectListResponseSchema,
        }),
      ...ok,
    }),
    unshare: useMutation({
      mutationFn: (projectId: string) =>
        apiRequest(`/workspace/projects/${projectId}`, { method: 'DELETE', schema: z.unknown() }),
      ...ok,
    }),
    userId,
  };
}

export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer ? error.message : fallback;
}
