import type { SesmtRole } from '@normas/contracts/establishments';
import { SESMT_ROLES } from '@normas/contracts/establishments';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CIPA_COLUMNS,
  CIPA_PRINTED,
  parseOfficial,
  SESMT_COLUMNS,
  SESMT_PRINTED,
} from '../../regulations/import/golden/official-tables';
import type { ParsedTable } from '../../regulations/parse/parse-regulation';
import { readSizingTables } from './load-sizing-tables';
import { sizeByDegree, sizeEstablishment, type SizingTables } from './sizing';

let tables: SizingTables;

function row(code: string, t: ParsedTable) {
  return {
    id: `${code}-${t.position}`,
    regulationId: code,
    position: t.position,
    label: t.label,
    title: t.title,
    sectionNumber: t.sectionNumber,
    lastSectionNumber: t.lastSectionNumber,
    page: t.page,
    grid: t.grid,
    code,
    item: t.label,
    sectionId: `${code}-s${t.sectionNumber}`,
  };
}

beforeAll(async () => {
  const nr04 = await parseOfficial('nr-04.pdf');
  const nr05 = await parseOfficial('nr-05.pdf');
  tables = readSizingTables(
    nr04.tables!.map((t) => row('NR-04', t)),
    nr05.tables!.map((t) => row('NR-05', t)),
  );
}, 120_000);

/** "501 a 1.000" → [501, 1000]. */
function bounds(header: string): [number, number] {
  const m = /(\d[\d.]*)\s*a\s*(\d[\d.]*)/.exec(header)!;
  return [Number(m[1]!.replace(/\./g, '')), Number(m[2]!.replace(/\./g, ''))];
}

/** What the printed cell says: "1*" → one part-time professional. */
function printed(cell: string): { count: number; partTime: boolean } {
  if (cell === '') return { count: 0, partTime: false };
  return { count: Number(cell.replace(/\*/g, '')), partTime: /^\d+\*$/.test(cell) };
}

/** SESMT professionals as {role: [count, partTime]} for comparison; roles absent have none. */
function sesmtOf(grau: number, employees: number) {
  const out: Partial<Record<SesmtRole, [number, boolean][]>> = {};
  for (const p of sizeByDegree(grau, employees, tables).sesmt.professionals)
    (out[p.role] ??= []).push([p.count, p.partTime]);
  return out;
}

function expectedSesmt(grau: number, column: number, extraGroups = 0) {
  const out: Partial<Record<SesmtRole, [number, boolean][]>> = {};
  SESMT_ROLES.forEach((role, i) => {
    const base = printed(SESMT_PRINTED[grau]![i]![column]!);
    const extra = printed(SESMT_PRINTED[grau]![i]![7]!);
    const entries: [number, boolean][] = [];
    const add = (count: number, partTime: boolean) => {
      if (count === 0) return;
      const same = entries.find((e) => e[1] === partTime);
      if (same) same[0] += count;
      else entries.push([count, partTime]);
    };
    add(base.count, base.partTime);
    add(extra.count * extraGroups, extra.partTime);
    if (entries.length > 0) out[role] = entries;
  });
  return out;
}

