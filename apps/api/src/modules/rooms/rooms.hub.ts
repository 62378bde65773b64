import {
  ClientFrameSchema,
  WS_CLOSE,
  type ClientFrame,
  type RoomMessage,
  type ServerFrame,
} from '@normas/contracts/rooms';
import type { WebSocket } from 'ws';
import { AppError } from '../../lib/app-error';
import type { RoomEvent } from './room-events';
import type { RoomsRepository } from './rooms.repository';
import type { RoomsService, RoomUser } from './rooms.service';

export interface HubOptions {
  /** A socket whose unsent bytes pass this is too slow: it is closed (4408) and resumes later. */
  maxBufferedBytes: number;
  /** Frames a connection may send: `burst` at once, refilled at `perSecond`. */
  rate: { burst: number; perSecond: number };
  /** Frames refused in a row before the connection is closed (4429). */
  maxRefusedInARow: number;
  /** Ping interval; a socket that has not answered the previous ping is terminated. */
  heartbeatMs: number;
  /** Time to send the auth frame. */
  authTimeoutMs: number;
  /** Messages replayed per page on resume and gap filling. */
  replayPage: number;
}

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  maxBufferedBytes: 1024 * 1024,
  rate: { burst: 30, perSecond: 10 },
  maxRefusedInARow: 30,
  heartbeatMs: 30_000,
  authTimeoutMs: 10_000,
  replayPage: 200,
};

/** The part of a ws socket the hub uses (tests pass a fake one). */
export type HubSocket = Pick<
  WebSocket,
  'send' | 'close' | 'terminate' | 'ping' | 'bufferedAmount' | 'readyState' | 'on'
>;

interface Connection {
  socket: HubSocket;
  user: RoomUser | null;
  /** The session token it signed in with, checked again at every heartbeat (sign-out ends it). */
  token: string | null;
  rooms: Set<string>;
  /** Per room, the seq of the last message this socket was given. */
  cursors: Map<string, number>;
  /** Room work for this socket runs one step at a time, in order. */
  chain: Promise<void>;
  tokens: number;
  refilledAt: number;
  refusedInARow: number;
  alive: boolean;
  lastTyping: Map<string, number>;
  /** clientIds of this socket's sends not yet acknowledged. */
  pending: Set<string>;
  closed: boolean;
}

const OPEN = 1;

/**
 * The sockets one replica holds, by user and by room. Every room event from any replica (through
 * the broadcaster) reaches `handle`; the hub gives each socket its messages once and in seq order,
 * reading any gap back from the database.
 */
