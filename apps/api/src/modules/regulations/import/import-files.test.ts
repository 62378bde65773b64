import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { openTestDatabase } from '../../../test/test-app';
import { FIXTURES, writeFixtures } from '../fixtures.test-helper';
import { parseRegulation } from '../parse/parse-regulation';
import { createRegulationsRepository, type RegulationsRepository } from '../regulations.repository';
import { importRegulationFiles } from './import-files';

let database: Database;
let drop: () => Promise<void>;
let repository: RegulationsRepository;
let dir: string;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  repository = createRegulationsRepository(database.db);
  dir = writeFixtures();
});
afterAll(async () => {
  await database.close();
  await drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function snapshot() {
  const list = await repository.list();
  return Promise.all(
    list.map(async (r) => ({
      code: r.code,
      id: r.id,
      checksum: r.checksum,
      sections: await repository.sectionsOf(r.id),
    })),
  );
}

describe('importing regulation files', () => {
  it('imports every supported file of a folder, then skips the unchanged ones', async () => {
    const first = await importRegulationFiles(repository, [dir]);
    expect(first).toEqual({
      imported: 2,
      unchanged: 0,
      outdated: 0,
      failed: 0,
      files: [
        { file: 'nr-41.txt', status: 'imported', code: 'NR-41', sections: 3, reason: null },
        { file: 'nr-43.md', status: 'imported', code: 'NR-43', sections: 2, reason: null },
      ],
    });
    const nr43 = (await repository.list()).find((r) => r.code === 'NR-43')!;
    expect((await repository.sectionsOf(nr43.id)).map((s) => [s.number, s.item])).toEqual([
      [1, '43.1.1'],
      [2, 'Anexo I 1.1'],
    ]);

    const again = await importRegulationFiles(repository, [dir]);
    expect(again.files.map((f) => [f.file, f.status, f.sections])).toEqual([
      ['nr-41.txt', 'unchanged', 3],
      ['nr-43.md', 'unchanged', 2],
    ]);
  });

  it('replaces a changed file’s regulation and keeps its id', async () => {
    const before = (await repository.findByCode('NR-41'))!;
    const changed =
      FIXTURES['nr-41.txt']!.replace('9,0 m', '12,0 m') + '41.2.3 Regra nova de exemplo.\n';
    fs.writeFileSync(path.join(dir, 'nr-41.txt'), changed);
    const result = await importRegulationFiles(repository, [path.join(dir, 'nr-41.txt')]);
    expect(result.files).toEqual([
      {
        file: 'nr-41.txt',
        status: 'imported',
        code: 'NR-41',
        sections: 4,
        reason: null,
        changes: { added: 1, removed: 0, reworded: 1 },
      },
    ]);
    const after = (await repository.findByCode('NR-41'))!;
    expect(after.id).toBe(before.id);
    expect(after.checksum).not.toBe(before.checksum);
    expect((await repository.sectionsOf(after.id)).map((s) => s.content)).toEqual([
      'Esta Norma fixa regras para andaimes de exemplo.',
      'O andaime deve ser montado por trabalhador capacitado:\na) com projeto; e\nb) com inspeção diária.',
      'A altura máxima do andaime de exemplo é de 12,0 m.',
      'Regra nova de exemplo.',
    ]);
  });

  it('reports broken files by name with the reason, imports the rest, and leaves the database as it was', async () => {
    const before = await snapshot();
    fs.writeFileSync(path.join(dir, 'nr-44.pdf'), '%PDF-1.7\nisto não é um PDF de verdade\n%%EOF');
    fs.writeFileSync(path.join(dir, 'nr-45.txt'), 'Um texto sem título e sem itens numerados.');
    fs.writeFileSync(path.join(dir, 'nr-46.doc'), 'formato errado');
    const result = await importRegulationFiles(repository, [
      path.join(dir, 'nr-44.pdf'),
      path.join(dir, 'nr-45.txt'),
      path.join(dir, 'nr-46.doc'),
      path.join(dir, 'nr-43.md'),
    ]);
    expect(result.files.map((f) => [f.file, f.status])).toEqual([
      ['nr-44.pdf', 'failed'],
      ['nr-45.txt', 'failed'],
      ['nr-46.doc', 'failed'],
      ['nr-43.md', 'unchanged'],
    ]);
    expect(result.files[0]!.reason).toMatch(/^PDF ilegível/);
    expect(result.files[1]!.reason).toBe('nenhum item numerado da NR-45 foi encontrado no texto');
    expect(result.files[2]!.reason).toBe('formato não suportado: .doc (use PDF, HTML, TXT ou MD)');
    expect(result.failed).toBe(3);
    expect(await snapshot()).toEqual(before);
  });

  it('rolls the whole regulation back when storing one of its sections fails', async () => {
    const before = await snapshot();
    const parsed = parseRegulation(
      FIXTURES['nr-43.md']!.replace('85 dB(A)', '80 dB(A)'),
      'nr-43.md',
    );
    // Two sections with the same number break the unique key half-way through the insert.
    parsed.sections.push({ ...parsed.sections[0]!, item: 'duplicado' });
    await expect(repository.replace(parsed, 'nr-43.md', 'outro')).rejects.toThrow();
    expect(await snapshot()).toEqual(before);
  });

  it('names a missing input instead of importing nothing', async () => {
    await expect(importRegulationFiles(repository, [path.join(dir, 'não-existe')])).rejects.toThrow(
      `Arquivo ou pasta não encontrado: ${path.join(dir, 'não-existe')}`,
    );
  });
});
