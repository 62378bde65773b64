import type { FastifyReply } from 'fastify';

const HEARTBEAT_MS = 15_000;

export interface EventStream {
  send(event: string, data: unknown): void;
  end(): void;
  /** Aborted when the client disconnects before `end`. */
  readonly signal: AbortSignal;
}

/**
 * Takes the response over from Fastify and opens a Server-Sent Events stream. Headers already set by
 * hooks (helmet, CORS, request id) are kept; proxies are asked not to buffer; a comment line every 15 s
 * keeps idle connections open while an engine thinks.
 */
export function openEventStream(reply: FastifyReply): EventStream {
  reply.hijack();
  const raw = reply.raw;
  const controller = new AbortController();
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string | string[] | number>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.flushHeaders();
  const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  let ended = false;
  raw.on('close', () => {
    clearInterval(heartbeat);
    if (!ended) controller.abort(new DOMException('O cliente desconectou.', 'AbortError'));
  });
  return {
    signal: controller.signal,
    send(event, data) {
      if (ended || raw.destroyed) return;
      raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      raw.end();
    },
  };
}
