import { vi } from 'vitest';

/** What a fake endpoint answers: a status and a JSON body, or a network failure. */
export type FakeReply = { status?: number; body?: unknown } | 'network-error';

export interface FakeRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Handler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

/**
 * A fake server behind `fetch`: tests declare answers per "METHOD /path?query" and read back
 * the requests the app made. Unknown routes answer 404 like the real API.
 */
export function installFakeApi() {
  const handlers = new Map<string, Handler>();
  const requests: FakeRequest[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.href);
    const method = (init.method ?? 'GET').toUpperCase();
    const path = `${url.pathname}${url.search}`;
    const request: FakeRequest = {
      method,
      path,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const handler = handlers.get(`${method} ${path}`) ?? handlers.get(`${method} ${url.pathname}`);
    const reply: FakeReply = handler
      ? await handler(request)
      : { status: 404, body: { code: 'ROUTE_NOT_FOUND', message: 'Rota da API não encontrada.' } };
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    /** Declares the answer for a route, e.g. `on('GET /api/v1/auth/me', { body: user })`. */
    on(route: string, reply: FakeReply | Handler) {
      handlers.set(route, typeof reply === 'function' ? reply : () => reply);
    },
    /** Like `on`, unless the test already declared that route. */
    onDefault(route: string, reply: FakeReply) {
      if (!handlers.has(route)) handlers.set(route, () => reply);
    },
    /** An answer the test releases later, to observe loading states. */
    deferred(route: string) {
      let release: (reply: FakeReply) => void = () => undefined;
      const pending = new Promise<FakeReply>((resolve) => {
        release = resolve;
      });
      handlers.set(route, () => pending);
      return (reply: FakeReply) => release(reply);
    },
    requests,
    requestsTo(route: string) {
      return requests.filter((request) => `${request.method} ${request.path}` === route);
    },
  };
}

export type FakeApi = ReturnType<typeof installFakeApi>;
