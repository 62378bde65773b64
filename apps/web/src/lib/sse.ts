import { API_BASE } from '@normas/contracts/constants';
import type { ZodType } from 'zod';
import { ApiError } from './api-client';
import { readToken } from './stored-session';

/** A failed call whose JSON body carries more than `{code, message}` (e.g. a 429 with usage and resetAt). */
export class ApiBodyError extends ApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    fromServer: boolean,
    readonly body: unknown,
  ) {
    super(status, code, message, fromServer);
  }
}

export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * Incremental Server-Sent Events parser (the subset the API sends: `event`, `data`, comments).
 * Chunks may split lines anywhere; an event is complete at its blank line.
 */
export function createEventParser() {
  let buffer = '';
  let event = '';
  let data: string[] = [];

  function line(text: string, out: ServerSentEvent[]) {
    if (text === '') {
      if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }

  return {
    push(chunk: string): ServerSentEvent[] {
      buffer += chunk;
      const out: ServerSentEvent[] = [];
      let end = buffer.indexOf('\n');
      while (end !== -1) {
        line(buffer.slice(0, end).replace(/\r$/, ''), out);
        buffer = buffer.slice(end + 1);
        end = buffer.indexOf('\n');
      }
      return out;
    },
  };
}

const NETWORK_MESSAGE = 'Não foi possível conectar ao servidor. Verifique sua conexão.';
const INTERRUPTED_MESSAGE = 'A resposta foi interrompida antes do fim.';
const UNEXPECTED_MESSAGE = 'O servidor enviou uma resposta inesperada.';

export interface EventStreamOptions<T> {
  body: unknown;
  /** Shape of the `done` event's payload. */
  schema: ZodType<T>;
  onDelta: (text: string) => void;
  signal?: AbortSignal;
}

/**
 * POSTs JSON and reads the answer as Server-Sent Events (EventSource cannot POST): `delta` {text}
 * events go to `onDelta`, `done` resolves with its payload, `error` {code, message} rejects.
 * A non-2xx answer before the stream starts rejects with an ApiBodyError holding the JSON body.
 */
export async function postEventStream<T>(path: string, options: EventStreamOptions<T>): Promise<T> {
  const token = readToken();
  const headers: Record<string, string> = {
    Accept: 'text/event-stream',
    'Content-Type': 'application/json',
  };
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_MESSAGE, false);
  }

  if (!response.ok || !response.body) throw await toBodyError(response);

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = createEventParser();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const event of parser.push(decoder.decode(value, { stream: true }))) {
        const result = handle(event, options);
        if (result) return result.value;
      }
    }
  } catch (error) {
    if (options.signal?.aborted || error instanceof ApiError) throw error;
    throw new ApiError(0, 'STREAM_INTERRUPTED', INTERRUPTED_MESSAGE, false);
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  throw new ApiError(0, 'STREAM_INTERRUPTED', INTERRUPTED_MESSAGE, false);
}

function handle<T>(event: ServerSentEvent, options: EventStreamOptions<T>): { value: T } | null {
  const payload = parseJson(event.data);
  if (event.event === 'delta') {
    const text = (payload as { text?: unknown } | undefined)?.text;
    if (typeof text === 'string') options.onDelta(text);
    return null;
  }
  if (event.event === 'done') {
    const parsed = options.schema.safeParse(payload);
    if (!parsed.success) throw new ApiError(200, 'INVALID_RESPONSE', UNEXPECTED_MESSAGE, false);
    return { value: parsed.data };
  }
  if (event.event === 'error') {
    const { code, message } = (payload ?? {}) as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && typeof message === 'string' && message.trim() !== '')
      throw new ApiBodyError(200, code, message, true, payload);
    throw new ApiError(200, 'UNKNOWN_ERROR', UNEXPECTED_MESSAGE, false);
  }
  return null;
}

async function toBodyError(response: Response): Promise<ApiBodyError> {
  const payload = parseJson(await response.text().catch(() => ''));
  const { code, message } = (payload ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && typeof message === 'string' && message.trim() !== '')
    return new ApiBodyError(response.status, code, message, true, payload);
  return new ApiBodyError(response.status, 'UNKNOWN_ERROR', UNEXPECTED_MESSAGE, false, payload);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
