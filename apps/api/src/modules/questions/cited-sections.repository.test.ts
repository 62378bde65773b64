import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/test-app';
import { createRegulationsRepository } from '../regulations/regulations.repository';
import { createCitedSectionsRepository, type Citation } from './cited-sections.repository';
import { insertFixtureCorpus, type FixtureSection } from './test-support/fixture-corpus';

let handle: { database: Database; drop(): Promise<void> };
let corpus: FixtureSection[];

beforeAll(async () => {
  handle = await openTestDatabase();
  corpus = await insertFixtureCorpus(handle.database);
});
afterAll(async () => {
  await handle.database.close();
  await handle.drop();
});

const cite = (s: { regulationId: string; sectionId: string; code: string; item: string }) =>
  ({
    regulationId: s.regulationId,
    sectionId: s.sectionId,
    code: s.code,
    item: s.item,
  }) satisfies Citation;
const bySection = (item: string) => corpus.find((s) => s.item === item)!;

describe('cited sections', () => {
  it('groups cited sections by regulation in citation order, the same from memory as from the database', async () => {
    const cited = createCitedSectionsRepository(handle.database.db);
    const citations = [
      cite(bySection('6.3')),
      cite(bySection('35.3.2')),
      cite(bySection('35.1.2')),
      cite(bySection('6.3')),
      { ...cite(bySection('6.5.1')), sectionId: '00000000-0000-0000-0000-000000000000' },
    ];
    const first = await cited.byCitations(citations);
    expect(first.map((r) => [r.code, r.sections.map((s) => s.item)])).toEqual([
      ['NR-06', ['6.3']],
      ['NR-35', ['35.3.2', '35.1.2']],
    ]);
    expect(first[1]).toMatchObject({
      id: bySection('35.1.2').regulationId,
      title: 'Trabalho em Altura',
      authority: 'Ministério do Trabalho e Emprego',
      issuedDate: '1978-06-08',
      revisedDate: '2023-09-01',
      status: 'vigente',
    });
    expect(first[1]!.sections[1]).toEqual({
      id: bySection('35.1.2').sectionId,
      number: 1,
      item: '35.1.2',
      headingPath: '35.1 Objetivo',
      content: bySection('35.1.2').content,
      effectiveFrom: null,
    });
    // Now partly remembered (three ids) and partly not (6.5.1, 35.5.2).
    const second = await cited.byCitations([
      cite(bySection('35.5.2')),
      ...citations,
      cite(bySection('6.5.1')),
    ]);
    expect(second.map((r) => [r.code, r.sections.map((s) => s.item)])).toEqual([
      ['NR-35', ['35.5.2', '35.3.2', '35.1.2']],
      ['NR-06', ['6.3', '6.5.1']],
    ]);
    expect(await cited.byCitations(citations)).toEqual(first);
    expect(await cited.byCitations([])).toEqual([]);
  });

  it('hands out fresh objects: changing one answer does not change the next', async () => {
    const cited = createCitedSectionsRepository(handle.database.db);
    const citations = [cite(bySection('35.3.3'))];
    const first = await cited.byCitations(citations);
    first[0]!.title = 'alterado';
    first[0]!.sections[0]!.content = 'alterado';
    const second = await cited.byCitations(citations);
    expect(second[0]!.title).toBe('Trabalho em Altura');
    expect(second[0]!.sections[0]!.content).toBe(bySection('35.3.3').content);
  });

  it('reads the new ids of a re-imported regulation, and keeps the wording an old id had', async () => {
    const cited = createCitedSectionsRepository(handle.database.db);
    const old = bySection('6.5.1');
    await cited.byCitations([cite(old)]);

    const regulations = createRegulationsRepository(handle.database.db);
    await regulations.replace(
      {
        code: 'NR-06',
        title: 'EPI (revisada)',
        authority: 'MTE',
        issuedDate: '1978-06-08',
        revisedDate: '2026-01-01',
        status: 'vigente',
        description: 'Nova redação.',
        sections: [
          {
            number: 1,
            item: '6.5.1',
            headingPath: '6.5 Responsabilidades do trabalhador',
            content: 'Nova redação do item 6.5.1.',
            effectiveFrom: null,
          },
        ],
      },
      'nr-06.pdf',
      'checksum-novo',
    );
    const [fresh] = await regulations.sectionsOf(old.regulationId);
    expect(fresh!.id).not.toBe(old.sectionId);

    const [now] = await cited.byCitations([{ ...cite(old), sectionId: fresh!.id }]);
    expect(now).toMatchObject({
      id: old.regulationId,
      title: 'EPI (revisada)',
      revisedDate: '2026-01-01',
    });
    expect(now!.sections[0]).toMatchObject({
      id: fresh!.id,
      content: 'Nova redação do item 6.5.1.',
    });

    // The old id no longer exists; a stale retrieval index citing it gets the wording it quoted.
    const [before] = await cited.byCitations([cite(old)]);
    expect(before).toMatchObject({ title: 'Equipamentos de Proteção Individual - EPI' });
    expect(before!.sections[0]).toMatchObject({ id: old.sectionId, content: old.content });
    // A process that never saw it (another replica, a restart) reads it from retired_sections.
    const [elsewhere] = await createCitedSectionsRepository(handle.database.db).byCitations([
      cite(old),
    ]);
    expect(elsewhere!.sections).toEqual([
      expect.objectContaining({ id: old.sectionId, item: '6.5.1', content: old.content }),
    ]);
    expect(elsewhere).toMatchObject({ id: old.regulationId, code: 'NR-06' });
  });
});
