/**
 * Reading the three sizing tables as the importer parsed them — NR-04 Anexo I (CNAE → grau de
 * risco), NR-04 Anexo II (SESMT) and NR-05 Quadro I (CIPA) — into lookups. Every number comes from
 * the table's cells and headers; a table whose shape is not the expected one is refused, never
 * guessed at.
 */
import type { TableGrid } from '@normas/contracts/tables';
import type { SesmtRole } from '@normas/contracts/establishments';
import { bodyMatrix, columnHeaderPaths } from '../../regulations/tables/table-grid';

/** A parsed table with where it is printed, as the regulations repository gives it. */
export interface SourceTable {
  regulationId: string;
  code: string;
  /** The item of the section the table opens ("Anexo II", "Quadro I"). */
  item: string;
  /** The section the table opens: what an answer cites. */
  sectionId: string;
  label: string;
  title: string;
  grid: TableGrid;
}

export class SizingTableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SizingTableError';
  }
}

/** A column of employee counts: "501 a 1.000", or the open range above the last one. */
export interface EmployeeRange {
  column: number;
  header: string;
  min: number;
  max: number | null;
}

/** "Acima de 5.000 Para cada grupo De 4.000 ou fração acima 2.000" */
export interface AboveRange {
  column: number;
  header: string;
  above: number;
  group: number;
  /** A remainder above this counts as one more group ("ou fração acima de 2.000"); null: whole groups only. */
  fraction: number | null;
}

/** "1.001" → 1001; "10.000" → 10000; "2500" → 2500. */
function count(text: string): number {
  return Number(text.replace(/\./g, ''));
}

const RANGE = /(\d[\d.]*)\s*a\s*(\d[\d.]*)/;

/** Reads the employee-count columns from the last header of each column. */
export function readRanges(
  grid: TableGrid,
  firstColumn: number,
): { ranges: EmployeeRange[]; above: AboveRange | null } {
  const paths = columnHeaderPaths(grid);
  const ranges: EmployeeRange[] = [];
  let above: AboveRange | null = null;
  for (let c = firstColumn; c < grid.columnCount; c++) {
    const header = paths[c]!.at(-1) ?? '';
    const open = /acima de\s*(\d[\d.]*)/i.exec(header);
    if (open) {
      const group = /grupo\s+de\s*(\d[\d.]*)/i.exec(header);
      const fraction = /fra[çc][ãa]o acima(?: de)?\s*(\d[\d.]*)/i.exec(header);
      if (!group) throw new SizingTableError(`coluna "${header}" sem o tamanho do grupo`);
      above = {
        column: c,
        header,
        above: count(open[1]!),
        group: count(group[1]!),
        fraction: fraction ? count(fraction[1]!) : null,
      };
      continue;
    }
    const m = RANGE.exec(header);
    if (!m) throw new SizingTableError(`coluna "${header}" não é uma faixa de empregados`);
    ranges.push({ column: c, header, min: count(m[1]!), max: count(m[2]!) });
  }
  for (let i = 1; i < ranges.length; i++)
    if (ranges[i]!.min !== ranges[i - 1]!.max! + 1)
      throw new SizingTableError(
        `faixas não contíguas: ${ranges[i - 1]!.header} e ${ranges[i]!.header}`,
      );
  if (ranges.length === 0) throw new SizingTableError('tabela sem faixas de empregados');
  if (above && above.above !== ranges.at(-1)!.max)
    throw new SizingTableError(`"${above.header}" não continua a última faixa`);
  return { ranges, above };
}

function findColumn(grid: TableGrid, pattern: RegExp, what: string): number {
  const paths = columnHeaderPaths(grid);
  const c = paths.findIndex((p) => pattern.test(p.at(-1) ?? ''));
  if (c < 0) throw new SizingTableError(`coluna "${what}" não encontrada`);
  return c;
}

/** The body rows (by index) whose grau de risco column reads `degree`. */
export function degreeRows(grid: TableGrid, degree: number): number[] {
  const column = findColumn(grid, /grau/i, 'Grau de Risco');
  return bodyMatrix(grid)
    .map((row, i) => (row[column]!.trim() === String(degree) ? i : -1))
    .filter((i) => i >= 0);
}

/** The body row of a CNAE class ("41.20-4") in NR-04 Anexo I. */
export function cnaeRow(grid: TableGrid, cnaeClass: string): number {
  const column = findColumn(grid, /c[óo]digo/i, 'Códigos');
  return bodyMatrix(grid).findIndex((row) => row[column]!.trim() === cnaeClass);
}

// ---- NR-04 Anexo I ----

export interface CnaeEntry {
  /** "41.20-4" */
  code: string;
  digits: string;
  description: string;
  degree: number;
}

const CNAE_CLASS = /^(\d{2})\.(\d{2})-(\d)$/;

/** NR-04 Anexo I: the CNAE classes with their grau de risco, by class digits ("41204"). */
export function readRiskDegrees(table: SourceTable): Map<string, CnaeEntry> {
  const code = findColumn(table.grid, /c[óo]digo/i, 'Códigos');
  const description = findColumn(table.grid, /denomina/i, 'Denominação');
  const degree = findColumn(table.grid, /^(GR|grau)/i, 'GR');
  const entries = new Map<string, CnaeEntry>();
  for (const row of bodyMatrix(table.grid)) {
    const m = CNAE_CLASS.exec(row[code]!.trim());
    const grau = row[degree]!.trim();
    if (!m || !/^[1-4]$/.test(grau)) continue;
    const digits = `${m[1]}${m[2]}${m[3]}`;
    entries.set(digits, {
      code: row[code]!.trim(),
      digits,
      description: row[description]!.trim(),
      degree: Number(grau),
    });
  }
  if (entries.size < 100) throw new SizingTableError('Anexo I com poucas classes CNAE');
  return entries;
}

