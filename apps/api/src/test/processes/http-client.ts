import type { LoginResponse } from '@normas/contracts/auth';

/** Signs a user in against a running server, as the browser does in development. */
export async function signInOver(url: string, email: string): Promise<string> {
  const issued = await fetch(`${url}/api/v1/dev-auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, name: email.split('@')[0] }),
  });
  if (issued.status !== 200) throw new Error(`dev-auth/token ${issued.status}`);
  const { idToken } = (await issued.json()) as { idToken: string };
  const login = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken }),
  });
  if (login.status !== 200) throw new Error(`auth/login ${login.status}`);
  return ((await login.json()) as LoginResponse).token;
}

export function authed(token: string, body?: unknown): RequestInit {
  return {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

export interface SseEvent {
  event: string;
  data: unknown;
}

/** Reads a Server-Sent Events answer to its end; `onEvent` sees each event as it arrives. */
export async function readEvents(
  response: Response,
  onEvent: (event: SseEvent) => void = () => {},
): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (!event || data === undefined) continue;
      const parsed = { event, data: JSON.parse(data) as unknown };
      events.push(parsed);
      onEvent(parsed);
    }
  }
  return events;
}