describe('SESMT (NR-04 Anexo II) at every boundary of every range, for every grau', () => {
  const boundaries = SESMT_COLUMNS.slice(0, 7).flatMap((header, column) => {
    const [min, max] = bounds(header);
    return [
      { employees: min, column },
      { employees: max, column },
    ];
  });
  for (const grau of [1, 2, 3, 4]) {
    it(`grau ${grau}: each range's first and last employee count reads its column`, () => {
      for (const { employees, column } of boundaries) {
        expect(sesmtOf(grau, employees), `${employees} empregados`).toEqual(
          expectedSesmt(grau, column),
        );
        const sesmt = sizeByDegree(grau, employees, tables).sesmt;
        expect(sesmt.required).toBe(Object.keys(expectedSesmt(grau, column)).length > 0);
      }
    });

    it(`grau ${grau}: below 50 employees no SESMT is required`, () => {
      for (const employees of [1, 49]) {
        const sesmt = sizeByDegree(grau, employees, tables).sesmt;
        expect(sesmt.required).toBe(false);
        expect(sesmt.professionals).toEqual([]);
        expect(sesmt.notes.join(' ')).toContain('itens 4.4.3 e 4.4.4');
      }
    });

    it(`grau ${grau}: above 5.000, the 3.501–5.000 column plus each group of 4.000 or fraction above 2.000`, () => {
      const cases: [number, number][] = [
        [5001, 0],
        [7000, 0],
        [7001, 1],
        [9000, 1],
        [9001, 1],
        [11000, 1],
        [11001, 2],
        [13000, 2],
        [15001, 3],
      ];
      for (const [employees, groups] of cases)
        expect(sesmtOf(grau, employees), `${employees} empregados`).toEqual(
          expectedSesmt(grau, 6, groups),
        );
    });
  }

  it('marks part-time professionals and names the cell and the items it applies', () => {
    const sesmt = sizeByDegree(3, 600, tables).sesmt;
    expect(sesmt.professionals).toEqual([
      expect.objectContaining({
        role: 'tecnico_seguranca',
        count: 3,
        partTime: false,
        printed: '3',
      }),
      expect.objectContaining({
        role: 'engenheiro_seguranca',
        count: 1,
        partTime: true,
        printed: '1*',
      }),
      expect.objectContaining({ role: 'medico', count: 1, partTime: true, printed: '1*' }),
    ]);
    expect(sesmt.source).toMatchObject({
      code: 'NR-04',
      item: 'Anexo II',
      label: 'NR-04, Anexo II – Dimensionamento do SESMT',
      cell: 'Grau de risco 3; 501 a 1.000 empregados',
    });
  });

  it('a hospital with more than 500 workers gets a full-time nurse (Observação A)', () => {
    const { sizing } = sizeEstablishment({ cnae: '8610101', employees: 600 }, tables);
    const nurses = sizing.sesmt.professionals.filter((p) => p.role === 'enfermeiro');
    expect(nurses).toEqual([expect.objectContaining({ count: 1, partTime: false })]);
    expect(sizing.sesmt.notes.join(' ')).toContain('Observação A');
  });
});

describe('CIPA (NR-05 Quadro I) at every boundary of every range, for every grau', () => {
  for (const grau of [1, 2, 3, 4]) {
    it(`grau ${grau}: each range's first and last employee count reads its column`, () => {
      CIPA_COLUMNS.slice(0, 13).forEach((header, column) => {
        for (const employees of bounds(header)) {
          if (employees === 0) continue;
          const cipa = sizeByDegree(grau, employees, tables).cipa;
          const [e, s] = CIPA_PRINTED[grau]!.map((cells) => cells[column]!);
          if (e === '') {
            expect(cipa, `${employees} empregados`).toMatchObject({
              efetivos: null,
              suplentes: null,
              designated: true,
            });
            expect(cipa.notes[0]).toContain('item 5.4.13');
          } else {
            expect(cipa, `${employees} empregados`).toMatchObject({
              efetivos: Number(e),
              suplentes: Number(s),
              designated: false,
            });
          }
        }
      });
    });

    it(`grau ${grau}: above 10.000, the last column plus each whole group of 2.500`, () => {
      const [e, s] = CIPA_PRINTED[grau]!.map((cells) => Number(cells[12]));
      const [de, ds] = CIPA_PRINTED[grau]!.map((cells) => Number(cells[13]));
      for (const [employees, groups] of [
        [10001, 0],
        [12499, 0],
        [12500, 1],
        [14999, 1],
        [15000, 2],
        [30000, 8],
      ] as const) {
        expect(sizeByDegree(grau, employees, tables).cipa, `${employees}`).toMatchObject({
          efetivos: e! + groups * de!,
          suplentes: s! + groups * ds!,
          designated: false,
        });
      }
    });
  }
});

describe('grau de risco from the CNAE (NR-04 Anexo I)', () => {
  it('reads the class of a subclass and cites the table', () => {
    const { riskDegree, sizing } = sizeEstablishment({ cnae: '4120400', employees: 120 }, tables);
    expect(riskDegree).toMatchObject({
      degree: 3,
      cnaeClass: '41.20-4',
      description: 'Construção de edifícios',
      source: { code: 'NR-04', item: 'Anexo I' },
    });
    expect(sizing.cipa).toMatchObject({ efetivos: 2, suplentes: 1, designated: false });
    expect(sizing.sesmt.professionals).toEqual([
      expect.objectContaining({ role: 'tecnico_seguranca', count: 1, partTime: false }),
    ]);
    expect(sizing.cipa.notes.join(' ')).toContain('por canteiro de obras');
  });

  it('refuses a class that is not in Anexo I', () => {
    expect(() => sizeEstablishment({ cnae: '0000000', employees: 10 }, tables)).toThrow(
      'CNAE 00.00-0 fora do Anexo I da NR-04',
    );
  });
});
