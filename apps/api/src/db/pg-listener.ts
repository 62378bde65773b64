import type pg from 'pg';

export type Unlisten = () => Promise<void>;

export interface Listener {
  /** Runs `onPayload` for every NOTIFY on `channel` once LISTEN is in place (the promise resolves then). */
  listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten>;
  /**
   * Runs `handler` each time the connection was lost and is back: notifications sent in between were
   * not received, so whoever keeps state from them must look again.
   */
  onReconnect(handler: () => void): () => void;
  close(): Promise<void>;
}

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * LISTEN on PostgreSQL through one dedicated connection (a pooled one would hand LISTEN to whoever
 * borrows it next). When the connection drops it reconnects with backoff, listens again to every
 * channel and tells `onReconnect` handlers.
 */
/** `Client` is pg's, passed in so that pg loads only when a PostgreSQL server is configured. */
export function createPgListener(url: string, Client: typeof pg.Client): Listener {
  const channels = new Map<string, Set<(payload: string) => void>>();
  const reconnectHandlers = new Set<() => void>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  async function open(): Promise<pg.Client> {
    const c = new Client({ connectionString: url });
    c.on('notification', (message) => {
      for (const handler of channels.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    await c.connect();
    for (const channel of channels.keys()) await c.query(`LISTEN ${quoteIdent(channel)}`);
    return c;
  }

  function connection(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= open().then(
      (c) => {
        client = c;
        connecting = undefined;
        retryMs = RETRY_MIN_MS;
        return c;
      },
      (error: unknown) => {
        connecting = undefined;
        throw error;
      },
    );
    return connecting;
  }

  function lost(c: pg.Client) {
    if (client !== c) return;
    client = undefined;
    c.removeAllListeners('notification');
    void c.end().catch(() => {});
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (closed) return;
      connection().then(
        () => {
          for (const handler of reconnectHandlers) handler();
        },
        () => {
          retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
          scheduleReconnect();
        },
      );
    }, retryMs);
    retryTimer.unref();
  }

  return {
    async listen(channel, onPayload) {
      let handlers = channels.get(channel);
      const first = !handlers;
      if (!handlers) channels.set(channel, (handlers = new Set()));
      handlers.add(onPayload);
      const c = await connection();
      if (first && client === c) await c.query(`LISTEN ${quoteIdent(channel)}`);
      return async () => {
        handlers.delete(onPayload);
        if (handlers.size > 0 || channels.get(channel) !== handlers) return;
        channels.delete(channel);
        await client?.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {});
      };
    },
    onReconnect(handler) {
      reconnectHandlers.add(handler);
      return () => reconnectHandlers.delete(handler);
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const c = client ?? (await connecting?.catch(() => undefined));
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
