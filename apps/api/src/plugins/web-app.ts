import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

const isSourceMap = (pathname: string) => pathname.endsWith('.map');

/**
 * Serves the built web app: its files as they are, and index.html for every other GET outside
 * /api so that client-side routes work on reload. Unknown /api paths answer a JSON 404. Source
 * maps (the app's readable source) are not served in production.
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file; the one the
 * browser accepts is sent with its `content-encoding` and `vary: accept-encoding`, so nothing is
 * compressed per request. File names under assets/ carry a content hash: cached for a year.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: { sourceMaps: boolean },
) {
  const indexFile = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      allowedPath: (pathname) => options.sourceMaps || !isSourceMap(pathname),
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) throw new AppError('ROUTE_NOT_FOUND');
    if (request.method !== 'GET' && request.method !== 'HEAD')
      throw new AppError('ROUTE_NOT_FOUND');
    if (isSourceMap(pathname)) throw new AppError('NOT_FOUND');
    if (!hasWeb) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('A interface web ainda não foi construída. Rode "npm start" na raiz do projeto.');
    }
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .sendFile('index.html', { cacheControl: false });
  });
}
