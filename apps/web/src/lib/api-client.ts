import { API_BASE } from '@normas/contracts/constants';
import type { ZodType } from 'zod';
import { isLazySchema, type SchemaOrLazy } from './lazy-schema';
import { readToken } from './stored-session';

/** A failed call. `fromServer` says whether `message` is the server's own pt-BR text, fit to show. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fromServer: boolean,
  ) {
    super(message);
  }
}

const NETWORK_MESSAGE = 'Não foi possível conectar ao servidor. Verifique sua conexão.';
const UNEXPECTED_MESSAGE = 'O servidor enviou uma resposta inesperada.';

let unauthorizedHandler: (() => void) | null = null;

/** The session registers here so that a 401 from any call signs the user out. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema: SchemaOrLazy<T>;
  signal?: AbortSignal;
  /**
   * Login and logout handle their own 401: a rejected Google token is a sign-in error, and a
   * logout with an expired session is already the outcome the user asked for.
   */
  ignoreUnauthorized?: boolean;
}

export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const token = readToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  // Fastify rejects an empty body declared as JSON, so the header goes only with a body.
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  // A lazily named schema loads while the request is on its way.
  const schema = loadSchema(options.schema);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_MESSAGE, false);
  }

  const payload = await readJson(response);
  if (!response.ok) {
    if (response.status === 401 && token && !options.ignoreUnauthorized) unauthorizedHandler?.();
    throw toApiError(response.status, payload);
  }
  const parsed = (await schema).safeParse(payload);
  if (!parsed.success)
    throw new ApiError(response.status, 'INVALID_RESPONSE', UNEXPECTED_MESSAGE, false);
  return parsed.data;
}

function loadSchema<T>(schema: SchemaOrLazy<T>): Promise<ZodType<T>> {
  if (!isLazySchema(schema)) return Promise.resolve(schema);
  const loading = schema.load().catch(() => {
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_MESSAGE, false);
  });
  // Awaited only on success: a failed request must not also report an unhandled rejection.
  loading.catch(() => undefined);
  return loading;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function toApiError(status: number, payload: unknown): ApiError {
  if (isErrorBody(payload)) return new ApiError(status, payload.code, payload.message, true);
  return new ApiError(status, 'UNKNOWN_ERROR', UNEXPECTED_MESSAGE, false);
}

function isErrorBody(value: unknown): value is { code: string; message: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message } = value as Record<string, unknown>;
  return typeof code === 'string' && typeof message === 'string' && message.trim() !== '';
}
