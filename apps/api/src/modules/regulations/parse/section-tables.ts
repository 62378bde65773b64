/**
 * Tables inside the parsed text: a marked block (import/table-markers.ts) stands for one table of
 * the extraction. Here it becomes a markdown table in the content of the section it sits in — cut
 * by rows, with the header repeated, when it is too long for one section — and a table record that
 * knows its label, title and sections.
 */
import type { TableGrid } from '@normas/contracts/tables';
import { isTableEndMarker, tableMarkerIndex, tableStartMarker } from '../import/table-markers';
import { composeMarkdown, markdownParts } from '../tables/table-grid';
import { titleCase } from './front-matter';

export interface ParsedTable {
  /** Order among the regulation's tables, from 1. */
  position: number;
  label: string;
  title: string;
  sectionNumber: number;
  lastSectionNumber: number;
  page: number | null;
  grid: TableGrid;
}

/**
 * Collapses each marked table block to its start marker line, so that its rows are not read as
 * items; `rows` keeps their text for readers of the front matter. An unclosed block is dropped.
 */
export function collapseTableBlocks(lines: string[]): {
  lines: string[];
  rows: Map<number, string[]>;
} {
  const out: string[] = [];
  const rows = new Map<number, string[]>();
  for (let i = 0; i < lines.length; i++) {
    const index = tableMarkerIndex(lines[i]!);
    if (index === null) {
      if (!isTableEndMarker(lines[i]!)) out.push(lines[i]!);
      continue;
    }
    const end = lines.findIndex((l, j) => j > i && isTableEndMarker(l));
    if (end < 0) continue;
    rows.set(index, lines.slice(i + 1, end));
    out.push(tableStartMarker(index));
    i = end;
  }
  return { lines: out, rows };
}

/** The front matter's lines with each table marker replaced by the table's row lines. */
export function expandTableRows(lines: string[], rows: Map<number, string[]>): string[] {
  return lines.flatMap((l) => {
    const index = tableMarkerIndex(l);
    return index === null ? [l] : (rows.get(index) ?? []);
  });
}

const CAPTION =
  /^(QUADRO|Quadro|TABELA|Tabela)\s+(?:N\.?\s*[º°o]\.?\s*)?([IVXL]+|\d{1,2}(?:\.\d{1,2})*(?:-?[A-Z])?)\b\s*[-–:.]?\s*(.*)$/;

export interface TableContext {
  /** The caption block's label ("Quadro I") when the table follows a caption line. */
  captionLabel?: string;
  captionTitle?: string;
  /** The annex heading, when the table opens an annex. */
  annex?: { label: string; title: string } | null;
  /** The item the table sits in ("12.3.4", "Anexo II 1.3"). */
  item?: string;
  /** The paragraph printed just before the table, if any. */
  before?: string;
}

/** Acronyms the NRs print in capitals, kept so when a capitalised title is put in title case. */
const ACRONYMS =
  /(?<!\p{L})(Sesmt|Sesstp|Cipa|Cipamin|Cpatp|Cnae|Gr|Nr|Epi|Epc|Pgr|Pcmso|Sestr|Clt|Abnt|Nbr|Mei|Me|Epp|Cnpj|Cpf|Glp|Gn|Spda|Ppra|Pcmat)(?!\p{L})/gu;

function readable(title: string): string {
  const trimmed = title.trim().replace(/[.:]$/, '');
  const cased = titleCase(trimmed);
  return cased === trimmed ? cased : cased.replace(ACRONYMS, (w) => w.toUpperCase());
}

/** How the regulation names a table: its caption, else its annex, else the item it sits in. */
export function nameTable(
  context: TableContext,
  position: number,
): { label: string; title: string } {
  const caption = context.before ? CAPTION.exec(context.before) : null;
  if (caption) {
    const kind = caption[1]!.toLowerCase() === 'quadro' ? 'Quadro' : 'Tabela';
    return { label: `${kind} ${caption[2]!}`, title: readable(caption[3] ?? '') };
  }
  if (context.captionLabel)
    return { label: context.captionLabel, title: readable(context.captionTitle ?? '') };
  if (context.annex) return { label: context.annex.label, title: readable(context.annex.title) };
  if (context.item) return { label: `Tabela do item ${context.item}`, title: '' };
  return { label: `Tabela ${position}`, title: '' };
}

/** A section's worth of content: text paragraphs and table rows, in order. */
export interface ContentChunk {
  content: string;
  /** The tables (extraction index) whose rows are in this chunk. */
  tables: number[];
}

/**
 * Cuts paragraphs into section contents of at most `max` characters (a longer paragraph stays
 * whole); a table marker paragraph becomes its markdown table, cut by rows when it is too long,
 * each part with the header.
 */
export function chunkWithTables(
  paragraphs: string[],
  grids: ReadonlyMap<number, TableGrid>,
  max: number,
): ContentChunk[] {
  const chunks: ContentChunk[] = [];
  let current: ContentChunk = { content: '', tables: [] };
  const flush = () => {
    if (current.content) chunks.push(current);
    current = { content: '', tables: [] };
  };
  const add = (text: string, separator: string, table?: number) => {
    if (current.content && current.content.length + text.length + separator.length > max) flush();
    current.content = current.content ? `${current.content}${separator}${text}` : text;
    if (table !== undefined && !current.tables.includes(table)) current.tables.push(table);
  };
  for (const paragraph of paragraphs) {
    const index = tableMarkerIndex(paragraph);
    const grid = index === null ? undefined : grids.get(index);
    if (index === null || !grid) {
      if (index === null) add(paragraph, current.content.endsWith('|') ? '\n\n' : '\n');
      continue;
    }
    const parts = markdownParts(grid);
    const whole = composeMarkdown(parts);
    if (whole.length <= max) {
      add(whole, '\n\n', index);
      continue;
    }
    // Rows in groups that fit, each group a table of its own with the header.
    let group: number[] = [];
    let length = parts.header.length;
    const emit = (last: boolean) => {
      if (group.length === 0) return;
      flush();
      add(composeMarkdown(parts, { rows: group, footnotes: last }), '\n\n', index);
      group = [];
      length = parts.header.length;
    };
    parts.rows.forEach((row, r) => {
      if (group.length > 0 && length + row.length + 1 > max) emit(false);
      group.push(r);
      length += row.length + 1;
    });
    emit(true);
  }
  flush();
  return chunks;
}
