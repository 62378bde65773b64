import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { buildOptions } from '../build-options.mjs';

/**
 * Packages only some configurations use: PostgreSQL and Redis clients, Stripe's SDK, and pdf.js
 * (which reads PDFs on worker threads). A static import of one of them anywhere on the server's
 * path would load it on every start: the default one, embedded database and nothing to import,
 * must be ready in ≤ 3 s (bench:start). They are imported where they are used instead.
 */
const OPTIONAL = ['pg', 'drizzle-orm/node-postgres', 'ioredis', 'stripe', 'pdfjs-dist'];

describe('the start-up of the built server', () => {
  it('loads no optional package before it is needed', async () => {
    const result = await build({
      ...buildOptions,
      entryPoints: { server: 'src/server.ts' },
      absWorkingDir: path.resolve(import.meta.dirname, '..'),
      write: false,
      sourcemap: false,
    });
    const code = result.outputFiles!.find((f) => f.path.endsWith('server.js'))!.text;
    const statics = [...code.matchAll(/^import\s[^;]*?from\s*"([^"]+)"/gm)].map((m) => m[1]!);
    const dynamics = [...code.matchAll(/\bimport\("([^"]+)"\)/g)].map((m) => m[1]!);
    const optional = (spec: string) =>
      OPTIONAL.some((name) => spec === name || spec.startsWith(`${name}/`));
    // The bundle is read right: the server's own packages are there, statically.
    expect(statics).toContain('fastify');
    expect(statics).toContain('@electric-sql/pglite');
    expect(statics.filter(optional)).toEqual([]);
    // …and each optional package is still reachable, on demand.
    for (const name of OPTIONAL)
      expect(dynamics.some((d) => d === name || d.startsWith(`${name}/`))).toBe(true);
  });
});
