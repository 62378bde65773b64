import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { openTestDatabase } from '../../../test/test-app';
import { FIXTURES, writeFixtures } from '../fixtures.test-helper';
import { importRegulationFiles, sha256Of } from '../import/import-files';
import { createRegulationsRepository, type RegulationsRepository } from '../regulations.repository';

// A newer official text of an NR replaces the one in force; what it changed is kept for the users,
// and the sections it replaced keep their ids.

const V1 = FIXTURES['nr-41.txt']!;
/** The 2025 amendment: 41.2.2 reworded, 41.2.1 removed, 41.2.3 added. */
const V2 = V1.replace(
  'Portaria MTE nº 20, de 02 de maio de 2024 | 03/05/24',
  'Portaria MTE nº 20, de 02 de maio de 2024 | 03/05/24\nPortaria MTE nº 99, de 10 de março de 2025 | 11/03/25',
)
  .replace(
    '41.2.1 O andaime deve ser montado por trabalhador capacitado:\na) com projeto; e\nb) com inspeção diária.\n',
    '',
  )
  .replace('9,0 m', '12,0 m')
  .concat('41.2.3 Regra nova de exemplo.\n');
/** An older edition never imported here (only the 1990 publication). */
const V0 = V1.replace(
  'Alterações/Atualizações | D.O.U.\nPortaria MTE nº 20, de 02 de maio de 2024 | 03/05/24\n',
  '',
).replace('9,0 m', '6,0 m');

let database: Database;
let drop: () => Promise<void>;
let repository: RegulationsRepository;
let dir: string;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  repository = createRegulationsRepository(database.db);
  dir = writeFixtures([]);
});
afterAll(async () => {
  await database.close();
  await drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function importText(name: string, text: string) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return (await importRegulationFiles(repository, [file])).files[0]!;
}

describe('versions of a regulation', () => {
  it('records the first import as the version in force, with its acts and file', async () => {
    expect(await importText('nr-41.txt', V1)).toMatchObject({ status: 'imported', code: 'NR-41' });
    const regulation = (await repository.findByCode('NR-41'))!;
    const [version, ...older] = await repository.versionsOf(regulation.id);
    expect(older).toEqual([]);
    expect(version).toMatchObject({
      lastAct: 'Portaria MTE nº 20, de 02 de maio de 2024',
      amendedOn: '2024-05-03',
      sourceFile: 'nr-41.txt',
      sourceSha256: sha256Of(Buffer.from(V1)),
      sourceUrl: null,
      changes: null,
      replacedAt: null,
      acts: {
        publication: { act: 'Portaria MTb nº 10, de 01 de junho de 1990', dou: '1990-06-05' },
        amendments: [{ act: 'Portaria MTE nº 20, de 02 de maio de 2024', dou: '2024-05-03' }],
      },
    });
  });

  it('replaces it with a newer official text, saying what changed and keeping the old sections under their ids', async () => {
    const regulation = (await repository.findByCode('NR-41'))!;
    const oldSections = await repository.sectionsOf(regulation.id);
    const result = await importText('nr-41-atualizada-2025.txt', V2);
    expect(result).toMatchObject({
      status: 'imported',
      changes: { added: 1, removed: 1, reworded: 1 },
    });
    expect((await repository.findByCode('NR-41'))!.id).toBe(regulation.id);

    const [current, previous] = await repository.versionsOf(regulation.id);
    expect(current).toMatchObject({
      lastAct: 'Portaria MTE nº 99, de 10 de março de 2025',
      amendedOn: '2025-03-11',
      replacedAt: null,
      changes: {
        added: [{ item: '41.2.3' }],
        removed: [
          {
            item: '41.2.1',
            content:
              'O andaime deve ser montado por trabalhador capacitado:\na) com projeto; e\nb) com inspeção diária.',
          },
        ],
        reworded: [{ item: '41.2.2', before: 'A altura máxima do andaime de exemplo é de 9,0 m.' }],
      },
    });
    expect(previous!.replacedAt).toBeInstanceOf(Date);

    for (const old of oldSections) {
      expect(await repository.retiredSection(old.id)).toEqual(old);
    }
    const now = await repository.sectionsOf(regulation.id);
    expect(now.map((s) => s.item)).toEqual(['41.1.1', '41.2.2', '41.2.3']);
    expect(now.some((s) => oldSections.some((o) => o.id === s.id))).toBe(false);
  });

  it('keeps the newer version when an older file comes again or an older edition arrives', async () => {
    expect(await importText('nr-41.txt', V1)).toEqual({
      file: 'nr-41.txt',
      status: 'outdated',
      code: 'NR-41',
      sections: null,
      reason:
        'versão mais antiga que a importada (última alteração: DOU de 11/03/2025); mantida a mais recente',
    });
    expect(await importText('nr-41-1990.txt', V0)).toMatchObject({ status: 'outdated' });
    const regulation = (await repository.findByCode('NR-41'))!;
    expect(await repository.versionsOf(regulation.id)).toHaveLength(2);
    expect(regulation.revisedDate).toBe('2025-03-11');
  });

  it('reads the same file again (a newer parser) without making it a new version', async () => {
    const regulation = (await repository.findByCode('NR-41'))!;
    const before = await repository.sectionsOf(regulation.id);
    const { outcome } = await repository.replace(
      (await import('../parse/parse-regulation')).parseRegulation(V2, 'nr-41-atualizada-2025.txt'),
      'nr-41-atualizada-2025.txt',
      `v999:${sha256Of(Buffer.from(V2))}`,
    );
    expect(outcome).toEqual({ kind: 'reparsed' });
    expect(await repository.versionsOf(regulation.id)).toHaveLength(2);
    expect(await repository.retiredSection(before[0]!.id)).toEqual(before[0]);
  });

  it('checks files against the folder manifest and keeps their official address', async () => {
    const folder = writeFixtures(['nr-43.md']);
    const data = fs.readFileSync(path.join(folder, 'nr-43.md'));
    const manifest = (sha256: string) =>
      fs.writeFileSync(
        path.join(folder, 'manifest.json'),
        JSON.stringify({
          entries: [
            {
              file: 'nr-43.md',
              code: 'NR-43',
              sha256,
              officialUrl: 'https://www.gov.br/nr-43.pdf',
            },
          ],
        }),
      );
    try {
      manifest(sha256Of(data));
      expect(await importRegulationFiles(repository, [folder])).toMatchObject({ imported: 1 });
      const regulation = (await repository.findByCode('NR-43'))!;
      expect((await repository.currentVersion(regulation.id))!.sourceUrl).toBe(
        'https://www.gov.br/nr-43.pdf',
      );
      const other = writeFixtures(['nr-43.md']);
      fs.writeFileSync(path.join(other, 'nr-43.md'), `${data.toString()}\n1.2 Texto adulterado.\n`);
      fs.copyFileSync(path.join(folder, 'manifest.json'), path.join(other, 'manifest.json'));
      const tampered = await importRegulationFiles(repository, [other]);
      expect(tampered.files[0]).toMatchObject({
        status: 'failed',
        reason: expect.stringMatching(/^o arquivo não confere com o manifest\.json da pasta/),
      });
      fs.rmSync(other, { recursive: true, force: true });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
