import {
  RoomMessageSchema,
  RoomSchema,
  type Room,
  type RoomMessage,
} from '@normas/contracts/rooms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTeamTestApp,
  type TeamTestApp,
  type TeamUser,
} from '../workspaces/test-support/team-test-app';

let t: TeamTestApp;
beforeAll(async () => {
  t = await createTeamTestApp();
});
afterAll(async () => t.close());

const group = (u: TeamUser, name: string, memberIds: string[]) =>
  t.ok<Room>('POST', '/chat/groups', u, { name, memberIds });
const post = (u: TeamUser, roomId: string, content: string, clientId?: string) =>
  t.call('POST', `/chat/${roomId}/messages`, u, { content, clientId });
const page = async (u: TeamUser, roomId: string, after = 0, limit = 200) =>
  (
    await t.ok<{ data: RoomMessage[] }>(
      'GET',
      `/chat/${roomId}/messages?after=${after}&limit=${limit}`,
      u,
    )
  ).data;

describe('groups and direct rooms', () => {
  it('creates a group of workspace members and lists it for each of them', async () => {
    const { owner, people } = await t.team(2);
    const [a, b] = people as [TeamUser, TeamUser];
    const room = RoomSchema.parse(await group(owner, 'Obra Norte', [a.id]));
    expect(room).toMatchObject({
      kind: 'group',
      name: 'Obra Norte',
      lastSeq: 0,
      unread: 0,
      lastMessage: null,
    });
    expect(room.members.map((m) => m.userId).sort()).toEqual([owner.id, a.id].sort());
    expect((await t.ok<{ data: Room[] }>('GET', '/chat', a)).data.map((r) => r.id)).toEqual([
      room.id,
    ]);
    expect((await t.ok<{ data: Room[] }>('GET', '/chat', b)).data).toEqual([]);

    // Members can be added and removed.
    const added = await t.ok<Room>('POST', `/chat/groups/${room.id}/members`, owner, {
      memberIds: [b.id],
    });
    expect(added.members).toHaveLength(3);
    expect(
      (await t.call('DELETE', `/chat/groups/${room.id}/members/${b.id}`, owner)).statusCode,
    ).toBe(204);
    expect((await t.ok<{ data: Room[] }>('GET', '/chat', b)).data).toEqual([]);
  });

  it('refuses people of another workspace in a group, and a bad body in pt-BR', async () => {
    const a = await t.team(0);
    const b = await t.team(0);
    const res = await t.call('POST', '/chat/groups', a.owner, {
      name: 'X',
      memberIds: [b.owner.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'NOT_WORKSPACE_MEMBERS' });
    const empty = await t.call('POST', '/chat/groups', a.owner, { name: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Dê um nome ao grupo.');
    const outside = await t.call('POST', '/chat/groups', await t.person('pro'), { name: 'X' });
    expect(outside.statusCode).toBe(404);
  });

  it('opens the one direct room of a pair, the same on every call from either side', async () => {
    const { owner, people } = await t.team(1);
    const a = people[0]!;
    const first = await t.call('POST', '/chat/direct', owner, { userId: a.id });
    expect(first.statusCode).toBe(201);
    const again = await t.call('POST', '/chat/direct', owner, { userId: a.id });
    const other = await t.call('POST', '/chat/direct', a, { userId: owner.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(other.json().id).toBe(first.json().id);
    expect(first.json()).toMatchObject({ kind: 'direct', name: a.name });
    expect(other.json()).toMatchObject({ name: owner.name });
    const self = await t.call('POST', '/chat/direct', owner, { userId: owner.id });
    expect(self.statusCode).toBe(400);
  });
});

describe('messages', () => {
  it('numbers messages 1, 2, 3… and pages them in order after a seq', async () => {
    const { owner, people } = await t.team(1);
    const a = people[0]!;
    const room = await group(owner, 'Sala', [a.id]);
    const res = await post(owner, room.id, 'Bom dia, equipe');
    expect(res.statusCode).toBe(201);
    const first = RoomMessageSchema.parse(res.json());
    expect(first).toMatchObject({
      roomId: room.id,
      seq: 1,
      sender: { id: owner.id, name: owner.name },
      content: 'Bom dia, equipe',
      regulations: [],
    });
    await post(a, room.id, 'Bom dia!');
    await post(owner, room.id, 'Vamos à inspeção');
    expect((await page(a, room.id)).map((m) => [m.seq, m.content])).toEqual([
      [1, 'Bom dia, equipe'],
      [2, 'Bom dia!'],
      [3, 'Vamos à inspeção'],
    ]);
    expect((await page(a, room.id, 1, 1)).map((m) => m.seq)).toEqual([2]);
    const bad = await t.call('GET', `/chat/${room.id}/messages?after=-1`, a);
    expect(bad.statusCode).toBe(400);
  });

  it('gives concurrent senders gapless seqs', async () => {
    const { owner, people } = await t.team(3);
    const room = await group(
      owner,
      'Concorrência',
      people.map((p) => p.id),
    );
    const senders = [owner, ...people];
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post(senders[i % senders.length]!, room.id, `m${i}`)),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const seqs = results.map((r) => (r.json() as RoomMessage).seq).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const stored = await page(owner, room.id);
    expect(stored.map((m) => m.seq)).toEqual(seqs);
    expect(new Set(stored.map((m) => m.content)).size).toBe(40);
  });

  it('stores a resent clientId once', async () => {
    const { owner } = await t.team(0);
    const room = await group(owner, 'Só eu', []);
    const [x, y] = await Promise.all([
      post(owner, room.id, 'uma vez', 'c-1'),
      post(owner, room.id, 'uma vez', 'c-1'),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 201]);
    expect(x.json().id).toBe(y.json().id);
    const again = await post(owner, room.id, 'uma vez', 'c-1');
    expect(again.statusCode).toBe(200);
    await post(owner, room.id, 'outra', 'c-2');
    expect((await page(owner, room.id)).map((m) => m.seq)).toEqual([1, 2]);
  });

  it('counts unread messages per member and moves read markers forward', async () => {
    const { owner, people } = await t.team(1);
    const a = people[0]!;
    const room = await group(owner, 'Leitura', [a.id]);
    for (const text of ['um', 'dois', 'três']) await post(owner, room.id, text);
    const listed = (await t.ok<{ data: Room[] }>('GET', '/chat', a)).data[0]!;
    expect(listed).toMatchObject({
      unread: 3,
      lastSeq: 3,
      lastMessage: { seq: 3, content: 'três' },
    });
    expect((await t.ok<{ data: Room[] }>('GET', '/chat', owner)).data[0]!.unread).toBe(0);
    expect(await t.ok('POST', `/chat/${room.id}/read`, a, { seq: 2 })).toEqual({ seq: 2 });
    // Never back, never past the last message.
    expect(await t.ok('POST', `/chat/${room.id}/read`, a, { seq: 1 })).toEqual({ seq: 2 });
    expect(await t.ok('POST', `/chat/${room.id}/read`, a, { seq: 99 })).toEqual({ seq: 3 });
    expect((await t.ok<{ data: Room[] }>('GET', '/chat', a)).data[0]!.unread).toBe(0);
  });
});

describe('isolation', () => {
  it('a non-member cannot list, read, send to or mark a room; another workspace cannot either', async () => {
    const { owner, people } = await t.team(2);
    const [inside, left] = people as [TeamUser, TeamUser];
    const room = await group(owner, 'Restrita', [inside.id]);
    await post(owner, room.id, 'segredo');
    const strangers = [left, (await t.team(0)).owner, await t.person('business')];
    for (const u of strangers) {
      expect((await t.ok<{ data: Room[] }>('GET', '/chat', u)).data).toEqual([]);
      for (const [method, url, body] of [
        ['GET', `/chat/${room.id}`],
        ['GET', `/chat/${room.id}/messages`],
        ['POST', `/chat/${room.id}/messages`, { content: 'oi' }],
        ['POST', `/chat/${room.id}/read`, { seq: 1 }],
        ['POST', `/chat/groups/${room.id}/members`, { memberIds: [u.id] }],
      ] as const) {
        const res = await t.call(method, url, u, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toMatchObject({
          code: 'ROOM_NOT_FOUND',
          message: 'Conversa não encontrada.',
        });
      }
    }
    expect((await t.call('GET', '/chat', null)).statusCode).toBe(401);
    expect((await page(owner, room.id)).map((m) => m.content)).toEqual(['segredo']);
  });

  it('a removed member is cut off at once', async () => {
    const { owner, people } = await t.team(1);
    const a = people[0]!;
    const room = await group(owner, 'Equipe', [a.id]);
    expect((await post(a, room.id, 'estou aqui')).statusCode).toBe(201);
    expect((await t.call('DELETE', `/workspace/members/${a.id}`, owner)).statusCode).toBe(204);
    expect((await post(a, room.id, 'ainda?')).statusCode).toBe(404);
    expect((await t.call('GET', `/chat/${room.id}/messages`, a)).statusCode).toBe(404);
    expect((await t.ok<{ data: Room[] }>('GET', '/chat', a)).data).toEqual([]);
  });
});
