import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHIPPED_CORPUS_DIR } from '../../../config';
import { sha256Of } from './import-files';

interface Entry {
  file: string;
  code: string;
  sha256: string;
  bytes: number;
  officialUrl: string;
  retrievedFrom: string;
  lastAmendment: { act: string; dou: string };
}

const manifest = JSON.parse(
  fs.readFileSync(path.join(SHIPPED_CORPUS_DIR, 'manifest.json'), 'utf8'),
) as { entries: Entry[] };

describe('the shipped corpus and its manifest', () => {
  it('lists every PDF shipped, once, and only those', () => {
    const pdfs = fs.readdirSync(SHIPPED_CORPUS_DIR).filter((f) => f.endsWith('.pdf'));
    expect(manifest.entries.map((e) => e.file).sort()).toEqual(pdfs.sort());
    expect(pdfs).toHaveLength(36);
  });

  it('records each file as it is: size and SHA-256', () => {
    for (const entry of manifest.entries) {
      const data = fs.readFileSync(path.join(SHIPPED_CORPUS_DIR, entry.file));
      expect(data.length, entry.file).toBe(entry.bytes);
      expect(sha256Of(data), entry.file).toBe(entry.sha256);
    }
  });

  it('gives each NR its official address, where it was taken from and its last amendment', () => {
    for (const entry of manifest.entries) {
      expect(entry.officialUrl, entry.file).toMatch(
        /^https:\/\/www\.gov\.br\/trabalho-e-emprego\/.+\/normas-regulamentadoras-vigentes\/[^/]+\.pdf$/,
      );
      expect(entry.retrievedFrom, entry.file).toMatch(/^https:\/\/github\.com\/.+\/[0-9a-f]{40}\//);
      expect(entry.code, entry.file).toMatch(/^NR-\d{2}$/);
      expect(entry.lastAmendment.dou, entry.file).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});
