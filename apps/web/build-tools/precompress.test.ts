import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressFiles } from './precompress';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, content: string | Buffer) {
  fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  fs.writeFileSync(path.join(dir, name), content);
}

describe('precompressFiles', () => {
  it('writes brotli and gzip copies of the text files of a build, and only of those', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'normas-precompress-'));
    const script = 'export const texto = "Assistente de Normas";\n'.repeat(100);
    write('assets/index-abc.js', script);
    write('assets/index-abc.css', '.page { color: #123456; }\n'.repeat(100));
    write('index.html', '<!doctype html><title>Assistente de Normas</title>\n'.repeat(30));
    write('assets/small-abc.js', 'export {};');
    write('assets/index-abc.js.map', '{"mappings":"AAAA"}'.repeat(200));
    write('assets/font-abc.woff2', Buffer.alloc(4096, 7));

    const written = await precompressFiles(dir, [
      'assets/index-abc.js',
      'assets/index-abc.css',
      'index.html',
      'assets/small-abc.js',
      'assets/index-abc.js.map',
      'assets/font-abc.woff2',
    ]);

    expect(written).toEqual([
      'assets/index-abc.css.br',
      'assets/index-abc.css.gz',
      'assets/index-abc.js.br',
      'assets/index-abc.js.gz',
      'index.html.br',
      'index.html.gz',
    ]);
    const br = fs.readFileSync(path.join(dir, 'assets/index-abc.js.br'));
    const gz = fs.readFileSync(path.join(dir, 'assets/index-abc.js.gz'));
    expect(zlib.brotliDecompressSync(br).toString()).toBe(script);
    expect(zlib.gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(gz.length);
    expect(fs.existsSync(path.join(dir, 'assets/small-abc.js.br'))).toBe(false);
  });
});
