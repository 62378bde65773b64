/**
 * From the grids of a table found on one or more pages to the table as data: one set of columns,
 * a row split by a page break joined again, a header repeated on the next page dropped, the header
 * rows told from the body (bold, and the rows their cells span), footnote rows taken out.
 */
import type { TableCell, TableGrid } from '@normas/contracts/tables';
import type { GridCell, PageTable } from './pdf-tables';

/** Two boundaries closer than this (points) are the same column edge across pages. */
const SNAP = 3;

/** A cell in the table's own grid (rows counted across pages, columns of all parts). */
type Cell = GridCell;

/** Joins a cell's lines the way a reader does: a word broken after a hyphen ("NR-" "05") stays joined. */
export function joinLines(lines: readonly string[]): string {
  let text = '';
  for (const line of lines) {
    if (!text) text = line;
    else text = /\p{L}-$/u.test(text) ? text + line : `${text} ${line}`;
  }
  return text.replace(/\s+/g, ' ').trim();
}

function unionColumns(parts: PageTable[]): number[] {
  const all = parts.flatMap((p) => p.xs).sort((a, b) => a - b);
  const out: number[] = [];
  for (const x of all) if (out.length === 0 || x - out.at(-1)! > SNAP) out.push(x);
  return out;
}

function nearest(xs: number[], x: number): number {
  let best = 0;
  for (let i = 1; i < xs.length; i++) if (Math.abs(xs[i]! - x) < Math.abs(xs[best]! - x)) best = i;
  return best;
}

const LOWER_START = /^[\p{Ll}]/u;

/** The first row of a continued part is the rest of a row the page break cut in two. */
function isSplitRow(previous: Cell[], first: Cell[]): boolean {
  const filled = first.filter((c) => c.lines.length > 0);
  if (filled.length === 0 || first.some((c) => c.r1 - c.r0 !== 1)) return false;
  const continues =
    filled.every((c) => LOWER_START.test(c.lines[0]!)) ||
    (filled.every((c) => c.bold) &&
      previous.filter((c) => c.lines.length > 0).every((c) => c.bold));
  return (
    continues &&
    filled.every((c) => previous.some((p) => p.c0 <= c.c0 && p.c1 > c.c0 && p.lines.length > 0))
  );
}

function rowText(cells: Cell[], r: number): string {
  return cells
    .filter((c) => c.r0 === r)
    .map((c) => joinLines(c.lines))
    .join('|');
}

function toCells(part: PageTable, xs: number[], rowOffset: number): Cell[] {
  return part.cells.map((c: GridCell) => ({
    r0: c.r0 + rowOffset,
    r1: c.r1 + rowOffset,
    c0: nearest(xs, part.xs[c.c0]!),
    c1: nearest(xs, part.xs[c.c1]!),
    lines: [...c.lines],
    bold: c.bold,
  }));
}

function headerRowCount(cells: Cell[], rows: number): number {
  const starting = (r: number) => cells.filter((c) => c.r0 === r && c.lines.length > 0);
  let h = 0;
  while (h < rows && starting(h).length > 0 && starting(h).every((c) => c.bold)) h++;
  // No bold header: a first row of two or more labels (no bare numbers) reads as one.
  if (h === 0 || h >= rows) {
    const first = starting(0);
    h = first.length >= 2 && first.every((c) => !/^[\d.,\s*%-]+$/.test(joinLines(c.lines))) ? 1 : 0;
  }
  // A header cell spanning rows below brings them into the header.
  for (let changed = true; changed;) {
    changed = false;
    for (const c of cells)
      if (c.r0 < h && c.r1 > h && c.r1 < rows) {
        h = c.r1;
        changed = true;
      }
  }
  return h;
}

const NOTE_START =
  /^(\(\*+\)|\*+|\(\d+\)|OBSERVA[ÇC]|Observa[çc]|Obs\.|Notas?\b|NOTAS?\b|Fonte\b|[A-Z]\)\s)/;

/** A stacked row has at least this many lines in each cell… */
const MIN_STACKED = 3;
/** …each of them a short value, not a wrapped sentence. */
const MAX_STACKED_LINE = 30;

/**
 * Rows the PDF drew without rules between them: one ruled row whose every cell holds the same
 * number of short lines, the first column's each with a figure ("85", "86", … beside "8 horas", "7
 * horas", …, NR-15 Anexo 1), is that many rows, a line of each cell in each.
 */
function unstackRows(cells: Cell[], rows: number): { cells: Cell[]; rows: number } {
  let out = cells;
  let total = rows;
  for (let r = total - 1; r >= 0; r--) {
    const row = out.filter((c) => c.r0 <= r && c.r1 > r);
    const n = row[0]?.lines.length ?? 0;
    const stacked =
      row.length >= 2 &&
      n >= MIN_STACKED &&
      row.every(
        (c) =>
          c.r0 === r &&
          c.r1 === r + 1 &&
          c.lines.length === n &&
          c.lines.every((l) => l.length <= MAX_STACKED_LINE),
      ) &&
      [...row].sort((a, b) => a.c0 - b.c0)[0]!.lines.every((l) => /\d/.test(l));
    if (!stacked) continue;
    const extra = n - 1;
    out = out.flatMap((c) => {
      if (c.r0 === r && c.r1 === r + 1)
        return c.lines.map((line, k) => ({ ...c, r0: r + k, r1: r + k + 1, lines: [line] }));
      return [{ ...c, r0: c.r0 > r ? c.r0 + extra : c.r0, r1: c.r1 > r ? c.r1 + extra : c.r1 }];
    });
    total += extra;
  }
  return { cells: out, rows: total };
}

