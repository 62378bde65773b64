import type { ServerFrame } from '@normas/contracts/rooms';
import { API_BASE } from '@normas/contracts/constants';
import { readToken } from '../../lib/stored-session';

export type SocketStatus = 'connecting' | 'online' | 'reconnecting' | 'closed';

type Listener = (frame: ServerFrame) => void;

const MAX_BACKOFF_MS = 10_000;
const PING_MS = 25_000;

/** Close codes after which reconnecting would not help (signed out, removed from the team). */
const FINAL_CODES = new Set([4401, 4403]);

/**
 * The one live connection of the team screens (/api/v1/chat/ws). It signs in with its first frame,
 * reconnects by itself with growing pauses, and on every (re)connection asks each watched room for
 * the messages after the last one it has, so nothing is missed and nothing is repeated.
 */
export class TeamSocket {
  private ws: WebSocket | null = null;
  private listeners = new Set<Listener>();
  private statusListeners = new Set<(s: SocketStatus) => void>();
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pinger: ReturnType<typeof setInterval> | undefined;
  private stopped = false;
  /** Rooms on screen, with how to read the seq of their last message. */
  private watched = new Map<string, () => number>();
  /** Sends not acknowledged yet, sent again after a reconnection (the server keeps one per clientId). */
  private outbox = new Map<string, { roomId: string; content: string }>();
  status: SocketStatus = 'connecting';
  closeCode: number | null = null;

  constructor(private readonly url: string) {}

  start() {
    this.stopped = false;
    this.connect();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    this.ws?.close(1000);
    this.ws = null;
    this.setStatus('closed');
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onStatus(listener: (s: SocketStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Keeps a room up to date: resumed after `lastSeq()` now (when online) and after each reconnection. */
  watch(roomId: string, lastSeq: () => number): () => void {
    this.watched.set(roomId, lastSeq);
    if (this.status === 'online') this.raw({ type: 'resume', roomId, after: lastSeq() });
    return () => {
      if (this.watched.get(roomId) === lastSeq) this.watched.delete(roomId);
    };
  }

  sendMessage(roomId: string, content: string, clientId: string) {
    this.outbox.set(clientId, { roomId, content });
    if (this.status === 'online') this.raw({ type: 'send', roomId, content, clientId });
  }

  typing(roomId: string) {
    if (this.status === 'online') this.raw({ type: 'typing', roomId });
  }

  read(roomId: string, seq: number) {
    if (this.status === 'online') this.raw({ type: 'read', roomId, seq });
  }

  private raw(frame: unknown) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  private setStatus(status: SocketStatus) {
    this.status = status;
    for (const l of this.statusListeners) l(status);
  }

  private connect() {
    const token = readToken();
    if (!token || this.stopped) return this.setStatus('closed');
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }));
    ws.onmessage = (event) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as ServerFrame;
      } catch {
        return;
      }
      if (frame.type === 'ready') {
        this.attempts = 0;
        this.closeCode = null;
        this.setStatus('online');
        for (const [roomId, lastSeq] of this.watched)
          this.raw({ type: 'resume', roomId, after: lastSeq() });
        for (const [clientId, { roomId, content }] of this.outbox)
          this.raw({ type: 'send', roomId, content, clientId });
        clearInterval(this.pinger);
        this.pinger = setInterval(() => this.raw({ type: 'ping' }), PING_MS);
      }
      if (frame.type === 'ack') this.outbox.delete(frame.clientId);
      if (frame.type === 'error' && frame.clientId) this.outbox.delete(frame.clientId);
      for (const l of this.listeners) l(frame);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      clearInterval(this.pinger);
      this.ws = null;
      this.closeCode = event.code;
      if (this.stopped || FINAL_CODES.has(event.code)) return this.setStatus('closed');
      this.setStatus('reconnecting');
      const backoff = Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.attempts++);
      this.timer = setTimeout(() => this.connect(), backoff * (0.75 + Math.random() * 0.5));
    };
  }
}

let shared: TeamSocket | null = null;
let users = 0;
let stopTimer: ReturnType<typeof setTimeout> | undefined;

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${API_BASE}/chat/ws`;
}

/** The tab's socket, opened by the first team screen and closed a moment after the last one leaves. */
export function acquireTeamSocket(): { socket: TeamSocket; release: () => void } {
  clearTimeout(stopTimer);
  if (!shared || shared.status === 'closed') {
    shared?.stop();
    shared = new TeamSocket(socketUrl());
    shared.start();
  }
  users += 1;
  const socket = shared;
  let released = false;
  return {
    socket,
    release() {
      if (released) return;
      released = true;
      users -= 1;
      if (users > 0) return;
      stopTimer = setTimeout(() => {
        if (users === 0 && shared === socket) {
          socket.stop();
          shared = null;
        }
      }, 5_000);
    },
  };
}

/** Closes the tab's socket at once (sign-out, tests). */
export function closeTeamSocket(): void {
  clearTimeout(stopTimer);
  shared?.stop();
  shared = null;
  users = 0;
}
