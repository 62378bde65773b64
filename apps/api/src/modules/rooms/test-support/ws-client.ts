import type { ServerFrame } from '@normas/contracts/rooms';
import WebSocket from 'ws';

export interface TestSocket {
  ws: WebSocket;
  frames: ServerFrame[];
  /** Resolves with the first frame (already received or to come) that matches; rejects after `ms`. */
  next<T extends ServerFrame['type']>(
    type: T,
    match?: (f: Extract<ServerFrame, { type: T }>) => boolean,
    ms?: number,
  ): Promise<Extract<ServerFrame, { type: T }>>;
  /** Frames of a type received so far. */
  all<T extends ServerFrame['type']>(type: T): Extract<ServerFrame, { type: T }>[];
  send(frame: unknown): void;
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

/** A `ws` client on /api/v1/chat/ws that keeps every frame it receives. */
export async function openSocket(
  baseUrl: string,
  options: { token?: string; autoPong?: boolean } = {},
): Promise<TestSocket> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/v1/chat/ws`, {
    autoPong: options.autoPong ?? true,
  });
  const frames: ServerFrame[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as ServerFrame);
    for (const w of waiters) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const socket: TestSocket = {
    ws,
    frames,
    all: (type) => frames.filter((f) => f.type === type) as never,
    next(type, match = () => true, ms = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.find((f) => f.type === type && match(f as never));
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found as never);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no "${type}" frame in ${ms} ms; got ${JSON.stringify(frames).slice(0, 2000)}`,
            ),
          );
        }, ms);
        waiters.add(check);
        check();
      });
    },
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    closed,
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await closed;
    },
  };
  if (options.token) {
    socket.send({ type: 'auth', token: options.token });
    await socket.next('ready');
  }
  return socket;
}
