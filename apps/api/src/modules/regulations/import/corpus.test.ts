import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, SHIPPED_CORPUS_DIR } from '../../../config';
import type { Database } from '../../../db/client';
import { openTestDatabase } from '../../../test/test-app';
import { createRegulationsRepository, type RegulationsRepository } from '../regulations.repository';
import { importRegulationFiles, type ImportSummary } from './import-files';

/** The official NR PDFs shipped in corpus/; NORMAS_CORPUS_DIR points elsewhere if needed. */
const CORPUS_DIR = process.env.NORMAS_CORPUS_DIR
  ? path.resolve(REPO_ROOT, process.env.NORMAS_CORPUS_DIR)
  : SHIPPED_CORPUS_DIR;

let database: Database;
let drop: () => Promise<void>;
let repository: RegulationsRepository;
let summary: ImportSummary;

beforeAll(async () => {
  if (!fs.existsSync(CORPUS_DIR)) {
    throw new Error(`Corpus não encontrado em ${CORPUS_DIR}: defina NORMAS_CORPUS_DIR.`);
  }
  ({ database, drop } = await openTestDatabase());
  repository = createRegulationsRepository(database.db);
  summary = await importRegulationFiles(repository, [CORPUS_DIR]);
}, 300_000);
afterAll(async () => {
  await database?.close();
  await drop?.();
});

async function sectionsOf(code: string) {
  const regulation = await repository.findByCode(code);
  expect(regulation, code).toBeDefined();
  return repository.sectionsOf(regulation!.id);
}

describe('the official NR corpus', () => {
  it('imports all 36 regulations without a failure', async () => {
    expect(summary.failed, JSON.stringify(summary.files.filter((f) => f.status === 'failed'))).toBe(
      0,
    );
    expect(summary.imported).toBe(36);
    const codes = (await repository.list()).map((r) => r.code);
    expect(codes).toHaveLength(36);
    expect(codes).toContain('NR-01');
    expect(codes).toContain('NR-38');
    expect(codes).not.toContain('NR-02');
    expect(codes).not.toContain('NR-27');
  });

  it('reads the version of every NR from its header — last amendment, DOU date, wording act — as the manifest records it', async () => {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(SHIPPED_CORPUS_DIR, 'manifest.json'), 'utf8'),
    ) as {
      entries: {
        code: string;
        wordingAct: string | null;
        lastAmendment: { act: string; dou: string };
      }[];
    };
    // "n.º", "nº" and "n.o" are the same abbreviation, printed differently from one PDF to another.
    const same = (act: string | null | undefined) =>
      act?.replace(/\bn\.?\s*[º°o]?\.?\s*(?=\d)/g, 'nº ') ?? null;
    for (const entry of manifest.entries) {
      const regulation = (await repository.findByCode(entry.code))!;
      const version = (await repository.currentVersion(regulation.id))!;
      expect(same(version.lastAct), entry.code).toBe(same(entry.lastAmendment.act));
      expect(version.amendedOn, entry.code).toBe(entry.lastAmendment.dou);
      expect(regulation.revisedDate, entry.code).toBe(entry.lastAmendment.dou);
      expect(same(version.wordingAct), entry.code).toBe(same(entry.wordingAct));
    }
  });

  it('reads the title and dates of NR-35 from its header and amendment table', async () => {
    expect(await repository.findByCode('NR-35')).toMatchObject({
      title: 'Trabalho em Altura',
      issuedDate: '2012-03-27',
      revisedDate: '2025-10-06',
      sourceFile: 'nr-35.pdf',
    });
  });

  it('keeps NR-35 35.2.1, which sets work at height above 2,0 m, under its chapter heading', async () => {
    const item = (await sectionsOf('NR-35')).find((s) => s.item === '35.2.1');
    expect(item?.headingPath).toBe('35.2 Campo de Aplicação');
    expect(item?.content).toContain('diferença de nível acima de 2,0m (dois metros)');
  });

  it('labels the items of NR-10 Anexo II and turns its symbol glyphs into "<" and "≥"', async () => {
    const annex = (await sectionsOf('NR-10')).filter((s) => s.item.startsWith('Anexo II'));
    expect(annex.length).toBeGreaterThan(0);
    const text = annex.map((s) => s.content).join('\n');
    expect(text).not.toMatch(/[\uE000-\uF8FF]/);
    expect(text).toMatch(/<\s?1 \| 0,20 \| 0,70/);
  });

  it('marks the NR-01 wording in force only from 26 May 2026', async () => {
    const sections = await sectionsOf('NR-01');
    const chapter = sections.filter((s) => s.item.startsWith('1.5.'));
    expect(chapter.length).toBeGreaterThan(20);
    expect(chapter.every((s) => s.effectiveFrom === '2026-05-26')).toBe(true);
    expect(sections.find((s) => s.item === '1.4.3')?.effectiveFrom).toBeNull();
  });

  it('keeps both wordings of NR-35 35.6.9.1.1, the new one marked with its date', async () => {
    const versions = (await sectionsOf('NR-35')).filter((s) => s.item === '35.6.9.1.1');
    expect(versions.map((s) => s.effectiveFrom)).toEqual([null, '2026-01-02']);
  });

  it('keeps manganese and silica inside NR-15 Anexo 12, numbered from 1 in their own parts', async () => {
    const sections = await sectionsOf('NR-15');
    const manganese = sections.find((s) => s.item === 'Anexo 12 Manganês 1');
    expect(manganese?.content).toContain('manganês e seus compostos');
    expect(manganese?.headingPath).toBe('Anexo 12 > Manganês e Seus Compostos');
    expect(sections.find((s) => s.item === 'Anexo 12 Sílica 7')?.content).toContain(
      'jateamento que utilize areia',
    );
    // Asbestos' own annexes (a form, the table of deadlines) are not NR-15's Anexo 1 and Anexo III.
    expect(sections.filter((s) => s.item.startsWith('Anexo III'))).toEqual([]);
    const noise = sections.filter((s) => s.item === 'Anexo 1');
    expect(noise.every((s) => s.headingPath.startsWith('Anexo 1 - Limites de Tolerância'))).toBe(
      true,
    );
  });

  it('writes NR-09 formulas with ordinary letters, not math-bold ones', async () => {
    const text = (await sectionsOf('NR-09')).map((s) => s.content).join('\n');
    expect(text).toContain('IBUTG');
    expect(text).not.toMatch(/[\u{1D400}-\u{1D7FF}]/u);
  });

  it('leaves no page footer inside any section', async () => {
    for (const r of await repository.list()) {
      const text = (await repository.sectionsOf(r.id)).map((s) => s.content).join('\n');
      expect(text, r.code).not.toContain('Este texto não substitui o publicado no DOU');
    }
  });

  it('skips every file on a second run because nothing changed', async () => {
    const again = await importRegulationFiles(repository, [CORPUS_DIR]);
    expect([again.imported, again.unchanged, again.failed]).toEqual([0, 36, 0]);
  });
});
