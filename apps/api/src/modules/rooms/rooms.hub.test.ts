import { EventEmitter } from 'node:events';
import { WS_CLOSE, type RoomMessage } from '@normas/contracts/rooms';
import { describe, expect, it } from 'vitest';
import { createRoomsHub, type HubSocket } from './rooms.hub';
import type { RoomsRepository } from './rooms.repository';
import type { RoomsService } from './rooms.service';

const ROOM = '00000000-0000-4000-8000-000000000001';

class FakeSocket extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  send(data: string) {
    this.sent.push(data);
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  terminate() {
    this.readyState = 3;
  }
  ping() {}
  frames() {
    return this.sent.map((s) => JSON.parse(s) as { type: string; message?: RoomMessage });
  }
}

const message = (seq: number): RoomMessage => ({
  id: `m${seq}`,
  roomId: ROOM,
  seq,
  sender: { id: 'u1', name: 'Ana' },
  content: `mensagem ${seq}`,
  createdAt: new Date(0).toISOString(),
  regulations: [],
});

function hubWith(stored: RoomMessage[], lastSeqs: number[] = [0]) {
  // What the room's newest seq reads at each look (the socket signs in with two reads).
  let reads = 0;
  const rooms = {
    lastSeqsOf: async () => new Map([[ROOM, lastSeqs[Math.min(reads++, lastSeqs.length - 1)]!]]),
    messagesAfter: async (_room: string, after: number, limit: number) =>
      stored.filter((m) => m.seq > after).slice(0, limit),
    messageAt: async (_room: string, seq: number) => stored.find((m) => m.seq === seq),
  } as unknown as RoomsRepository;
  return createRoomsHub({
    rooms,
    service: {} as RoomsService,
    authenticate: async (token) => ({ id: token, name: token }),
    options: { maxBufferedBytes: 1_000, heartbeatMs: 60_000 },
  });
}

async function join(hub: ReturnType<typeof hubWith>, name: string) {
  const socket = new FakeSocket();
  hub.accept(socket as unknown as HubSocket);
  socket.emit('message', Buffer.from(JSON.stringify({ type: 'auth', token: name })), false);
  await expect.poll(() => socket.frames().some((f) => f.type === 'ready')).toBe(true);
  return socket;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('rooms hub', () => {
  it('closes a slow consumer (4408) instead of buffering for it; the others keep receiving', async () => {
    const stored = [1, 2, 3].map(message);
    const hub = hubWith(stored);
    const fast = await join(hub, 'fast');
    const slow = await join(hub, 'slow');
    expect(hub.size()).toBe(2);
    slow.bufferedAmount = 5_000;
    for (const m of stored) hub.handle({ k: 'msg', roomId: ROOM, seq: m.seq, message: m });
    await settle();
    expect(
      fast
        .frames()
        .filter((f) => f.type === 'message')
        .map((f) => f.message!.seq),
    ).toEqual([1, 2, 3]);
    expect(slow.closedWith).toBe(WS_CLOSE.slowConsumer);
    expect(slow.frames().filter((f) => f.type === 'message')).toEqual([]);
    // Forgotten at once: nothing more is queued for it.
    expect(hub.size()).toBe(1);
    hub.closeAll();
  });

  it('gives each socket every message once and in order, filling gaps and skipping repeats', async () => {
    const stored = [1, 2, 3, 4].map(message);
    const hub = hubWith(stored);
    const s = await join(hub, 'ana');
    hub.handle({ k: 'msg', roomId: ROOM, seq: 1, message: stored[0] });
    // 2 and 3 arrive late (another replica), 4 first: 2 and 3 are read back from the database.
    hub.handle({ k: 'msg', roomId: ROOM, seq: 4, message: stored[3] });
    hub.handle({ k: 'msg', roomId: ROOM, seq: 2, message: stored[1] });
    hub.handle({ k: 'msg', roomId: ROOM, seq: 3 });
    hub.handle({ k: 'msg', roomId: ROOM, seq: 1, message: stored[0] });
    await settle();
    expect(
      s
        .frames()
        .filter((f) => f.type === 'message')
        .map((f) => f.message!.seq),
    ).toEqual([1, 2, 3, 4]);
    hub.closeAll();
  });

  it('starts a new socket at the newest message: one announced out of order is not lost', async () => {
    const stored = [1, 2].map(message);
    const hub = hubWith(stored);
    const s = await join(hub, 'ana');
    // Two replicas announce seq 2 before seq 1: the cursor (0 at sign-in) reads 1 back first.
    hub.handle({ k: 'msg', roomId: ROOM, seq: 2, message: stored[1] });
    hub.handle({ k: 'msg', roomId: ROOM, seq: 1, message: stored[0] });
    await settle();
    expect(
      s
        .frames()
        .filter((f) => f.type === 'message')
        .map((f) => f.message!.seq),
    ).toEqual([1, 2]);
    hub.closeAll();
  });

  it('reads back what was stored while the socket was signing in, and nothing older', async () => {
    const stored = [1, 2, 3, 4].map(message);
    // 2 messages before the sign-in; 2 more stored between its two reads.
    const hub = hubWith(stored, [2, 4]);
    const s = await join(hub, 'ana');
    await settle();
    hub.handle({ k: 'msg', roomId: ROOM, seq: 4, message: stored[3] });
    await settle();
    expect(
      s
        .frames()
        .filter((f) => f.type === 'message')
        .map((f) => f.message!.seq),
    ).toEqual([3, 4]);
    hub.closeAll();
  });
});
