import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images and woff/woff2 fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|ttf|otf|eot|xml|webmanifest)$/;
/** Below this, the framing of a compressed answer costs about what it saves. */
export const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside each compressible
 * file of the build, once, so that the server sends them as they are instead of compressing on
 * every request. Source maps are left out: only developer tools ask for them.
 */
export async function precompressFiles(dir: string, fileNames: string[]): Promise<string[]> {
  const written: string[] = [];
  await Promise.all(
    fileNames
      .filter((name) => COMPRESSIBLE.test(name))
      .map(async (name) => {
        const file = path.join(dir, name);
        const content = await fs.readFile(file);
        if (content.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        written.push(`${name}.br`, `${name}.gz`);
      }),
  );
  return written.sort();
}

/** Vite plugin: pre-compresses the files of the build once they are written. */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      await precompressFiles(options.dir!, Object.keys(bundle));
    },
  };
}
