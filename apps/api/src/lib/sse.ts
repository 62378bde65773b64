import { ERRORS } from '@normas/contracts/errors';
import type { FastifyReply } from 'fastify';
import { AppError } from './app-error';
import { ServerStoppingError } from './lifecycle';

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
 * keeps idle connections open while an engine thinks. The stream counts as in flight for a graceful
 * shutdown until it ends; the shutdown may abort it with a ServerStoppingError.
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
  const untrack = reply.server.ctx?.lifecycle.trackStream(controller);
  const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  let ended = false;
  raw.on('close', () => {
    clearInterval(heartbeat);
    if (!ended) controller.abort(new DOMException('O cliente desconectou.', 'AbortError'));
    untrack?.();
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
      untrack?.();
    },
  };
}

/**
 * Streams one answer: "delta" {text} for each chunk the engine produces, then "done" with the
 * result, or "error" {code, message} in pt-BR when it fails — nothing when the client has gone.
 */
export async function streamAnswer<T>(
  reply: FastifyReply,
  produce: (options: { signal: AbortSignal; onDelta: (text: string) => void }) => Promise<T>,
): Promise<void> {
  const stream = openEventStream(reply);
  try {
    const result = await produce({
      signal: stream.signal,
      onDelta: (text) => stream.send('delta', { text }),
    });
    stream.send('done', result);
  } catch (error) {
    if (stream.signal.reason instanceof ServerStoppingError) {
      stream.send('error', { code: 'SERVER_STOPPING', message: ERRORS.SERVER_STOPPING.message });
    } else if (!stream.signal.aborted) {
      const known = error instanceof AppError ? error : new AppError('ANSWER_FAILED');
      stream.send('error', {
        code: known.code,
        message: known.message || ERRORS.ANSWER_FAILED.message,
      });
    }
  } finally {
    stream.end();
  }
}
