import { vi } from 'vitest';

const STREAM_PATH = '/api/v1/regulation/question/stream';

/** A Server-Sent Events answer the test writes to event by event. */
export function fakeEventStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, {
      status: 200,
      headers: { 'content-type': 'text/event-stream; charset=utf-8' },
    }),
    send(event: string, data: unknown) {
      controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    close() {
      controller.close();
    },
  };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export interface StreamCall {
  body: unknown;
  headers: Headers;
}

/**
 * Answers POST /regulation/question/stream with `reply` and every other call with the fake API
 * already installed (call after `installFakeApi`).
 */
export function routeQuestionStream(reply: (call: StreamCall) => Response | Promise<Response>) {
  const inner = globalThis.fetch;
  const calls: StreamCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.href);
    if (url.pathname !== STREAM_PATH || init.method !== 'POST') return inner(input, init);
    const call = { body: JSON.parse(String(init.body)), headers: new Headers(init.headers) };
    calls.push(call);
    return reply(call);
  });
  return calls;
}
