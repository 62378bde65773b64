import { sql, type SQL } from 'drizzle-orm';
import { ASSISTANT_NAME, ASSISTANT_SENDER_ID, type RoomMessage } from '@normas/contracts/rooms';
import type { AnswerRegulation } from '@normas/contracts/questions';
import type { Db } from '../../db/client';
import { isUniqueViolation, rowsOf } from '../workspaces/workspaces.repository';

export interface RoomRow {
  id: string;
  workspaceId: string;
  kind: 'group' | 'direct';
  name: string | null;
  lastSeq: number;
  createdBy: string | null;
  updatedAt: Date;
}

interface MessageRow {
  id: string;
  roomId: string;
  seq: number;
  senderId: string | null;
  senderKind: 'user' | 'assistant';
  senderName: string | null;
  content: string;
  regulations: unknown;
  clientId: string | null;
  createdAt: Date | string;
}

export interface RoomMemberRow {
  roomId: string;
  userId: string;
  name: string;
  lastReadSeq: number;
}

const toDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

export function toRoomMessage(row: MessageRow): RoomMessage {
  const sender =
    row.senderKind === 'assistant'
      ? { id: ASSISTANT_SENDER_ID, name: ASSISTANT_NAME }
      : { id: row.senderId ?? '', name: row.senderName ?? 'Ex-membro' };
  return {
    id: row.id,
    roomId: row.roomId,
    seq: Number(row.seq),
    sender,
    content: row.content,
    createdAt: toDate(row.createdAt).toISOString(),
    regulations: (Array.isArray(row.regulations) ? row.regulations : []) as AnswerRegulation[],
  };
}

const roomColumns = sql`r.id, r.workspace_id as "workspaceId", r.kind, r.name, r.last_seq as "lastSeq",
  r.created_by as "createdBy", r.updated_at as "updatedAt"`;
const messageColumns = sql`m.id, m.room_id as "roomId", m.seq, m.sender_id as "senderId",
  m.sender_kind as "senderKind", u.name as "senderName", m.content, m.regulations,
  m.client_id as "clientId", m.created_at as "createdAt"`;

const fixRoom = (r: RoomRow): RoomRow => ({
  ...r,
  lastSeq: Number(r.lastSeq),
  updatedAt: toDate(r.updatedAt),
});

