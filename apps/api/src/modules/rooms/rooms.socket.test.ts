import type { Room, RoomMessage } from '@normas/contracts/rooms';
import { WS_CLOSE, WS_MAX_FRAME_BYTES } from '@normas/contracts/rooms';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import {
  createTeamTestApp,
  type TeamTestApp,
  type TeamUser,
} from '../workspaces/test-support/team-test-app';
import { openSocket, type TestSocket } from './test-support/ws-client';

let t: TeamTestApp;
let base: string;
let restarted: FastifyInstance | undefined;
const sockets: TestSocket[] = [];
const hubOptions = {
  heartbeatMs: 200,
  authTimeoutMs: 500,
  rate: { burst: 20, perSecond: 5 },
  maxRefusedInARow: 10,
};

beforeAll(async () => {
  t = await createTeamTestApp({ overrides: { roomsHubOptions: hubOptions } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await restarted?.close();
  await t.close();
});

const connect = async (u: TeamUser | null, options: { autoPong?: boolean; at?: string } = {}) => {
  const s = await openSocket(options.at ?? base, { token: u?.token, autoPong: options.autoPong });
  sockets.push(s);
  return s;
};
const group = (u: TeamUser, name: string, memberIds: string[]) =>
  t.ok<Room>('POST', '/chat/groups', u, { name, memberIds });
const post = (u: TeamUser, roomId: string, content: string) =>
  t.ok<RoomMessage>('POST', `/chat/${roomId}/messages`, u, { content });
const seqsOf = (s: TestSocket, roomId: string) =>
  s
    .all('message')
    .filter((f) => f.roomId === roomId)
    .map((f) => f.message.seq);

describe('authentication', () => {
  it('answers ready to a valid token in the first frame', async () => {
    const { owner } = await t.team(0);
    const s = await connect(null);
    s.send({ type: 'auth', token: owner.token });
    expect(await s.next('ready')).toEqual({ type: 'ready', userId: owner.id });
  });

  it('closes with 4401 for a bad token, a first frame that is not auth, or no frame in time', async () => {
    const bad = await connect(null);
    bad.send({ type: 'auth', token: 'nope' });
    expect((await bad.closed).code).toBe(WS_CLOSE.unauthenticated);
    const early = await connect(null);
    early.send({ type: 'ping' });
    expect((await early.closed).code).toBe(WS_CLOSE.unauthenticated);
    const silent = await connect(null);
    expect((await silent.closed).code).toBe(WS_CLOSE.unauthenticated);
  });

  it('closes with 4401 once the session is signed out, open sockets included', async () => {
    const { owner } = await t.team(0);
    const open = await connect(owner);
    await t.call('POST', '/auth/logout', owner);
    expect((await open.closed).code).toBe(WS_CLOSE.unauthenticated);
    const s = await connect(null);
    s.send({ type: 'auth', token: owner.token });
    expect((await s.closed).code).toBe(WS_CLOSE.unauthenticated);
  });
});

describe('live messages', () => {
  it("pushes a room's messages, typing and read markers to its members only", async () => {
    const { owner, people } = await t.team(2);
    const [a, outsider] = people as [TeamUser, TeamUser];
    const room = await group(owner, 'Ao vivo', [a.id]);
    const [sa, so, sx] = [await connect(a), await connect(owner), await connect(outsider)];
    const stranger = await connect((await t.team(0)).owner);

    const sent = await post(owner, room.id, 'Chegou?');
    expect(await sa.next('message')).toEqual({ type: 'message', roomId: room.id, message: sent });
    await so.next('message');

    sa.send({ type: 'typing', roomId: room.id });
    expect(await so.next('typing')).toEqual({
      type: 'typing',
      roomId: room.id,
      userId: a.id,
      name: a.name,
    });
    sa.send({ type: 'read', roomId: room.id, seq: 1 });
    expect(await so.next('read')).toEqual({ type: 'read', roomId: room.id, userId: a.id, seq: 1 });

    // The outsider (same workspace, not in the room) and another workspace's owner saw nothing.
    await post(owner, room.id, 'De novo');
    await sa.next('message', (f) => f.message.seq === 2);
    for (const s of [sx, stranger]) {
      expect(s.frames.filter((f) => f.type !== 'ready')).toEqual([]);
    }
  });

  it('a non-member cannot send to or resume a room through the socket', async () => {
    const { owner, people } = await t.team(1);
    const room = await group(owner, 'Fechada', []);
    await post(owner, room.id, 'só para mim');
    const s = await connect(people[0]!);
    s.send({ type: 'send', roomId: room.id, content: 'entrei?', clientId: 'x1' });
    expect(await s.next('error')).toMatchObject({ code: 'ROOM_NOT_FOUND', clientId: 'x1' });
    s.send({ type: 'resume', roomId: room.id, after: 0 });
    expect(await s.next('error', (f) => !f.clientId)).toMatchObject({ code: 'ROOM_NOT_FOUND' });
    expect(s.all('message')).toEqual([]);
    const page = await t.ok<{ data: RoomMessage[] }>('GET', `/chat/${room.id}/messages`, owner);
    expect(page.data.map((m) => m.content)).toEqual(['só para mim']);
  });

  it('acknowledges a send; a resent clientId is acknowledged with the stored message, not stored twice', async () => {
    const { owner, people } = await t.team(1);
    const a = people[0]!;
    const room = await group(owner, 'Envio', [a.id]);
    const so = await connect(owner);
    const sa = await connect(a);
    so.send({ type: 'send', roomId: room.id, content: 'pelo socket', clientId: 'abc' });
    const ack = await so.next('ack');
    expect(ack).toMatchObject({
      clientId: 'abc',
      message: { seq: 1, content: 'pelo socket', sender: { id: owner.id } },
    });
    so.send({ type: 'send', roomId: room.id, content: 'pelo socket', clientId: 'abc' });
    await expect.poll(() => so.all('ack').length).toBe(2);
    expect(so.all('ack')[1]!.message.id).toBe(ack.message.id);
    expect((await sa.next('message')).message.id).toBe(ack.message.id);
    // The sender gets its own message as the ack only, once.
    expect(so.all('message')).toEqual([]);
    const page = await t.ok<{ data: RoomMessage[] }>('GET', `/chat/${room.id}/messages`, a);
    expect(page.data).toHaveLength(1);
  });

  it('a member added to a group starts receiving it on the socket already open', async () => {
    const { owner, people } = await t.team(1);
    const a = people[0]!;
    const room = await group(owner, 'Depois', []);
    const sa = await connect(a);
    await t.ok('POST', `/chat/groups/${room.id}/members`, owner, { memberIds: [a.id] });
    await sa.next('members');
    await post(owner, room.id, 'bem-vindo');
    expect((await sa.next('message')).message.content).toBe('bem-vindo');
  });
});

describe('resume', () => {
  it('after a dropped socket, replays exactly the missed messages in order, then goes on live', async () => {
    const { owner, people } = await t.team(1);
    const a = people[0]!;
    const room = await group(owner, 'Retomada', [a.id]);
    const first = await connect(a);
    await post(owner, room.id, 'um');
    await first.next('message');
    first.ws.terminate();
    for (const text of ['dois', 'três', 'quatro']) await post(owner, room.id, text);

    const again = await connect(a);
    again.send({ type: 'resume', roomId: room.id, after: 1 });
    expect(await again.next('resumed')).toEqual({ type: 'resumed', roomId: room.id, lastSeq: 4 });
    await post(owner, room.id, 'cinco');
    await again.next('message', (f) => f.message.seq === 5);
    expect(seqsOf(again, room.id)).toEqual([2, 3, 4, 5]);
    expect(again.all('message').map((f) => f.message.content)).toEqual([
      'dois',
      'três',
      'quatro',
      'cinco',
    ]);
  });
});

describe('limits', () => {
  it('closes the sockets of a member removed from the workspace at once (4403)', async () => {
    const { owner, people } = await t.team(1);
    const a = people[0]!;
    const s1 = await connect(a);
    const s2 = await connect(a);
    await t.call('DELETE', `/workspace/members/${a.id}`, owner);
    expect((await s1.closed).code).toBe(WS_CLOSE.forbidden);
    expect((await s2.closed).code).toBe(WS_CLOSE.forbidden);
  });

  it('closes a socket that sends a frame over the maximum size (1009)', async () => {
    const { owner } = await t.team(0);
    const s = await connect(owner);
    s.send('x'.repeat(WS_MAX_FRAME_BYTES + 1));
    expect((await s.closed).code).toBe(1009);
  });

  it('refuses frames past the per-connection rate, then closes a flooding socket (4429)', async () => {
    const { owner } = await t.team(0);
    const s = await connect(owner);
    for (let i = 0; i < 60; i++) s.send({ type: 'ping' });
    expect(await s.next('error')).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await s.closed).code).toBe(WS_CLOSE.rateLimited);
  });

  it('terminates a socket that stops answering pings', async () => {
    const { owner } = await t.team(0);
    const quiet = await connect(owner, { autoPong: false });
    const alive = await connect(owner);
    expect((await quiet.closed).code).toBe(1006);
    expect(alive.ws.readyState).toBe(alive.ws.OPEN);
  });

  it('answers a malformed frame with an error and keeps the socket', async () => {
    const { owner } = await t.team(0);
    const s = await connect(owner);
    s.send('{not json');
    expect(await s.next('error')).toMatchObject({ code: 'INVALID_FRAME' });
    s.send({ type: 'ping' });
    await s.next('pong');
  });
});

