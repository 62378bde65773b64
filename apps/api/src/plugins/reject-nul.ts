import { ERRORS } from '@normas/contracts/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/**
 * Where the first NUL (U+0000) sits in a parsed body, query or params, as a dotted path
 * (`content`, `items.2.title`), or undefined. Keys count as text too. Walked with an explicit stack:
 * a deeply nested body must not overflow the call stack.
 */
export function findNul(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => stack.push([item, path ? `${path}.${i}` : String(i)]));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const child = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return path || 'body';
        stack.push([item, child]);
      }
    }
  }
  return undefined;
}

const PARTS = ['body', 'query', 'params'] as const;

/**
 * PostgreSQL text cannot hold U+0000, so a NUL in any text field would fail deep in the database
 * with a 500. Every route, present and future, refuses it here, before its own validation, with one
 * 400 naming the field.
 */
export const rejectNulPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request: FastifyRequest) => {
      for (const part of PARTS) {
        const field = findNul(request[part]);
        if (field !== undefined) {
          throw new AppError('NUL_CHARACTER', undefined, undefined, [
            { field: field || part, message: ERRORS.NUL_CHARACTER.message },
          ]);
        }
      }
    });
  },
  { name: 'reject-nul' },
);