const idList = (ids: readonly string[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** Rooms of workspaces, their members and messages. Access is always checked against room_members. */
export function createRoomsRepository(db: Db) {
  async function messageBy(where: SQL): Promise<RoomMessage | undefined> {
    const [row] = rowsOf<MessageRow>(
      await db.execute(sql`
        select ${messageColumns} from room_messages m left join users u on u.id = m.sender_id
        where ${where} limit 1`),
    );
    return row && toRoomMessage(row);
  }

  return {
    /** The ids among `userIds` that are members of the workspace. */
    async workspaceMembers(workspaceId: string, userIds: readonly string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = rowsOf<{ userId: string }>(
        await db.execute(sql`
          select user_id as "userId" from workspace_members
          where workspace_id = ${workspaceId} and user_id in (${idList(userIds)})`),
      );
      return new Set(rows.map((r) => r.userId));
    },

    async createGroup(input: {
      workspaceId: string;
      name: string;
      createdBy: string;
      memberIds: readonly string[];
    }): Promise<string> {
      const values = sql.join(
        input.memberIds.map((id) => sql`(${id}::uuid)`),
        sql`, `,
      );
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`
          with r as (
            insert into rooms (workspace_id, kind, name, created_by)
            values (${input.workspaceId}, 'group', ${input.name}, ${input.createdBy}) returning id)
          insert into room_members (room_id, user_id)
          select r.id, v.u from r, (values ${values}) as v(u)
          returning room_id as id`),
      );
      return row!.id;
    },

    /** The one direct room of a pair in a workspace, made on first use. */
    async openDirect(
      workspaceId: string,
      a: string,
      b: string,
    ): Promise<{ id: string; created: boolean }> {
      const [x, y] = [a, b].sort();
      const key = `${workspaceId}:${x}:${y}`;
      const created = rowsOf<{ id: string }>(
        await db.execute(sql`
          with r as (
            insert into rooms (workspace_id, kind, direct_key, created_by)
            values (${workspaceId}, 'direct', ${key}, ${a})
            on conflict (direct_key) do nothing returning id)
          insert into room_members (room_id, user_id)
          select r.id, v.u from r, (values (${x}::uuid), (${y}::uuid)) as v(u)
          returning room_id as id`),
      );
      if (created.length > 0) return { id: created[0]!.id, created: true };
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`select id from rooms where direct_key = ${key}`),
      );
      // A direct room whose pair lost a member (they left and came back) gets them again.
      await db.execute(sql`
        insert into room_members (room_id, user_id)
        values (${row!.id}, ${x}::uuid), (${row!.id}, ${y}::uuid) on conflict do nothing`);
      return { id: row!.id, created: false };
    },

    /** The room when `userId` is one of its members. */
    async roomFor(userId: string, roomId: string): Promise<RoomRow | undefined> {
      const [row] = rowsOf<RoomRow>(
        await db.execute(sql`
          select ${roomColumns} from rooms r
          join room_members rm on rm.room_id = r.id and rm.user_id = ${userId}
          where r.id = ${roomId}`),
      );
      return row && fixRoom(row);
    },

    /** The seq of the newest message of each of the user's rooms. */
    async lastSeqsOf(userId: string): Promise<Map<string, number>> {
      const rows = rowsOf<{ roomId: string; lastSeq: number }>(
        await db.execute(
          sql`select rm.room_id as "roomId", r.last_seq as "lastSeq"
              from room_members rm join rooms r on r.id = rm.room_id
              where rm.user_id = ${userId}`,
        ),
      );
      return new Map(rows.map((r) => [r.roomId, Number(r.lastSeq)]));
    },

    /** The user's rooms, most recently active first, with their read marker. */
    async listFor(userId: string): Promise<(RoomRow & { lastReadSeq: number })[]> {
      const rows = rowsOf<RoomRow & { lastReadSeq: number }>(
        await db.execute(sql`
          select ${roomColumns}, rm.last_read_seq as "lastReadSeq"
          from room_members rm join rooms r on r.id = rm.room_id
          where rm.user_id = ${userId}
          order by r.updated_at desc, r.id limit 500`),
      );
      return rows.map((r) => ({ ...fixRoom(r), lastReadSeq: Number(r.lastReadSeq) }));
    },

    async membersOf(roomIds: readonly string[]): Promise<RoomMemberRow[]> {
      if (roomIds.length === 0) return [];
      const rows = rowsOf<RoomMemberRow>(
        await db.execute(sql`
          select rm.room_id as "roomId", rm.user_id as "userId", u.name,
                 rm.last_read_seq as "lastReadSeq"
          from room_members rm join users u on u.id = rm.user_id
          where rm.room_id in (${idList(roomIds)})
          order by u.name, u.id`),
      );
      return rows.map((r) => ({ ...r, lastReadSeq: Number(r.lastReadSeq) }));
    },

    async lastMessages(roomIds: readonly string[]): Promise<Map<string, RoomMessage>> {
      if (roomIds.length === 0) return new Map();
      const rows = rowsOf<MessageRow>(
        await db.execute(sql`
          select ${messageColumns}
          from rooms r join room_messages m on m.room_id = r.id and m.seq = r.last_seq
          left join users u on u.id = m.sender_id
          where r.id in (${idList(roomIds)})`),
      );
      return new Map(rows.map((r) => [r.roomId, toRoomMessage(r)]));
    },

    async addMembers(roomId: string, userIds: readonly string[]): Promise<string[]> {
      const values = sql.join(
        userIds.map((id) => sql`(${roomId}::uuid, ${id}::uuid)`),
        sql`, `,
      );
      const rows = rowsOf<{ userId: string }>(
        await db.execute(sql`
          insert into room_members (room_id, user_id) values ${values}
          on conflict do nothing returning user_id as "userId"`),
      );
      return rows.map((r) => r.userId);
    },

    async removeMember(roomId: string, userId: string): Promise<boolean> {
      const rows = rowsOf<{ userId: string }>(
        await db.execute(sql`
          delete from room_members where room_id = ${roomId} and user_id = ${userId}
          returning user_id as "userId"`),
      );
      return rows.length > 0;
    },

    /**
     * Stores a message with the room's next seq, in one statement: the room row's lock orders
     * concurrent senders, and a failed insert rolls the counter back with it, so seqs have no gaps.
     * A person's message is stored only while they are a member (checked in the same statement);
     * undefined otherwise. A clientId already stored for this sender returns the stored message.
     */
    async insertMessage(input: {
      roomId: string;
      sender: { id: string; name: string } | 'assistant';
      content: string;
      clientId?: string;
      regulations?: AnswerRegulation[];
    }): Promise<{ message: RoomMessage; duplicate: boolean } | undefined> {
      const person = input.sender === 'assistant' ? null : input.sender;
      const byClient = async () =>
        person && input.clientId
          ? messageBy(
              sql`m.room_id = ${input.roomId} and m.sender_id = ${person.id} and m.client_id = ${input.clientId}`,
            )
          : undefined;
      const existing = await byClient();
      if (existing) return { message: existing, duplicate: true };
      const allowed = person
        ? sql`and exists (select 1 from room_members where room_id = ${input.roomId} and user_id = ${person.id})`
        : sql``;
      try {
        const [row] = rowsOf<MessageRow>(
          await db.execute(sql`
            with s as (
              update rooms set last_seq = last_seq + 1, updated_at = now()
              where id = ${input.roomId} ${allowed}
              returning last_seq),
            m as (
              insert into room_messages (room_id, seq, sender_id, sender_kind, content, regulations, client_id)
              select ${input.roomId}, s.last_seq, ${person?.id ?? null}, ${person ? 'user' : 'assistant'},
                     ${input.content}, ${JSON.stringify(input.regulations ?? [])}::jsonb, ${input.clientId ?? null}
              from s
              returning *),
            r as (
              update room_members set last_read_seq = greatest(last_read_seq, (select seq from m))
              where room_id = ${input.roomId} and user_id = ${person?.id ?? null})
            select m.id, m.room_id as "roomId", m.seq, m.sender_id as "senderId",
                   m.sender_kind as "senderKind", ${person?.name ?? null}::text as "senderName",
                   m.content, m.regulations, m.client_id as "clientId", m.created_at as "createdAt"
            from m`),
        );
        return row ? { message: toRoomMessage(row), duplicate: false } : undefined;
      } catch (error) {
        // The same clientId sent twice at once: the second statement lost, the first message stands.
        if (isUniqueViolation(error)) {
          const stored = await byClient();
          if (stored) return { message: stored, duplicate: true };
        }
        throw error;
      }
    },

    /** Messages with seq > after, oldest first. */
    async messagesAfter(roomId: string, after: number, limit: number): Promise<RoomMessage[]> {
      const rows = rowsOf<MessageRow>(
        await db.execute(sql`
          select ${messageColumns} from room_messages m left join users u on u.id = m.sender_id
          where m.room_id = ${roomId} and m.seq > ${after}
          order by m.seq limit ${limit}`),
      );
      return rows.map(toRoomMessage);
    },

    async messageAt(roomId: string, seq: number): Promise<RoomMessage | undefined> {
      return messageBy(sql`m.room_id = ${roomId} and m.seq = ${seq}`);
    },

    /** The newest `limit` messages, oldest first. */
    async recent(roomId: string, limit: number): Promise<RoomMessage[]> {
      const rows = rowsOf<MessageRow>(
        await db.execute(sql`
          select * from (
            select ${messageColumns} from room_messages m left join users u on u.id = m.sender_id
            where m.room_id = ${roomId} order by m.seq desc limit ${limit}) x
          order by seq`),
      );
      return rows.map(toRoomMessage);
    },

    /** Moves a member's read marker forward (never back, never past the last message). */
    async markRead(roomId: string, userId: string, seq: number): Promise<number | undefined> {
      const [row] = rowsOf<{ seq: number }>(
        await db.execute(sql`
          update room_members rm
          set last_read_seq = greatest(rm.last_read_seq, least(${seq}, r.last_seq))
          from rooms r
          where rm.room_id = ${roomId} and rm.user_id = ${userId} and r.id = rm.room_id
          returning rm.last_read_seq as seq`),
      );
      return row ? Number(row.seq) : undefined;
    },
  };
}

export type RoomsRepository = ReturnType<typeof createRoomsRepository>;
