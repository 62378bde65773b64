import type { RoomMessage, ServerFrame } from '@normas/contracts/rooms';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { getMessagesAfter } from './team-api';
import { acquireTeamSocket, type SocketStatus, type TeamSocket } from './team-socket';

/** The tab's team socket while the calling screen is shown. */
export function useTeamSocket(): TeamSocket {
  const [held] = useState(() => acquireTeamSocket());
  useEffect(() => () => held.release(), [held]);
  return held.socket;
}

export function useSocketStatus(socket: TeamSocket): SocketStatus {
  return useSyncExternalStore(
    (notify) => socket.onStatus(notify),
    () => socket.status,
  );
}

export interface PendingMessage {
  clientId: string;
  content: string;
}

const TYPING_MS = 4_000;

function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Inserts messages by seq, each once. */
function merge(list: RoomMessage[], incoming: RoomMessage[]): RoomMessage[] {
  const bySeq = new Map(list.map((m) => [m.seq, m]));
  for (const m of incoming) bySeq.set(m.seq, m);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * One room, live: its messages in seq order (history, then pushes; a gap is read back), the
 * assistant's answer as it streams, who is typing, and sending with a clientId so that a send
 * retried after a reconnection is stored once.
 */
export function useRoom(roomId: string, userId: string, onMembersChanged: () => void) {
  const socket = useTeamSocket();
  const status = useSocketStatus(socket);
  const [messages, setMessages] = useState<RoomMessage[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState(false);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [streaming, setStreaming] = useState<Map<number, string>>(new Map());
  const [assistantError, setAssistantError] = useState<string | null>(null);
  const [typing, setTyping] = useState<Map<string, { name: string; until: number }>>(new Map());
  const [removed, setRemoved] = useState(false);
  const lastSeq = useRef(0);
  const filling = useRef(false);
  const membersChanged = useRef(onMembersChanged);
  useEffect(() => {
    membersChanged.current = onMembersChanged;
  });

  const add = useCallback((incoming: RoomMessage[]) => {
    if (incoming.length === 0) return;
    setMessages((list) => merge(list, incoming));
    lastSeq.current = Math.max(lastSeq.current, ...incoming.map((m) => m.seq));
    if (incoming.some((m) => m.sender.id === 'assistente')) {
      setStreaming((map) => {
        const next = new Map(map);
        for (const m of incoming) for (const key of next.keys()) if (key < m.seq) next.delete(key);
        return next;
      });
    }
  }, []);

  // The history, then everything after it from the socket.
  useEffect(() => {
    let current = true;
    lastSeq.current = 0;
    setMessages([]);
    setLoaded(false);
    getMessagesAfter(roomId, 0).then(
      (list) => {
        if (!current) return;
        add(list);
        setLoaded(true);
      },
      () => current && setLoadError(true),
    );
    return () => {
      current = false;
    };
  }, [roomId, add]);

  useEffect(() => {
    if (!loaded) return;
    const unwatch = socket.watch(roomId, () => lastSeq.current);
    const fillGap = () => {
      if (filling.current) return;
      filling.current = true;
      getMessagesAfter(roomId, lastSeq.current)
        .then(add, () => undefined)
        .finally(() => (filling.current = false));
    };
    const unsubscribe = socket.subscribe((frame: ServerFrame) => {
      if (!('roomId' in frame) && frame.type !== 'ack') return;
      switch (frame.type) {
        case 'message':
          if (frame.roomId !== roomId) return;
          if (frame.message.seq > lastSeq.current + 1) fillGap();
          add([frame.message]);
          return;
        case 'ack':
          if (frame.message.roomId !== roomId) return;
          setPending((list) => list.filter((p) => p.clientId !== frame.clientId));
          add([frame.message]);
          return;
        case 'assistant-delta':
          if (frame.roomId !== roomId) return;
          setAssistantError(null);
          setStreaming((map) =>
            new Map(map).set(frame.replyTo, (map.get(frame.replyTo) ?? '') + frame.text),
          );
          return;
        case 'assistant-error':
          if (frame.roomId !== roomId) return;
          setStreaming((map) => {
            const next = new Map(map);
            next.delete(frame.replyTo);
            return next;
          });
          setAssistantError(frame.message);
          return;
        case 'typing':
          if (frame.roomId !== roomId || frame.userId === userId) return;
          setTyping((map) =>
            new Map(map).set(frame.userId, { name: frame.name, until: Date.now() + TYPING_MS }),
          );
          return;
        case 'members':
          if (frame.roomId === roomId) membersChanged.current();
          return;
        case 'room-removed':
          if (frame.roomId === roomId) setRemoved(true);
          return;
      }
    });
    return () => {
      unsubscribe();
      unwatch();
    };
  }, [loaded, roomId, socket, add, userId]);

  // A typing notice fades when no new one comes.
  useEffect(() => {
    if (typing.size === 0) return;
    const timer = setTimeout(() => {
      setTyping((map) => new Map([...map].filter(([, t]) => t.until > Date.now())));
    }, 1_000);
    return () => clearTimeout(timer);
  }, [typing]);

  // What is on screen is read.
  const newest = messages.at(-1)?.seq ?? 0;
  useEffect(() => {
    if (newest > 0 && status === 'online') socket.read(roomId, newest);
  }, [newest, status, socket, roomId]);

  const send = useCallback(
    (content: string) => {
      const clientId = newClientId();
      setPending((list) => [...list, { clientId, content }]);
      socket.sendMessage(roomId, content, clientId);
    },
    [socket, roomId],
  );

  const lastTyping = useRef(0);
  const notifyTyping = useCallback(() => {
    if (Date.now() - lastTyping.current < 2_000) return;
    lastTyping.current = Date.now();
    socket.typing(roomId);
  }, [socket, roomId]);

  return {
    status,
    closeCode: socket.closeCode,
    messages,
    loaded,
    loadError,
    pending,
    streaming,
    assistantError,
    typing: [...typing.values()].map((t) => t.name),
    removed,
    send,
    notifyTyping,
  };
}
