import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

const isSourceMap = (pathname: string) => pathname.endsWith('.map');

/** Written by the web build (apps/web/build-tools/route-preloads.ts). */
interface RoutePreload {
  pattern: string;
  files: string[];
}

function readRoutePreloads(distDir: string): RoutePreload[] {
  try {
    const parsed = JSON.parse(
      fs.readFileSync(path.join(distDir, 'route-preloads.json'), 'utf8'),
    ) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is RoutePreload =>
        typeof (entry as RoutePreload).pattern === 'string' &&
        Array.isArray((entry as RoutePreload).files) &&
        (entry as RoutePreload).files.every(
          (file) => typeof file === 'string' && /^\/[\w./-]+\.js$/.test(file),
        ),
    );
  } catch {
    return [];
  }
}

/** Whether `pathname` is the client route `pattern` (`/history/:id`); static segments win first. */
function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.replace(/\/+$/, '').split('/');
  if (want.length !== have.length) return false;
  return want.every((segment, i) =>
    segment.startsWith(':') ? (have[i] ?? '') !== '' : segment === have[i],
  );
}

/**
 * index.html for each route, naming in its head the chunks that route loads on demand
 * (`<link rel="modulepreload">`): the browser fetches them alongside the first script instead of
 * after it has run (docs/decisions/0034). Built once per route and build.
 */
function routeHtml(distDir: string, indexHtml: string) {
  const routes = readRoutePreloads(distDir);
  const exact = routes.filter((r) => !r.pattern.includes(':'));
  const withParams = routes.filter((r) => r.pattern.includes(':'));
  const pages = new Map(
    routes.map((route) => {
      const links = route.files
        .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
        .join('');
      return [route.pattern, links ? indexHtml.replace('</head>', `${links}</head>`) : indexHtml];
    }),
  );
  return (pathname: string): string => {
    const route =
      exact.find((r) => matchesPattern(r.pattern, pathname)) ??
      withParams.find((r) => matchesPattern(r.pattern, pathname));
    return route ? pages.get(route.pattern)! : indexHtml;
  };
}

/** The encodings the browser accepts (q > 0), for a page compressed here rather than at build. */
function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * Serves the built web app: its files as they are, and index.html for every other GET outside
 * /api so that client-side routes work on reload. Unknown /api paths answer a JSON 404. Source
 * maps (the app's readable source) are not served in production.
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file; the one the
 * browser accepts is sent with its `content-encoding` and `vary: accept-encoding`, so nothing is
 * compressed per request. File names under assets/ carry a content hash: cached for a year.
 * index.html is read once per build, with the preloads of each route (routeHtml).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: { sourceMaps: boolean },
) {
  const indexFile = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  // Each route's page, compressed once (a handful of pages; the build's .br/.gz are the plain
  // index.html, without the route's preloads).
  const compressed = new Map<string, { br: Buffer; gzip: Buffer }>();
  const compress = (html: string) => {
    let entry = compressed.get(html);
    if (!entry) {
      entry = { br: zlib.brotliCompressSync(html), gzip: zlib.gzipSync(html) };
      if (compressed.size > 100) compressed.clear();
      compressed.set(html, entry);
    }
    return entry;
  };
  // Read again when a new build has replaced index.html or the preloads (the old scripts are gone).
  let built: { version: string; htmlFor: (pathname: string) => string } | null = null;
  const htmlFor = (pathname: string): string | null => {
    try {
      const preloads = fs.statSync(path.join(distDir, 'route-preloads.json'), {
        throwIfNoEntry: false,
      });
      const version = `${fs.statSync(indexFile).mtimeMs}:${preloads?.mtimeMs ?? 0}`;
      if (built?.version !== version)
        built = { version, htmlFor: routeHtml(distDir, fs.readFileSync(indexFile, 'utf8')) };
      return built.htmlFor(pathname);
    } catch {
      // Mid-build: index.html is being written again.
      return null;
    }
  };
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
    const html = hasWeb ? htmlFor(pathname) : null;
    if (html === null) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('A interface web ainda não foi construída. Rode "npm start" na raiz do projeto.');
    }
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(compress(html)[encoding]);
  });
}
