import {
  ASSISTANT_MENTION,
  type GroupBody,
  type Room,
  type RoomMessage,
} from '@normas/contracts/rooms';
import { AppError } from '../../lib/app-error';
import type { WorkspacesRepository } from '../workspaces/workspaces.repository';
import type { RoomEvents } from './room-events';
import type { RoomRow, RoomsRepository } from './rooms.repository';

export interface RoomUser {
  id: string;
  name: string;
}

export interface RoomsServiceDeps {
  rooms: RoomsRepository;
  workspaces: Pick<WorkspacesRepository, 'membershipOf'>;
  events: RoomEvents;
  /** Called (not awaited) for a stored message that mentions @assistente. */
  onMention?: (room: RoomRow, message: RoomMessage, asker: RoomUser) => void;
  onError?: (error: unknown, message: string) => void;
}

export function createRoomsService(deps: RoomsServiceDeps) {
  const { rooms } = deps;

  const announce = (event: Parameters<RoomEvents['publish']>[0]) =>
    deps.events
      .publish(event)
      .catch((error: unknown) => deps.onError?.(error, 'room event not published'));

  async function workspaceOf(userId: string) {
    const m = await deps.workspaces.membershipOf(userId);
    if (!m) throw new AppError('WORKSPACE_NOT_FOUND');
    return m;
  }

  /** The room when the user is one of its members; 404 otherwise (a non-member learns nothing). */
  async function roomFor(userId: string, roomId: string): Promise<RoomRow> {
    const room = await rooms.roomFor(userId, roomId);
    if (!room) throw new AppError('ROOM_NOT_FOUND');
    return room;
  }

  async function assertWorkspaceMembers(workspaceId: string, ids: readonly string[]) {
    const found = await rooms.workspaceMembers(workspaceId, ids);
    if (ids.some((id) => !found.has(id))) throw new AppError('NOT_WORKSPACE_MEMBERS');
  }

  async function list(user: RoomUser): Promise<Room[]> {
    const rows = await rooms.listFor(user.id);
    const ids = rows.map((r) => r.id);
    const [members, last] = await Promise.all([rooms.membersOf(ids), rooms.lastMessages(ids)]);
    return rows.map((r) => {
      const own = members.filter((m) => m.roomId === r.id);
      const other = own.find((m) => m.userId !== user.id);
      return {
        id: r.id,
        kind: r.kind,
        name: r.kind === 'group' ? (r.name ?? '') : (other?.name ?? 'Conversa'),
        members: own.map(({ userId, name, lastReadSeq }) => ({ userId, name, lastReadSeq })),
        lastSeq: r.lastSeq,
        lastMessage: last.get(r.id) ?? null,
        unread: Math.max(0, r.lastSeq - r.lastReadSeq),
        updatedAt: r.updatedAt.toISOString(),
      };
    });
  }

  async function one(user: RoomUser, roomId: string): Promise<Room> {
    await roomFor(user.id, roomId);
    const room = (await list(user)).find((r) => r.id === roomId);
    if (!room) throw new AppError('ROOM_NOT_FOUND');
    return room;
  }

  /**
   * Stores a message (with the room's next seq) and announces it to every replica; a message that
   * mentions @assistente then gets the assistant's answer. A resent clientId returns the stored one.
   */
  async function send(
    user: RoomUser,
    roomId: string,
    content: string,
    clientId?: string,
  ): Promise<{ message: RoomMessage; duplicate: boolean }> {
    const stored = await rooms.insertMessage({ roomId, sender: user, content, clientId });
    if (!stored) throw new AppError('ROOM_NOT_FOUND');
    if (stored.duplicate) return stored;
    await announce({
      k: 'msg',
      roomId,
      seq: stored.message.seq,
      message: stored.message,
      senderId: user.id,
      clientId,
    });
    if (deps.onMention && ASSISTANT_MENTION.test(content)) {
      const room = await rooms.roomFor(user.id, roomId);
      if (room) deps.onMention(room, stored.message, user);
    }
    return stored;
  }

  return {
    roomFor,
    list,
    one,
    send,

    async createGroup(user: RoomUser, body: GroupBody): Promise<Room> {
      const ws = await workspaceOf(user.id);
      const memberIds = [...new Set([user.id, ...body.memberIds])];
      await assertWorkspaceMembers(ws.workspaceId, memberIds);
      const id = await rooms.createGroup({
        workspaceId: ws.workspaceId,
        name: body.name,
        createdBy: user.id,
        memberIds,
      });
      await announce({ k: 'members', roomId: id, added: memberIds, removed: [] });
      return one(user, id);
    },

    async openDirect(user: RoomUser, otherId: string): Promise<{ room: Room; created: boolean }> {
      if (otherId === user.id) throw new AppError('DIRECT_WITH_SELF');
      const ws = await workspaceOf(user.id);
      await assertWorkspaceMembers(ws.workspaceId, [otherId]);
      const { id, created } = await rooms.openDirect(ws.workspaceId, user.id, otherId);
      if (created)
        await announce({ k: 'members', roomId: id, added: [user.id, otherId], removed: [] });
      return { room: await one(user, id), created };
    },

    async addMembers(user: RoomUser, roomId: string, ids: readonly string[]): Promise<Room> {
      const room = await roomFor(user.id, roomId);
      if (room.kind !== 'group') throw new AppError('NOT_A_GROUP');
      await assertWorkspaceMembers(room.workspaceId, ids);
      const added = await rooms.addMembers(roomId, [...new Set(ids)]);
      if (added.length > 0) await announce({ k: 'members', roomId, added, removed: [] });
      return one(user, roomId);
    },

    /** Anyone leaves a group; removing another person takes the group's creator or a workspace admin. */
    async removeMember(user: RoomUser, roomId: string, memberId: string): Promise<void> {
      const room = await roomFor(user.id, roomId);
      if (room.kind !== 'group') throw new AppError('NOT_A_GROUP');
      if (memberId !== user.id && room.createdBy !== user.id) {
        const ws = await workspaceOf(user.id);
        if (ws.role === 'member') throw new AppError('FORBIDDEN');
      }
      if (!(await rooms.removeMember(roomId, memberId))) throw new AppError('MEMBER_NOT_FOUND');
      await announce({ k: 'members', roomId, added: [], removed: [memberId] });
    },

    async messages(user: RoomUser, roomId: string, after: number, limit: number) {
      await roomFor(user.id, roomId);
      return rooms.messagesAfter(roomId, after, limit);
    },

    async markRead(user: RoomUser, roomId: string, seq: number): Promise<number> {
      const marked = await rooms.markRead(roomId, user.id, seq);
      if (marked === undefined) throw new AppError('ROOM_NOT_FOUND');
      await announce({ k: 'read', roomId, userId: user.id, seq: marked });
      return marked;
    },

    async typing(user: RoomUser, roomId: string): Promise<void> {
      await announce({ k: 'typing', roomId, userId: user.id, name: user.name });
    },
  };
}

export type RoomsService = ReturnType<typeof createRoomsService>;
