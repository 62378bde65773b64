import compress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compression of API answers, worked out per response (brotli at quality 4, as @fastify/compress
 * recommends for on-the-fly work, or gzip) above 1 KB. Built web assets are compressed once, at
 * build time, and served as they are (`web-app.ts`); a response that already carries a
 * `content-encoding` is left alone. Server-Sent Events are never compressed: a compressor holds
 * bytes back until its block fills, so the answer would stop arriving event by event.
 * `@fastify/compress` leaves `text/event-stream` out of its compressible types, and the SSE routes
 * write to the socket themselves after `reply.hijack()`, which skips every onSend hook.
 */
export const COMPRESSION_OPTIONS = {
  global: true,
  encodings: ['br', 'gzip'],
  threshold: 1024,
  // Request bodies are small JSON; accepting compressed ones would only add a way to send a bomb.
  globalDecompression: false,
} satisfies FastifyCompressOptions;

/** Must be registered before the routes: the plugin attaches its hook to each route as it is added. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, COMPRESSION_OPTIONS);
}
