import { vi } from 'vitest';
import type { FakeApi, FakeReply } from '../../../test/fake-api';

const STREAM_PATH = /^\/api\/v1\/regulation\/chat\/([^/]+)\/message\/stream$/;

export interface StreamCall {
  chatRef: string;
  body: unknown;
  headers: Headers;
  /** Sends one Server-Sent Event to the page. */
  send: (event: string, data: unknown) => void;
  close: () => void;
}

/**
 * The fake API answers JSON only; this puts a Server-Sent Events answer in front of it for
 * POST /regulation/chat/{id}/message/stream. Each call gets a stream the test writes to, unless
 * `failWith` made the next calls answer a JSON error before any stream starts.
 */
export function installFakeMessageStream(api: FakeApi) {
  const jsonFetch = globalThis.fetch;
  const calls: StreamCall[] = [];
  let failure: FakeReply | null = null;
  const encoder = new TextEncoder();

  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.href);
    const match = STREAM_PATH.exec(url.pathname);
    if (!match || init.method !== 'POST') return jsonFetch(input, init);
    if (failure) {
      if (failure === 'network-error') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(failure.body), {
        status: failure.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    calls.push({
      chatRef: decodeURIComponent(match[1]!),
      body: JSON.parse(String(init.body)),
      headers: new Headers(init.headers),
      send: (event, data) =>
        controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
      close: () => controller.close(),
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });

  return {
    calls,
    api,
    failWith(reply: FakeReply | null) {
      failure = reply;
    },
  };
}