export function createRoomsHub(deps: {
  rooms: RoomsRepository;
  service: RoomsService;
  authenticate: (token: string) => Promise<RoomUser>;
  options?: Partial<HubOptions>;
  onError?: (error: unknown, message: string) => void;
  now?: () => number;
}) {
  const options = { ...DEFAULT_HUB_OPTIONS, ...deps.options };
  const now = deps.now ?? Date.now;
  const byUser = new Map<string, Set<Connection>>();
  const byRoom = new Map<string, Set<Connection>>();
  const all = new Set<Connection>();

  function index(map: Map<string, Set<Connection>>, key: string, conn: Connection) {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(conn);
  }
  function unindex(map: Map<string, Set<Connection>>, key: string, conn: Connection) {
    const set = map.get(key);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) map.delete(key);
  }

  function close(conn: Connection, code: number, reason: string) {
    if (conn.closed) return;
    forget(conn);
    try {
      conn.socket.close(code, reason);
    } catch {
      conn.socket.terminate();
    }
    // A peer that does not answer the close handshake is cut.
    setTimeout(() => conn.socket.terminate(), 2_000).unref();
  }

  function forget(conn: Connection) {
    conn.closed = true;
    all.delete(conn);
    if (conn.user) unindex(byUser, conn.user.id, conn);
    for (const roomId of conn.rooms) unindex(byRoom, roomId, conn);
    conn.rooms.clear();
  }

  /** Sends unless the socket is too far behind: then it is closed, and resumes when it reconnects. */
  function send(conn: Connection, frame: ServerFrame): boolean {
    if (conn.closed || conn.socket.readyState !== OPEN) return false;
    if (conn.socket.bufferedAmount > options.maxBufferedBytes) {
      close(conn, WS_CLOSE.slowConsumer, 'Conexão lenta demais; reconecte.');
      return false;
    }
    conn.socket.send(JSON.stringify(frame));
    return true;
  }

  function enqueue(conn: Connection, step: () => Promise<void>) {
    conn.chain = conn.chain.then(step).catch((error: unknown) => {
      deps.onError?.(error, 'socket step failed');
    });
  }

  /** Gives `conn` the messages after its cursor up to and including `upTo` (all when undefined). */
  async function catchUp(conn: Connection, roomId: string, from: number, upTo?: number) {
    let cursor = from;
    for (;;) {
      const wanted =
        upTo === undefined ? options.replayPage : Math.min(options.replayPage, upTo - cursor);
      if (wanted <= 0) break;
      const page = await deps.rooms.messagesAfter(roomId, cursor, wanted);
      for (const message of page) {
        if (!conn.rooms.has(roomId) || !send(conn, { type: 'message', roomId, message })) return;
        cursor = message.seq;
        conn.cursors.set(roomId, cursor);
      }
      if (page.length < wanted) break;
    }
  }

  /** Delivers message `seq` of a room to one socket: once, in order, filling any gap first. */
  async function deliver(
    conn: Connection,
    roomId: string,
    seq: number,
    message?: RoomMessage,
    ack?: string,
  ) {
    if (!conn.rooms.has(roomId)) return;
    const cursor = conn.cursors.get(roomId);
    if (cursor !== undefined && seq <= cursor) {
      if (ack && message) send(conn, { type: 'ack', clientId: ack, message });
      return;
    }
    if (cursor !== undefined && seq > cursor + 1) await catchUp(conn, roomId, cursor, seq - 1);
    const full = message ?? (await deps.rooms.messageAt(roomId, seq));
    if (!full) return;
    const sent = ack
      ? send(conn, { type: 'ack', clientId: ack, message: full })
      : send(conn, { type: 'message', roomId, message: full });
    if (sent) conn.cursors.set(roomId, seq);
  }

  function joinRoom(conn: Connection, roomId: string) {
    conn.rooms.add(roomId);
    index(byRoom, roomId, conn);
  }

  function leaveRoom(conn: Connection, roomId: string) {
    conn.rooms.delete(roomId);
    conn.cursors.delete(roomId);
    unindex(byRoom, roomId, conn);
  }

  /** An announcement from any replica. */
  function handle(event: RoomEvent) {
    switch (event.k) {
      case 'msg':
        for (const conn of byRoom.get(event.roomId) ?? [])
          enqueue(conn, () => {
            // The sending socket gets its own message as the ack, not a second time.
            const ack =
              event.clientId &&
              conn.user?.id === event.senderId &&
              conn.pending.delete(event.clientId)
                ? event.clientId
                : undefined;
            return deliver(conn, event.roomId, event.seq, event.message, ack);
          });
        return;
      case 'typing':
        for (const conn of byRoom.get(event.roomId) ?? [])
          if (conn.user?.id !== event.userId)
            send(conn, {
              type: 'typing',
              roomId: event.roomId,
              userId: event.userId,
              name: event.name,
            });
        return;
      case 'read':
        for (const conn of byRoom.get(event.roomId) ?? [])
          send(conn, { type: 'read', roomId: event.roomId, userId: event.userId, seq: event.seq });
        return;
      case 'delta':
        for (const conn of byRoom.get(event.roomId) ?? [])
          send(conn, {
            type: 'assistant-delta',
            roomId: event.roomId,
            replyTo: event.replyTo,
            text: event.text,
          });
        return;
      case 'assistant-error':
        for (const conn of byRoom.get(event.roomId) ?? [])
          send(conn, {
            type: 'assistant-error',
            roomId: event.roomId,
            replyTo: event.replyTo,
            message: event.message,
          });
        return;
      case 'members': {
        for (const userId of event.removed)
          for (const conn of byUser.get(userId) ?? []) {
            leaveRoom(conn, event.roomId);
            send(conn, { type: 'room-removed', roomId: event.roomId });
          }
        for (const userId of event.added)
          for (const conn of byUser.get(userId) ?? []) joinRoom(conn, event.roomId);
        for (const conn of byRoom.get(event.roomId) ?? [])
          send(conn, { type: 'members', roomId: event.roomId });
        return;
      }
      case 'user-removed':
        for (const conn of [...(byUser.get(event.userId) ?? [])])
          close(conn, WS_CLOSE.forbidden, 'Você não faz mais parte desta equipe.');
        return;
    }
  }

  function allowFrame(conn: Connection): boolean {
    const t = now();
    conn.tokens = Math.min(
      options.rate.burst,
      conn.tokens + ((t - conn.refilledAt) / 1000) * options.rate.perSecond,
    );
    conn.refilledAt = t;
    if (conn.tokens >= 1) {
      conn.tokens -= 1;
      conn.refusedInARow = 0;
      return true;
    }
    if (++conn.refusedInARow >= options.maxRefusedInARow)
      close(conn, WS_CLOSE.rateLimited, 'Mensagens demais; aguarde e reconecte.');
    else
      send(conn, {
        type: 'error',
        code: 'RATE_LIMITED',
        message: 'Muitas mensagens. Aguarde um instante e tente novamente.',
      });
    return false;
  }

  function errorFrame(error: unknown, clientId?: string): ServerFrame {
    if (error instanceof AppError && error.status < 500)
      return {
        type: 'error',
        code: error.code,
        message: error.message,
        ...(clientId ? { clientId } : {}),
      };
    return {
      type: 'error',
      code: 'INTERNAL_ERROR',
      message: 'Ocorreu um erro inesperado. Tente novamente mais tarde.',
      ...(clientId ? { clientId } : {}),
    };
  }

  async function authenticate(conn: Connection, token: string) {
    let user: RoomUser;
    try {
      user = await deps.authenticate(token);
    } catch {
      close(conn, WS_CLOSE.unauthenticated, 'Sessão inválida ou expirada.');
      return;
    }
    if (conn.closed) return;
    conn.user = user;
    conn.token = token;
    index(byUser, user.id, conn);
    // Each room's cursor starts at its newest message when the socket signs in: what comes after
    // is delivered in seq order even when announcements from several replicas arrive out of order
    // (without a cursor, seq 2 arriving before seq 1 would hide seq 1). Messages stored between
    // the first read and the subscription are read back before "ready".
    const before = await deps.rooms.lastSeqsOf(user.id);
    if (conn.closed) return;
    for (const [roomId, seq] of before) {
      joinRoom(conn, roomId);
      conn.cursors.set(roomId, seq);
    }
    const after = await deps.rooms.lastSeqsOf(user.id);
    send(conn, { type: 'ready', userId: user.id });
    for (const [roomId, seq] of after) {
      const from = before.get(roomId);
      if (from !== undefined && seq > from) await catchUp(conn, roomId, from, seq);
    }
  }

  async function onFrame(conn: Connection, frame: ClientFrame) {
    const user = conn.user!;
    switch (frame.type) {
      case 'auth':
        return;
      case 'ping':
        send(conn, { type: 'pong' });
        return;
      case 'typing': {
        if (!conn.rooms.has(frame.roomId)) return;
        const last = conn.lastTyping.get(frame.roomId) ?? 0;
        if (now() - last < 2_000) return;
        conn.lastTyping.set(frame.roomId, now());
        await deps.service.typing(user, frame.roomId);
        return;
      }
      case 'read':
        await deps.service.markRead(user, frame.roomId, frame.seq);
        return;
      case 'send': {
        conn.pending.add(frame.clientId);
        let message: RoomMessage;
        try {
          ({ message } = await deps.service.send(
            user,
            frame.roomId,
            frame.content,
            frame.clientId,
          ));
        } catch (error) {
          conn.pending.delete(frame.clientId);
          throw error;
        }
        enqueue(conn, async () => {
          // Already acknowledged when its announcement came first.
          if (!conn.pending.delete(frame.clientId)) return;
          // The room may have been joined on another replica a moment ago.
          if (!conn.rooms.has(frame.roomId)) joinRoom(conn, frame.roomId);
          await deliver(conn, frame.roomId, message.seq, message, frame.clientId);
        });
        return;
      }
      case 'resume': {
        // Membership is checked against the database: a room joined on another replica counts.
        await deps.service.roomFor(user.id, frame.roomId);
        enqueue(conn, async () => {
          if (!conn.rooms.has(frame.roomId)) joinRoom(conn, frame.roomId);
          // The client says what it has: everything after it is replayed, in order.
          conn.cursors.set(frame.roomId, frame.after);
          await catchUp(conn, frame.roomId, frame.after);
          send(conn, {
            type: 'resumed',
            roomId: frame.roomId,
            lastSeq: conn.cursors.get(frame.roomId) ?? frame.after,
          });
        });
        return;
      }
    }
  }

  /** Takes a freshly upgraded socket: it must authenticate with its first frame. */
  function accept(socket: HubSocket) {
    const conn: Connection = {
      socket,
      user: null,
      token: null,
      rooms: new Set(),
      cursors: new Map(),
      chain: Promise.resolve(),
      tokens: options.rate.burst,
      refilledAt: now(),
      refusedInARow: 0,
      alive: true,
      lastTyping: new Map(),
      pending: new Set(),
      closed: false,
    };
    all.add(conn);
    const authTimer = setTimeout(() => {
      if (!conn.user) close(conn, WS_CLOSE.unauthenticated, 'Autentique-se com o primeiro quadro.');
    }, options.authTimeoutMs);
    authTimer.unref();
    let authStarted = false;

    socket.on('pong', () => {
      conn.alive = true;
    });
    socket.on('close', () => {
      clearTimeout(authTimer);
      forget(conn);
    });
    socket.on('error', () => forget(conn));
    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      if (conn.closed) return;
      let frame: ClientFrame;
      try {
        if (isBinary) throw new Error('binary');
        const text = Array.isArray(data)
          ? Buffer.concat(data).toString()
          : Buffer.from(data as ArrayBuffer).toString();
        const parsed = ClientFrameSchema.safeParse(JSON.parse(text));
        if (!parsed.success) throw new Error('invalid');
        frame = parsed.data;
      } catch {
        if (!authStarted)
          return close(conn, WS_CLOSE.unauthenticated, 'Autentique-se com o primeiro quadro.');
        send(conn, { type: 'error', code: 'INVALID_FRAME', message: 'Quadro inválido.' });
        return;
      }
      if (!authStarted) {
        if (frame.type !== 'auth')
          return close(conn, WS_CLOSE.unauthenticated, 'Autentique-se com o primeiro quadro.');
        authStarted = true;
        clearTimeout(authTimer);
        enqueue(conn, () => authenticate(conn, frame.token));
        return;
      }
      if (!allowFrame(conn)) return;
      // Frames wait for authentication to finish; sends then run as they come.
      enqueue(conn, async () => {
        if (!conn.user || conn.closed) return;
        try {
          await onFrame(conn, frame);
        } catch (error) {
          if (!(error instanceof AppError)) deps.onError?.(error, 'socket frame failed');
          send(conn, errorFrame(error, frame.type === 'send' ? frame.clientId : undefined));
        }
      });
    });
  }

  const heartbeat = setInterval(() => {
    for (const conn of all) {
      if (!conn.alive) {
        forget(conn);
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      try {
        conn.socket.ping();
      } catch {
        // Closed meanwhile.
      }
      if (conn.token)
        deps.authenticate(conn.token).catch((error: unknown) => {
          // A session signed out or expired ends its sockets; a database hiccup does not.
          if (error instanceof AppError && error.status === 401)
            close(conn, WS_CLOSE.unauthenticated, 'Sessão encerrada.');
        });
    }
  }, options.heartbeatMs);
  heartbeat.unref();

  return {
    accept,
    handle,
    /** Resync after the broadcaster lost its connection: every socket catches up from its cursors. */
    resync() {
      for (const conn of all)
        for (const [roomId, cursor] of conn.cursors)
          enqueue(conn, () => catchUp(conn, roomId, cursor));
    },
    /** Open sockets (tests, bench). */
    size: () => all.size,
    closeAll(code = 1001, reason = 'O servidor está reiniciando.') {
      clearInterval(heartbeat);
      for (const conn of [...all]) close(conn, code, reason);
    },
  };
}

export type RoomsHub = ReturnType<typeof createRoomsHub>;
