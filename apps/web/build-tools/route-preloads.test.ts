import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../src/app/router';
import { ROUTE_MODULES } from './route-modules';
import { routePreloads, type ChunkLike } from './route-preloads';

const root = '/app/web';
const chunk = (fileName: string, modules: string[], imports: string[] = [], isEntry = false) =>
  ({
    type: 'chunk',
    fileName,
    isEntry,
    facadeModuleId: modules[0] ? path.resolve(root, modules[0]) : null,
    moduleIds: modules.map((m) => path.resolve(root, m)),
    imports,
  }) satisfies ChunkLike;

describe('routePreloads', () => {
  const chunks = [
    chunk('assets/index-1.js', ['src/main.tsx'], ['assets/react-2.js'], true),
    chunk('assets/react-2.js', ['node_modules/react/index.js']),
    chunk('assets/history-3.js', ['src/app/routes/history.tsx'], ['assets/schemas-4.js']),
    chunk('assets/schemas-4.js', ['src/schemas.ts'], ['assets/react-2.js']),
    chunk('assets/markdown-5.js', ['src/markdown.tsx', 'node_modules/micromark/index.js']),
  ];

  it('names the chunk of each module and what it imports, minus the first script', () => {
    expect(
      routePreloads(
        chunks,
        { '/history/:id': ['src/app/routes/history.tsx', 'node_modules/micromark/index.js'] },
        root,
      ),
    ).toEqual([
      {
        pattern: '/history/:id',
        files: ['/assets/history-3.js', '/assets/schemas-4.js', '/assets/markdown-5.js'],
      },
    ]);
  });

  it('fails the build when a named module is in no chunk', () => {
    expect(() => routePreloads(chunks, { '/faq': ['src/app/routes/faq.tsx'] }, root)).toThrow(
      'src/app/routes/faq.tsx (/faq) is in no chunk',
    );
  });
});

describe('ROUTE_MODULES', () => {
  it('covers every screen the router loads on demand', () => {
    const paths: string[] = [];
    const visit = (list: typeof routes) =>
      list.forEach((route) => {
        if (route.path) paths.push(route.path);
        if (route.children) visit(route.children);
      });
    visit(routes);
    // /login is in the first script, `/` redirects, `*` is any unknown path.
    const screens = paths.filter((p) => !['/login', '/', '*'].includes(p));
    expect(Object.keys(ROUTE_MODULES).sort()).toEqual(screens.sort());
  });
});
