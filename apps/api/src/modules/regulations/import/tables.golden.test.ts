import type { TableGrid } from '@normas/contracts/tables';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRiskDegrees } from '../../establishments/sizing/sizing-tables';
import type { ParsedRegulation, ParsedTable } from '../parse/parse-regulation';
import { bodyMatrix, columnHeaderPaths } from '../tables/table-grid';
import {
  anexoIGolden,
  CIPA_COLUMNS,
  CIPA_PRINTED,
  parseOfficial,
  SESMT_COLUMNS,
  SESMT_FOOTNOTES,
  SESMT_PRINTED,
  SESMT_PROFESSIONALS,
} from './golden/official-tables';

const parsed = new Map<string, ParsedRegulation>();

beforeAll(async () => {
  for (const file of ['nr-04.pdf', 'nr-05.pdf', 'nr-13.pdf', 'nr-15.pdf', 'nr-22.pdf', 'nr-29.pdf'])
    parsed.set(file, await parseOfficial(file));
}, 120_000);

function table(file: string, label: string): ParsedTable {
  const found = parsed.get(file)!.tables!.filter((t) => t.label === label);
  expect(found, `${file} ${label}`).toHaveLength(1);
  return found[0]!;
}

/** Every row as its cells' texts, spans written out as the cell repeated (what a reader sees). */
function rowsOf(grid: TableGrid): string[][] {
  return bodyMatrix(grid);
}

describe('NR-04 Anexo I (CNAE → grau de risco)', () => {
  it('parses every CNAE class with its grau, as an independent extraction of the PDF reads them', () => {
    const t = table('nr-04.pdf', 'Anexo I');
    expect(t.title).toBe(
      'Relação da Classificação Nacional de Atividades Econômicas - CNAE (Versão 2.0), com Correspondente Grau de Risco - GR',
    );
    expect(t.grid.headerRows.map((r) => r.map((c) => c.text))).toEqual([
      ['Códigos', 'Denominação', 'GR'],
    ]);
    const parsedClasses = readRiskDegrees({
      regulationId: 'r',
      code: 'NR-04',
      item: 'Anexo I',
      sectionId: 's',
      label: t.label,
      title: t.title,
      grid: t.grid,
    });
    const golden = anexoIGolden();
    expect(golden).toHaveLength(673);
    expect([...parsedClasses.values()].map((e) => [e.code, e.degree])).toEqual(golden);
  });

  it('keeps section, division and group rows as rows spanning the description and GR columns', () => {
    const rows = rowsOf(table('nr-04.pdf', 'Anexo I').grid);
    expect(rows[0]).toEqual([
      'A',
      'AGRICULTURA, PECUÁRIA, PRODUÇÃO FLORESTAL, PESCA E AQÜICULTURA',
      '',
    ]);
    expect(rows).toContainEqual(['41.20-4', 'Construção de edifícios', '3']);
    expect(rows).toContainEqual([
      '95.21-5',
      'Reparação e manutenção de equipamentos eletroeletrônicos de uso pessoal e doméstico',
      '3',
    ]);
    expect(rows.at(-1)).toEqual([
      '99.00-8',
      'Organismos internacionais e outras instituições extraterritoriais',
      '1',
    ]);
    expect(table('nr-04.pdf', 'Anexo I').grid.footnotes).toEqual([
      '* Informações sobre detalhamentos dos CNAE ver https://cnae.ibge.gov.br/',
    ]);
  });
});

describe('NR-04 Anexo II (dimensionamento do SESMT), split over two pages', () => {
  it('reads the two header rows, with the spanning "Nº de Trabalhadores" header', () => {
    const t = table('nr-04.pdf', 'Anexo II');
    expect(t.title).toBe('Dimensionamento do SESMT');
    expect(t.grid.columnCount).toBe(10);
    const paths = columnHeaderPaths(t.grid);
    expect(paths.slice(2).map((p) => p.at(-1))).toEqual(SESMT_COLUMNS);
    expect(paths.slice(2).every((p) => p[0] === 'Nº de Trabalhadores no estabelecimento')).toBe(
      true,
    );
    expect(paths[0]).toEqual(['Grau de Risco']);
    expect(paths[1]).toEqual(['Profissionais']);
  });

  it('reads every cell as printed, the grau spanning its five professionals', () => {
    const rows = rowsOf(table('nr-04.pdf', 'Anexo II').grid);
    const expected = [1, 2, 3, 4].flatMap((grau) =>
      SESMT_PROFESSIONALS.map((name, i) => [String(grau), name, ...SESMT_PRINTED[grau]![i]!]),
    );
    expect(rows).toEqual(expected);
    expect(table('nr-04.pdf', 'Anexo II').grid.bodyRows[0]![0]).toEqual({
      text: '1',
      colSpan: 1,
      rowSpan: 5,
    });
  });

  it('keeps the notes (*), (**), (***) and the observations as footnotes', () => {
    expect(table('nr-04.pdf', 'Anexo II').grid.footnotes).toEqual(SESMT_FOOTNOTES);
  });
});