/** Splits a footnote cell's lines into notes: a new note starts at "(*)", "*", "A)", "Nota", … */
export function splitNotes(lines: readonly string[]): string[] {
  const notes: string[][] = [];
  for (const line of lines) {
    if (notes.length === 0 || NOTE_START.test(line)) notes.push([line]);
    else notes.at(-1)!.push(line);
  }
  return notes.map(joinLines).filter((n) => n !== '');
}

/** Assembles one table from its page parts (in page order) and the notes printed just below it. */
export function assembleTable(parts: PageTable[], notesBelow: string[] = []): TableGrid {
  const xs = unionColumns(parts);
  const columnCount = xs.length - 1;
  let cells: Cell[] = [];
  let rows = 0;
  let headerTexts: string[] | null = null;
  for (const [i, part] of parts.entries()) {
    let own = toCells(part, xs, rows);
    let partRows = part.ys.length - 1;
    if (i > 0) {
      const first = own.filter((c) => c.r0 === rows);
      const previous = cells.filter((c) => c.r1 === rows);
      if (isSplitRow(previous, first)) {
        for (const c of first.filter((f) => f.lines.length > 0)) {
          const target = previous.find((p) => p.c0 <= c.c0 && p.c1 > c.c0)!;
          target.lines.push(...c.lines);
          target.bold &&= c.bold;
        }
        own = own.filter((c) => c.r0 !== rows).map((c) => ({ ...c, r0: c.r0 - 1, r1: c.r1 - 1 }));
        partRows -= 1;
      }
      // Word repeats header rows at the top of every page when asked to; they are printed once.
      if (headerTexts) {
        let repeated = 0;
        while (
          repeated < headerTexts.length &&
          repeated < partRows &&
          rowText(own, rows + repeated) === headerTexts[repeated]
        )
          repeated++;
        if (repeated === headerTexts.length && repeated > 0) {
          own = own
            .filter((c) => c.r0 >= rows + repeated)
            .map((c) => ({ ...c, r0: c.r0 - repeated, r1: c.r1 - repeated }));
          partRows -= repeated;
        }
      }
    }
    cells.push(...own);
    rows += partRows;
    if (i === 0) {
      const h = headerRowCount(cells, rows);
      headerTexts = Array.from({ length: h }, (_, r) => rowText(cells, r));
    }
  }

  // Footnote rows: one cell across the whole table, at the bottom, reading like a note.
  const footnotes: string[] = [];
  while (rows > 0) {
    const last = cells.filter((c) => c.r1 === rows);
    const only = last.length === 1 ? last[0]! : null;
    if (
      !only ||
      only.r0 !== rows - 1 ||
      only.c0 !== 0 ||
      only.c1 !== columnCount ||
      only.lines.length === 0 ||
      !NOTE_START.test(only.lines[0]!)
    )
      break;
    footnotes.unshift(...splitNotes(only.lines));
    cells = cells.filter((c) => c !== only);
    rows -= 1;
  }
  footnotes.push(...notesBelow);

  // Rows left empty with nothing spanning them are spacing, not data.
  const empty = new Set<number>();
  for (let r = 0; r < rows; r++) {
    const touching = cells.filter((c) => c.r0 <= r && c.r1 > r);
    if (touching.every((c) => c.r0 === r && c.r1 === r + 1 && c.lines.length === 0)) empty.add(r);
  }
  const kept = [...Array(rows).keys()].filter((r) => !empty.has(r));
  const newIndex = new Map(kept.map((r, i) => [r, i]));
  cells = cells
    .filter((c) => !(empty.has(c.r0) && c.r1 === c.r0 + 1))
    .map((c) => ({ ...c, r0: newIndex.get(c.r0)!, r1: newIndex.get(c.r1 - 1)! + 1 }));
  rows = kept.length;

  ({ cells, rows } = unstackRows(cells, rows));

  let header = Math.min(headerRowCount(cells, rows), rows);
  // Nothing below the header: the rows are data (a key–value box), not a header.
  if (header === rows) header = 0;
  const rowsOf = (from: number, to: number): TableCell[][] =>
    Array.from({ length: to - from }, (_, k) =>
      cells
        .filter((c) => c.r0 === from + k)
        .sort((a, b) => a.c0 - b.c0)
        .map((c) => ({
          text: joinLines(c.lines),
          colSpan: c.c1 - c.c0,
          rowSpan: Math.min(c.r1, to) - c.r0,
        })),
    );
  return {
    columnCount,
    headerRows: rowsOf(0, header),
    bodyRows: rowsOf(header, rows),
    footnotes,
  };
}
