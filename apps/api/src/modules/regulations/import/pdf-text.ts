import type { TableGrid } from '@normas/contracts/tables';
import { collectPdfPieces, type PdfPage, type Piece } from './pdf-pieces';
import { findPageTables, type PageTable } from './pdf-tables';
import { assembleTable } from './table-assembly';
import { tableEndMarker, tableStartMarker, tableTextLines } from './table-markers';

interface Line {
  y: number;
  height: number;
  text: string;
}

/** Items whose baselines differ by less than this share a line (superscripts sit slightly higher). */
const SAME_LINE = 3;

/** Rebuilds the visual lines of a page from positioned text items. */
export function buildLines(pieces: Piece[]): Line[] {
  const sorted = pieces.filter((p) => p.text.trim() !== '').sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: Piece[][] = [];
  for (const piece of sorted) {
    const row = rows.at(-1);
    if (row && Math.abs(row[0]!.y - piece.y) < SAME_LINE) row.push(piece);
    else rows.push([piece]);
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x - b.x);
    const height = Math.max(...row.map((p) => p.height));
    let text = '';
    let end: number | null = null;
    for (const piece of row) {
      if (end !== null) {
        const gap = piece.x - end;
        // A gap wider than about three spaces separates table cells; keep them apart visibly.
        if (gap > Math.max(12, height * 1.1)) text += ' | ';
        else if (gap > height * 0.12 && !text.endsWith(' ') && !piece.text.startsWith(' '))
          text += ' ';
      }
      text += piece.text;
      end = piece.x + piece.width;
    }
    return { y: row[0]!.y, height, text: text.replace(/\s+/g, ' ').trim() };
  });
}

function furnitureKey(text: string): string {
  return text.replace(/\d+/g, '#');
}