describe('NR-05 Quadro I (dimensionamento da CIPA)', () => {
  it('reads the header and every cell as printed', () => {
    const t = table('nr-05.pdf', 'Quadro I');
    expect(t.title).toBe('Dimensionamento da CIPA');
    const paths = columnHeaderPaths(t.grid);
    expect(paths.slice(2).map((p) => p.at(-1))).toEqual(CIPA_COLUMNS);
    expect(paths[2]![0]).toBe('NÚMERO DE EMPREGADOS NO ESTABELECIMENTO');
    const expected = [1, 2, 3, 4].flatMap((grau) => [
      [String(grau), 'Efetivos', ...CIPA_PRINTED[grau]![0]],
      [String(grau), 'Suplentes', ...CIPA_PRINTED[grau]![1]],
    ]);
    expect(rowsOf(t.grid)).toEqual(expected);
    expect(t.grid.footnotes).toEqual([
      '*Grau de Risco conforme estabelecido no Quadro I da NR-04 - Relação da Classificação Nacional de Atividades Econômicas - CNAE (Versão 2.0), com correspondente Grau de Risco - GR para fins de dimensionamento do SESMT.',
    ]);
  });

  it('sits in the section of its own caption, item "Quadro I", as a markdown table', () => {
    const nr05 = parsed.get('nr-05.pdf')!;
    const t = table('nr-05.pdf', 'Quadro I');
    const section = nr05.sections[t.sectionNumber - 1]!;
    expect(section.item).toBe('Quadro I');
    expect(section.content).toContain(
      '| 3 | Efetivos |   | 1 | 1 | 2 | 2 | 2 | 3 | 4 | 5 | 6 | 8 | 10 | 12 | 2 |',
    );
  });
});

describe('rows the PDF draws without rules between them', () => {
  it('NR-15 Anexo 1: each noise level in its own row with its daily exposure', () => {
    const noise = parsed
      .get('nr-15.pdf')!
      .tables!.filter((t) => rowsOf(t.grid)[0]?.join('|') === '85|8 horas');
    expect(noise).toHaveLength(1);
    const rows = rowsOf(noise[0]!.grid);
    expect(rows).toHaveLength(23);
    expect(rows[4]).toEqual(['89', '4 horas e 30 minutos']);
    expect(rows[13]).toEqual(['100', '1 hora']);
    expect(rows.at(-1)).toEqual(['115', '7 minutos']);
  });

  it('leaves a row of wrapped sentences as one row', () => {
    // NR-05 Quadro I's rows are ruled; its header cells wrap over several lines of words.
    const t = table('nr-05.pdf', 'Quadro I');
    expect(rowsOf(t.grid)).toHaveLength(8);
  });
});

describe('a sample of other NR tables', () => {
  it('NR-13 Tabela 1: two header rows (a spanning "Grupo de Potencial de Risco") and four classes', () => {
    const t = table('nr-13.pdf', 'Tabela 1');
    expect(t.title).toBe('Categorização de vasos de pressão');
    expect(t.grid.headerRows).toEqual([
      [
        { text: 'Classe do Fluido', colSpan: 1, rowSpan: 2 },
        { text: 'Grupo de Potencial de Risco', colSpan: 5, rowSpan: 1 },
      ],
      ['1', '2', '3', '4', '5'].map((text) => ({ text, colSpan: 1, rowSpan: 1 })),
    ]);
    expect(rowsOf(t.grid)).toEqual([
      ['A', 'I', 'I', 'II', 'III', 'III'],
      ['B', 'I', 'II', 'III', 'IV', 'IV'],
      ['C', 'I', 'II', 'III', 'IV', 'V'],
      ['D', 'II', 'III', 'IV', 'V', 'V'],
    ]);
  });

  it('NR-22 Quadro II: the CIPAMIN sizing with its open range', () => {
    const t = table('nr-22.pdf', 'Quadro II');
    expect(t.title).toBe('Dimensionamento da CIPAMIN');
    expect(columnHeaderPaths(t.grid).map((p) => p.at(-1))).toEqual([
      'Nº de empregados no estabelecimento',
      '15 a 30',
      '31 a 50',
      '51 a 100',
      '101 a 250',
      '251 a 500',
      '501 a 1.000',
      '1.001 a 2.500',
      '2.501 a 5.000',
      'Acima de 5.000 para cada grupo de 500 acrescentar',
    ]);
    expect(rowsOf(t.grid)).toEqual([
      ['Nº de representantes titulares do empregador', '1', '1', '1', '1', '1', '1', '1', '1', '-'],
      ['Nº de representantes suplentes do empregador', '1', '1', '1', '1', '1', '1', '1', '1', '-'],
      [
        'Nº de representantes titulares dos empregados',
        '1',
        '2',
        '3',
        '4',
        '5',
        '6',
        '9',
        '12',
        '4',
      ],
      [
        'Nº de representantes suplentes dos empregados',
        '1',
        '1',
        '1',
        '1',
        '2',
        '2',
        '3',
        '4',
        '2',
      ],
    ]);
  });

  it('NR-29 Anexo I: the SESSTP sizing, its "--" cells and the note under the table', () => {
    const t = table('nr-29.pdf', 'Anexo I');
    const all = [...t.grid.headerRows, ...t.grid.bodyRows].map((r) => r.map((c) => c.text));
    expect(all.slice(-6)).toEqual([
      ['Profissionais especializados', '20 - 250', '251 - 750', '751 - 2000', '2001 - 3500'],
      ['Engenheiro de Segurança do Trabalho', '--', '01', '02', '03'],
      ['Técnico de Segurança do Trabalho', '01', '02', '04', '11'],
      ['Médico do Trabalho', '--', '01 *', '02', '03'],
      ['Enfermeiro do Trabalho', '--', '--', '01', '03'],
      ['Auxiliar/Técnico de Enfermagem do Trabalho', '01', '01', '02', '04'],
    ]);
    expect(t.grid.footnotes).toEqual(['* horário parcial - 3 horas.']);
  });
});