// Last: it replaces the server the other tests use.
describe('restart', () => {
  it('after a server restart, a reconnecting client misses nothing and sees nothing twice', async () => {
    const { owner, people } = await t.team(1);
    const a = people[0]!;
    const room = await group(owner, 'Reinício', [a.id]);
    const before = await connect(a);
    await post(owner, room.id, 'antes');
    await before.next('message');

    // The server stops (sockets closed with 1001) and another one starts on the same database.
    const port = Number(new URL(base).port);
    await t.app.close();
    expect((await before.closed).code).toBe(1001);
    restarted = await buildApp(t.config, {
      database: t.database,
      logger: false,
      overrides: {
        retrieval: t.engines.retrieval,
        answers: t.engines.answers,
        roomsHubOptions: hubOptions,
      } as never,
    });
    await restarted.listen({ port, host: '127.0.0.1' });
    const postThere = async (content: string) => {
      const res = await restarted!.inject({
        method: 'POST',
        url: `/api/v1/chat/${room.id}/messages`,
        headers: owner.headers,
        payload: { content },
      });
      expect(res.statusCode).toBe(201);
    };
    for (const text of ['durante 1', 'durante 2']) await postThere(text);
    const after = await connect(a);
    after.send({ type: 'resume', roomId: room.id, after: 1 });
    await after.next('resumed');
    await postThere('depois');
    await after.next('message', (f) => f.message.seq === 4);
    expect(seqsOf(before, room.id)).toEqual([1]);
    expect(seqsOf(after, room.id)).toEqual([2, 3, 4]);
    expect(after.all('message').map((f) => f.message.content)).toEqual([
      'durante 1',
      'durante 2',
      'depois',
    ]);
  });
});
