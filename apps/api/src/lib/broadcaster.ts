import type { Config } from '../config';
import type { Database } from '../db/client';

/**
 * Announcements between the API processes that share one database: "a room has a new message",
 * "the corpus changed". Every process, the publisher included, receives every announcement of a topic
 * it subscribed to, in the order they were published. Announcements are not stored: the state they
 * announce is written first (in the database), and a subscriber that missed some (a lost
 * connection, see `onResync`) looks at that state again.
 */
export interface Broadcaster {
  /** Announces `payload` (JSON, at most MAX_PAYLOAD_BYTES) on `topic`. */
  publish(topic: string, payload: unknown): Promise<void>;
  /** Resolves once announcements on `topic` reach `handler`; returns the unsubscribe. */
  subscribe(topic: string, handler: (payload: unknown) => void): Promise<() => void>;
  /**
   * Runs `handler` after the transport lost its connection and regained it: announcements of the
   * gap are lost, so state derived from them must be refreshed.
   */
  onResync(handler: () => void): () => void;
  close(): Promise<void>;
}

/** PostgreSQL's NOTIFY payload limit is 8000 bytes; the envelope needs a little of it. */
export const MAX_PAYLOAD_BYTES = 7_500;

/** The one PostgreSQL channel / Redis channel every topic travels on. */
export const CHANNEL = 'normas_events';

interface Envelope {
  t: string;
  p: unknown;
}

/** What a transport must do: carry strings on one channel, to every process, in order. */
interface Transport {
  send(message: string): Promise<void>;
  start(onMessage: (message: string) => void): Promise<void>;
  onReconnect(handler: () => void): () => void;
  close(): Promise<void>;
}

export class PayloadTooLargeError extends Error {
  constructor(topic: string, bytes: number) {
    super(
      `Announcement on "${topic}" has ${bytes} bytes (limit ${MAX_PAYLOAD_BYTES}): announce ids, not content.`,
    );
    this.name = 'PayloadTooLargeError';
  }
}

function createBroadcaster(transport: Transport): Broadcaster {
  const topics = new Map<string, Set<(payload: unknown) => void>>();
  let started: Promise<void> | undefined;
  let closed = false;

  function deliver(message: string) {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch {
      return;
    }
    for (const handler of topics.get(envelope.t) ?? []) {
      try {
        handler(envelope.p);
      } catch {
        // One subscriber's failure must not keep the announcement from the others.
      }
    }
  }

  return {
    async publish(topic, payload) {
      if (closed) throw new Error('Broadcaster is closed.');
      const message = JSON.stringify({ t: topic, p: payload } satisfies Envelope);
      const bytes = Buffer.byteLength(message);
      if (bytes > MAX_PAYLOAD_BYTES) throw new PayloadTooLargeError(topic, bytes);
      await transport.send(message);
    },
    async subscribe(topic, handler) {
      let handlers = topics.get(topic);
      if (!handlers) topics.set(topic, (handlers = new Set()));
      handlers.add(handler);
      started ??= transport.start(deliver);
      await started;
      return () => {
        handlers.delete(handler);
        if (handlers.size === 0 && topics.get(topic) === handlers) topics.delete(topic);
      };
    },
    onResync: (handler) => transport.onReconnect(handler),
    async close() {
      closed = true;
      topics.clear();
      await transport.close();
    },
  };
}

/** LISTEN/NOTIFY on the app's database: across replicas on PostgreSQL, in-process on PGlite. */
export function createDatabaseBroadcaster(database: Database): Broadcaster {
  const notifications = database.notifications;
  let unlisten: (() => Promise<void>) | undefined;
  return createBroadcaster({
    send: (message) => notifications.notify(CHANNEL, message),
    async start(onMessage) {
      unlisten = await notifications.listen(CHANNEL, onMessage);
    },
    onReconnect: (handler) => notifications.onReconnect(handler),
    // The database itself belongs to the app (and may already be closed); only this LISTEN is ours.
    close: async () => unlisten?.().catch(() => {}),
  });
}

/** Redis pub/sub (REDIS_URL): the same announcements without touching the database. */
export function createRedisBroadcaster(url: string, name = 'normas'): Broadcaster {
  const reconnectHandlers = new Set<() => void>();
  // ioredis loads only when Redis is configured: the default start does without it.
  const clients = import('ioredis').then(({ Redis }) => {
    const publisher = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 2,
      connectionName: `${name}-pub`,
    });
    // A connection in subscriber mode cannot publish: each role has its own.
    const subscriber = new Redis(url, { lazyConnect: true, connectionName: `${name}-sub` });
    let readyOnce = false;
    subscriber.on('ready', () => {
      // ioredis subscribes again by itself after a reconnect; what was published meanwhile is gone.
      if (readyOnce) for (const handler of reconnectHandlers) handler();
      readyOnce = true;
    });
    // Errors surface through failed commands; an unhandled 'error' event would crash the process.
    publisher.on('error', () => {});
    subscriber.on('error', () => {});
    return { publisher, subscriber };
  });
  // A failure to load surfaces in the call that needs the clients, not as an unhandled rejection.
  clients.catch(() => {});
  return createBroadcaster({
    async send(message) {
      await (await clients).publisher.publish(CHANNEL, message);
    },
    async start(onMessage) {
      const { subscriber } = await clients;
      subscriber.on('message', (_channel: string, message: string) => onMessage(message));
      await subscriber.subscribe(CHANNEL);
    },
    onReconnect(handler) {
      reconnectHandlers.add(handler);
      return () => reconnectHandlers.delete(handler);
    },
    async close() {
      const { subscriber, publisher } = await clients;
      subscriber.disconnect();
      publisher.disconnect();
    },
  });
}

/** Redis pub/sub when REDIS_URL is set, otherwise LISTEN/NOTIFY on the app's database. */
export function createBroadcasterFor(config: Config, database: Database): Broadcaster {
  return config.redisUrl
    ? createRedisBroadcaster(config.redisUrl)
    : createDatabaseBroadcaster(database);
}
