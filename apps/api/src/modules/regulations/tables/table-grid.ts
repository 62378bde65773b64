/**
 * Reading a table kept as data: the dense grid (every position with the cell covering it) and each
 * column's header path, and its rendering as a GitHub-flavoured markdown table.
 */
import type { TableCell, TableGrid } from '@normas/contracts/tables';

export interface Position {
  cell: TableCell;
  /** Whether this position is where the cell starts (top-left). */
  origin: boolean;
}

/** Expands HTML-model rows into a dense rows × columns matrix of the cells covering each position. */
export function denseRows(rows: TableCell[][], columnCount: number): Position[][] {
  const out: (Position | undefined)[][] = rows.map(() => new Array(columnCount));
  rows.forEach((row, r) => {
    let c = 0;
    for (const cell of row) {
      while (c < columnCount && out[r]![c]) c++;
      for (let dr = 0; dr < cell.rowSpan && r + dr < rows.length; dr++)
        for (let dc = 0; dc < cell.colSpan && c + dc < columnCount; dc++)
          out[r + dr]![c + dc] = { cell, origin: dr === 0 && dc === 0 };
      c += cell.colSpan;
    }
  });
  const empty: TableCell = { text: '', colSpan: 1, rowSpan: 1 };
  return out.map((row) =>
    Array.from({ length: columnCount }, (_, c) => row[c] ?? { cell: empty, origin: true }),
  );
}

/**
 * The leading "stub" columns that label the rows (grau de risco, profissional, código): each holds
 * text or cells spanning rows. Their header is their own lowest header cell, not a spanning one.
 */
export function stubColumns(grid: TableGrid): number {
  const body = denseRows(grid.bodyRows, grid.columnCount);
  let stub = 0;
  while (
    stub < grid.columnCount - 1 &&
    body.some((row) => row[stub]!.cell.rowSpan > 1 || /\p{L}/u.test(row[stub]!.cell.text))
  )
    stub++;
  return stub;
}

/** Each column's header texts, top to bottom, without repeats ("Nº de Trabalhadores…", "50 a 100"). */
export function columnHeaderPaths(grid: TableGrid): string[][] {
  const dense = denseRows(grid.headerRows, grid.columnCount);
  const stub = stubColumns(grid);
  return Array.from({ length: grid.columnCount }, (_, c) => {
    const path: string[] = [];
    for (const row of dense) {
      const text = row[c]!.cell.text;
      if (text && path.at(-1) !== text) path.push(text);
    }
    return c < stub ? path.slice(-1) : path;
  });
}

/** The body as plain text per position: a cell spanning rows repeats in each (each row reads alone). */
export function bodyMatrix(grid: TableGrid): string[][] {
  return denseRows(grid.bodyRows, grid.columnCount).map((row) =>
    row.map((p) => (p.origin || p.cell.rowSpan > 1 ? p.cell.text : '')),
  );
}

function escapeCell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
}

/** The pieces of a GFM table: header line and rule, one line per body row, the notes below. */
export function markdownParts(grid: TableGrid): { header: string; rows: string[]; notes: string } {
  const headers = columnHeaderPaths(grid).map((path) => escapeCell(path.join(' – ')));
  const line = (cells: string[]) => `| ${cells.map((c) => escapeCell(c) || ' ').join(' | ')} |`;
  return {
    header: `${line(headers)}\n|${' --- |'.repeat(grid.columnCount)}`,
    rows: bodyMatrix(grid).map(line),
    notes: grid.footnotes.join('\n\n'),
  };
}

/**
 * A GFM table of the grid: one header line (stacked headers joined with " – "), the body rows
 * (all, or those `rows` selects, by body index), then the footnotes below.
 */
export function tableMarkdown(
  grid: TableGrid,
  options: { rows?: readonly number[]; footnotes?: boolean } = {},
): string {
  const parts = markdownParts(grid);
  return composeMarkdown(parts, options);
}

export function composeMarkdown(
  parts: ReturnType<typeof markdownParts>,
  options: { rows?: readonly number[]; footnotes?: boolean } = {},
): string {
  const rows = options.rows
    ? options.rows.map((i) => parts.rows[i]).filter((r) => r !== undefined)
    : parts.rows;
  const table = [parts.header, ...rows].join('\n');
  return options.footnotes !== false && parts.notes ? `${table}\n\n${parts.notes}` : table;
}

/**
 * A GFM table of some body rows and columns of a grid (a grau's rows, the column of an employee
 * count), headed by each column's header path: the part of a printed table an answer rests on.
 */
export function tableSliceMarkdown(
  grid: TableGrid,
  rows: readonly number[],
  columns: readonly number[],
): string {
  const paths = columnHeaderPaths(grid);
  const matrix = bodyMatrix(grid);
  const line = (cells: string[]) => `| ${cells.map((c) => escapeCell(c) || ' ').join(' | ')} |`;
  return [
    line(columns.map((c) => paths[c]!.join(' – '))),
    `|${' --- |'.repeat(columns.length)}`,
    ...rows.map((r) => line(columns.map((c) => matrix[r]![c]!))),
  ].join('\n');
}
