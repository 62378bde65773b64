import path from 'node:path';
import type { Plugin } from 'vite';

/** What the server reads to name the scripts a page needs (apps/api/src/plugins/web-app.ts). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

export interface RoutePreload {
  /** A client route as React Router writes it: `/history/:id`. */
  pattern: string;
  /** Absolute URLs of the chunks the page loads on demand, beyond the first script. */
  files: string[];
}

/** The parts of a Rollup output chunk this plugin reads. */
export interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
}

/**
 * For each route, the chunk of each module it names and every chunk those import statically,
 * minus what the entry already loads. Throws when a named module is in no chunk (a renamed file).
 */
export function routePreloads(
  chunks: ChunkLike[],
  routes: Record<string, string[]>,
  root: string,
  base = '/',
): RoutePreload[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const withImports = (start: string[]) => {
    const seen = new Set<string>();
    const visit = (fileName: string) => {
      if (seen.has(fileName)) return;
      seen.add(fileName);
      for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
    };
    start.forEach(visit);
    return seen;
  };
  const initial = withImports(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  return Object.entries(routes).map(([pattern, modules]) => {
    const starts = modules.map((module) => {
      const id = path.resolve(root, module);
      const chunk =
        chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
      if (!chunk) throw new Error(`route-preloads: ${module} (${pattern}) is in no chunk`);
      return chunk.fileName;
    });
    const files = [...withImports(starts)].filter((file) => !initial.has(file));
    return { pattern, files: files.map((file) => `${base}${file}`) };
  });
}

/**
 * Vite plugin: writes route-preloads.json, so that the server can name in the HTML of a page the
 * chunks that page will ask for (`<link rel="modulepreload">`) and the browser fetches them while
 * the first script downloads, instead of after it has run (docs/decisions/0034).
 */
export function routePreloadsPlugin(routes: Record<string, string[]>): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (output): output is Extract<typeof output, { type: 'chunk' }> => output.type === 'chunk',
      );
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(routePreloads(chunks, routes, root, base), null, 2)}\n`,
      });
    },
  };
}