// ---- NR-04 Anexo II ----

/** A cell of the SESMT table as printed: "1*" is one professional part-time. */
export interface SesmtCell {
  count: number;
  /** Asterisks after the number: 1 = tempo parcial, 3 = optional nurse instead (nota ***). */
  marks: number;
  printed: string;
}

export interface SesmtTable {
  ranges: EmployeeRange[];
  above: AboveRange;
  /** grau → role → cells by column. */
  cells: Map<number, Map<SesmtRole, Map<number, SesmtCell>>>;
  /** Row label as printed per role ("Técnico Seg. Trabalho"). */
  roleLabels: Map<SesmtRole, string>;
  footnotes: string[];
}

const ROLE_PATTERNS: [SesmtRole, RegExp][] = [
  ['tecnico_seguranca', /t[ée]cnico\s+seg/i],
  ['engenheiro_seguranca', /engenheiro/i],
  ['auxiliar_tecnico_enfermagem', /aux\.?|auxiliar/i],
  ['enfermeiro', /enfermeiro/i],
  ['medico', /m[ée]dico/i],
];

function roleOf(label: string): SesmtRole | null {
  for (const [role, pattern] of ROLE_PATTERNS) if (pattern.test(label)) return role;
  return null;
}

function readCell(text: string): SesmtCell | null {
  const t = text.trim();
  if (t === '') return { count: 0, marks: 0, printed: '' };
  const m = /^(\d+)\s*(\**)$/.exec(t);
  return m ? { count: Number(m[1]), marks: m[2]!.length, printed: t } : null;
}

export function readSesmtTable(table: SourceTable): SesmtTable {
  const grid = table.grid;
  const grauColumn = findColumn(grid, /grau/i, 'Grau de Risco');
  const roleColumn = findColumn(grid, /profission/i, 'Profissionais');
  const { ranges, above } = readRanges(grid, Math.max(grauColumn, roleColumn) + 1);
  if (!above) throw new SizingTableError('Anexo II sem a coluna acima da última faixa');
  const cells: SesmtTable['cells'] = new Map();
  const roleLabels = new Map<SesmtRole, string>();
  for (const row of bodyMatrix(grid)) {
    const grau = Number(row[grauColumn]!.trim());
    const role = roleOf(row[roleColumn]!);
    if (!(grau >= 1 && grau <= 4) || !role) continue;
    roleLabels.set(role, row[roleColumn]!.trim());
    const byColumn = new Map<number, SesmtCell>();
    for (const c of [...ranges.map((r) => r.column), above.column]) {
      const cell = readCell(row[c]!);
      if (!cell) throw new SizingTableError(`célula ilegível no Anexo II: "${row[c]}"`);
      byColumn.set(c, cell);
    }
    if (!cells.has(grau)) cells.set(grau, new Map());
    cells.get(grau)!.set(role, byColumn);
  }
  for (const grau of [1, 2, 3, 4])
    if (cells.get(grau)?.size !== 5)
      throw new SizingTableError(`Anexo II sem os cinco profissionais do grau ${grau}`);
  return { ranges, above, cells, roleLabels, footnotes: grid.footnotes };
}

// ---- NR-05 Quadro I ----

export interface CipaTable {
  ranges: EmployeeRange[];
  above: AboveRange;
  /** grau → "efetivos" | "suplentes" → numbers by column (null: blank cell). */
  cells: Map<
    number,
    { efetivos: Map<number, number | null>; suplentes: Map<number, number | null> }
  >;
}

export function readCipaTable(table: SourceTable): CipaTable {
  const grid = table.grid;
  const grauColumn = findColumn(grid, /grau/i, 'Grau de Risco');
  const kindColumn = findColumn(grid, /integrantes/i, 'Nº de integrantes');
  const { ranges, above } = readRanges(grid, Math.max(grauColumn, kindColumn) + 1);
  if (!above) throw new SizingTableError('Quadro I sem a coluna acima da última faixa');
  const cells: CipaTable['cells'] = new Map();
  for (const row of bodyMatrix(grid)) {
    const grau = Number(row[grauColumn]!.trim());
    const kind = /efetivo/i.test(row[kindColumn]!)
      ? 'efetivos'
      : /suplente/i.test(row[kindColumn]!)
        ? 'suplentes'
        : null;
    if (!(grau >= 1 && grau <= 4) || !kind) continue;
    const byColumn = new Map<number, number | null>();
    for (const c of [...ranges.map((r) => r.column), above.column]) {
      const text = row[c]!.trim();
      if (text !== '' && !/^\d+$/.test(text))
        throw new SizingTableError(`célula ilegível no Quadro I: "${text}"`);
      byColumn.set(c, text === '' ? null : Number(text));
    }
    if (!cells.has(grau)) cells.set(grau, { efetivos: new Map(), suplentes: new Map() });
    cells.get(grau)![kind] = byColumn;
  }
  for (const grau of [1, 2, 3, 4])
    if (!cells.get(grau)?.efetivos.size || !cells.get(grau)?.suplentes.size)
      throw new SizingTableError(`Quadro I sem efetivos e suplentes do grau ${grau}`);
  return { ranges, above, cells };
}