/** Lines repeated at the top or bottom of many pages (running headers, footers, page numbers). */
function findFurniture(pages: Line[][]): Set<string> {
  const counts = new Map<string, number>();
  for (const lines of pages) {
    const edge = new Set(
      [...lines.slice(0, 2), ...lines.slice(-2)].map((l) => furnitureKey(l.text)),
    );
    for (const key of edge) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const minimum = Math.max(3, Math.ceil(pages.length * 0.4));
  return new Set([...counts].filter(([, n]) => n >= minimum).map(([key]) => key));
}

const PAGE_NUMBER = /^(P[áa]gina\s*)?\d{1,3}(\s*(de|\/)\s*\d{1,3})?$/i;

/** The lines of each page that are running text: furniture and edge page numbers left out. */
function keptLines(pages: Line[][]): Line[][] {
  const furniture = pages.length > 2 ? findFurniture(pages) : new Set<string>();
  return pages.map((lines) =>
    lines.filter((line, i) => {
      if (furniture.has(furnitureKey(line.text))) return false;
      const atEdge = i < 2 || i >= lines.length - 2;
      return !(atEdge && PAGE_NUMBER.test(line.text));
    }),
  );
}

/** Joins the pages' lines into text; a blank line marks a vertical gap wider than line spacing. */
export function linesToText(pages: Line[][]): string {
  return layoutToText(pages.map((lines) => ({ lines, tables: [] }))).text;
}

interface PageLayout {
  lines: Line[];
  tables: PageTable[];
}

/** A table as extracted: its grid and the page it starts on. */
export type ExtractedTable = TableGrid & { page: number | null };

type Slot = { kind: 'line'; line: Line } | { kind: 'table'; table: PageTable };

const top = (s: Slot) => (s.kind === 'line' ? s.line.y : s.table.ys[0]!);
/** A note printed right under a table: "* Informações …", "(*) Tempo parcial …". */
const NOTE_BELOW = /^\(?\*/;

/**
 * The document's text with each ruled table replaced by a marked block (see table-markers.ts), and
 * the tables as data. A table that runs on at the top of the next page is one table.
 */
export function layoutToText(pages: PageLayout[]): { text: string; tables: ExtractedTable[] } {
  const kept = keptLines(pages.map((p) => p.lines));
  const slots: Slot[][] = pages.map((page, i) =>
    [
      ...kept[i]!.map((line) => ({ kind: 'line' as const, line })),
      ...page.tables.map((table) => ({ kind: 'table' as const, table })),
    ].sort((a, b) => top(b) - top(a)),
  );

  // Group table parts: a table ending a page and one opening the next with the same outer edges.
  const groups: PageTable[][] = [];
  const groupOf = new Map<PageTable, PageTable[]>();
  slots.forEach((page, i) => {
    for (const slot of page) {
      if (slot.kind !== 'table') continue;
      const previous = slots[i - 1]?.at(-1);
      const continues =
        slot === page[0] &&
        previous?.kind === 'table' &&
        Math.abs(previous.table.xs[0]! - slot.table.xs[0]!) <= 3 &&
        Math.abs(previous.table.xs.at(-1)! - slot.table.xs.at(-1)!) <= 3;
      if (continues) {
        const group = groupOf.get(previous.table)!;
        group.push(slot.table);
        groupOf.set(slot.table, group);
      } else {
        const group = [slot.table];
        groups.push(group);
        groupOf.set(slot.table, group);
      }
    }
  });

  // Notes printed just under a table's last part belong to it.
  const notes = new Map<PageTable[], string[]>();
  const consumed = new Set<Line>();
  for (const page of slots) {
    page.forEach((slot, k) => {
      if (slot.kind !== 'table') return;
      const group = groupOf.get(slot.table)!;
      if (group.at(-1) !== slot.table) return;
      const bottom = slot.table.ys.at(-1)!;
      const lines: Line[] = [];
      for (let j = k + 1; j < page.length; j++) {
        const next = page[j]!;
        if (next.kind !== 'line') break;
        const above = lines.at(-1);
        const gap = (above ? above.y : bottom) - next.line.y;
        if (lines.length === 0) {
          if (!NOTE_BELOW.test(next.line.text) || gap > slot.table.lineHeight * 3) break;
        } else if (gap > Math.max(above!.height, next.line.height) * 1.6) break;
        lines.push(next.line);
      }
      const texts = lines.map((l) => l.text);
      for (const l of lines) consumed.add(l);
      if (texts.length > 0) notes.set(group, [texts.join(' ')]);
    });
  }

  const tables: ExtractedTable[] = [];
  const out: string[] = [];
  for (const page of slots) {
    let previous: Line | null = null;
    for (const slot of page) {
      if (slot.kind === 'table') {
        const group = groupOf.get(slot.table)!;
        previous = null;
        if (group[0] !== slot.table) continue;
        const grid = assembleTable(group, notes.get(group) ?? []);
        tables.push({ ...grid, page: group[0]!.page });
        out.push('', tableStartMarker(tables.length), ...tableTextLines(grid), tableEndMarker, '');
        continue;
      }
      const line = slot.line;
      if (consumed.has(line)) continue;
      if (previous && previous.y - line.y > Math.max(previous.height, line.height) * 1.6)
        out.push('');
      out.push(line.text);
      previous = line;
    }
  }
  return { text: out.join('\n'), tables };
}

/** The text of a PDF (line by line, without page furniture) and its ruled tables as data. */
export async function extractPdfDocument(
  data: Uint8Array,
  // pdf.js loads when a PDF is read on this thread, not with the server (which reads on workers).
  readPages: (data: Uint8Array) => Promise<PdfPage[]> = async (d) =>
    collectPdfPieces(await import('pdfjs-dist/legacy/build/pdf.mjs'), d),
): Promise<{ text: string; tables: ExtractedTable[] }> {
  const pages = await readPages(data);
  return layoutToText(
    pages.map((page, i) => {
      const tables = findPageTables(i + 1, page.pieces, page.rules);
      const inTable = new Set(tables.flatMap((t) => [...t.pieces]));
      return { lines: buildLines(page.pieces.filter((p) => !inTable.has(p))), tables };
    }),
  );
}
