import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';

/** SQLSTATE codes are five characters: a database error from pg or PGlite carries one. */
const SQLSTATE = /^[0-9A-Z]{5}$/;
/** The fields of a PostgreSQL error that name things of the schema, never values. */
const SCHEMA_FIELDS = [
  'severity',
  'code',
  'routine',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
] as const;
const MAX_CAUSES = 5;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
  code?: unknown;
  severity?: unknown;
}

const isDatabaseError = (e: ErrorLike) =>
  typeof e.code === 'string' && SQLSTATE.test(e.code) && typeof e.severity === 'string';
/** Drizzle's wrapper: its message is the query followed by every parameter the user sent. */
const isQueryError = (e: ErrorLike) => typeof e.query === 'string' && 'params' in e;

/** The call sites of a stack, without its first lines (which repeat the message). */
const framesOf = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => line.trimStart().startsWith('at '))
        .join('\n')
    : undefined;

/** Quoted literals in a database message may be the user's input ("invalid input syntax … "abc""). */
const withoutLiterals = (message: unknown) =>
  typeof message === 'string' ? message.replace(/"[^"]*"|'[^']*'/g, '"…"') : undefined;

function serializeDatabaseError(error: ErrorLike & Record<string, unknown>, depth: number) {
  const out: Record<string, unknown> = {
    type: typeof error.name === 'string' ? error.name : 'Error',
  };
  // Drizzle's message repeats the parameters; PostgreSQL's may quote a value.
  out.message =
    isQueryError(error) && !isDatabaseError(error)
      ? 'Failed query'
      : withoutLiterals(error.message);
  if (isQueryError(error)) {
    // The statement's shape, with $1, $2… placeholders; the values never reach the log.
    out.query = error.query;
    out.paramCount = Array.isArray(error.params) ? error.params.length : undefined;
  }
  for (const field of SCHEMA_FIELDS) if (error[field] !== undefined) out[field] = error[field];
  out.stack = framesOf(error.stack);
  if (error.cause !== undefined && depth < MAX_CAUSES)
    out.cause = serializeErr(error.cause, depth + 1);
  return out;
}

/**
 * pino's `err` serializer, except for database errors: their query text is logged with its
 * placeholders, their parameters, details and quoted values never (they are what the user typed).
 */
export function serializeErr(error: unknown, depth = 0): unknown {
  if (error === null || typeof error !== 'object') return error;
  const e = error as ErrorLike & Record<string, unknown>;
  if (isQueryError(e) || isDatabaseError(e) || hasDatabaseCause(e)) {
    return serializeDatabaseError(e, depth);
  }
  return stdSerializers.err(error as Error);
}

function hasDatabaseCause(error: ErrorLike): boolean {
  let cause = error.cause as ErrorLike | undefined;
  for (let i = 0; i < MAX_CAUSES && cause && typeof cause === 'object'; i++) {
    if (isQueryError(cause) || isDatabaseError(cause)) return true;
    cause = cause.cause as ErrorLike | undefined;
  }
  return false;
}

/** Query strings carry what people search for: their names are logged, their values are not. */
export function redactQueryString(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`);
  return `${url.slice(0, at)}?${names.join('&')}`;
}

/** Fastify's own request serializer, with the query string's values left out. */
function serializeReq(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactQueryString(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export const LOG_SERIALIZERS = {
  err: (error: Error) => serializeErr(error) as SerializedError,
  req: serializeReq,
};
