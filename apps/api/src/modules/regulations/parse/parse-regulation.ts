import { splitBlocks, type Block } from './blocks';
import { findEffectiveDate, laterDate } from './effective-date';
import {
  authorityFor,
  codeFromFileName,
  findTitle,
  latestAct,
  parseActs,
  parseAmendmentTable,
  titleCase,
  type ActsInfo,
} from './front-matter';
import { isPageFurniture, normalizeText } from './normalize-text';
import { buildParagraphs, isScopeNote, isTableRow, withoutNotes } from './paragraphs';
import {
  chunkWithTables,
  collapseTableBlocks,
  expandTableRows,
  nameTable,
  type ParsedTable,
} from './section-tables';
import { removeTablesOfContents } from './table-of-contents';
import type { TableGrid } from '@normas/contracts/tables';
import type { ExtractedTable } from '../import/pdf-text';
import { tableMarkerIndex } from '../import/table-markers';

export type { ParsedTable } from './section-tables';

export interface ParsedSection {
  /** Position in document order, from 1. */
  number: number;
  item: string;
  headingPath: string;
  content: string;
  effectiveFrom: string | null;
}

export interface ParsedRegulation {
  code: string;
  title: string;
  authority: string;
  issuedDate: string | null;
  revisedDate: string | null;
  status: string;
  description: string;
  /** The header's acts: publication, amendments, wording act (the version of the text). */
  acts?: ActsInfo;
  sections: ParsedSection[];
  /** The Quadros/Tabelas/Anexos printed as tables, in document order (PDFs only). */
  tables?: ParsedTable[];
}

export class RegulationParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegulationParseError';
  }
}

/** Long tables (NR-28's infraction codes) are cut so that one section stays readable. */
const MAX_SECTION_CHARS = 3000;

function firstMainItem(lines: string[], regulationNumber: number): number {
  const re = /^(\d{1,2})(?:\.\d{1,3})+\.?(?:\s+(.*))?$/;
  return lines.findIndex((line) => {
    const m = re.exec(line);
    return m !== null && Number(m[1]) === regulationNumber && (!m[2] || /^[\p{Lu}(]/u.test(m[2]));
  });
}

/** Words that make a line a sentence rather than a title ("1.8.1 O MEI está dispensado de …"). */
const SENTENCE =
  /(?<!\p{L})(deve|devem|deverá|deverão|é|são|está|estão|será|serão|pode|podem|fica|ficam|implica|aplica-se|aplicam-se|considera-se|consideram-se|cabe|compete)(?!\p{L})|^(O|A|Os|As|Um|Uma|Todo|Toda|Todos|Todas|No|Na|Nos|Nas|Em|Quando|Se|Para|Caso|Havendo|Sempre|Esta|Este|É)\s/iu;

/**
 * A numbered title ("35.3 Responsabilidades") rather than a rule: short, no verb of a rule, not a
 * sentence, and followed by its own sub-items. Titles feed heading paths instead of sections.
 */
function isHeading(block: Block, paragraphs: string[], next: Block | undefined): boolean {
  if (block.kind !== 'item' || paragraphs.length !== 1) return false;
  const text = withoutNotes(paragraphs[0]!);
  const hasChildren =
    next?.kind === 'item' &&
    next.annex === block.annex &&
    next.number.length > block.number.length &&
    block.number.every((c, i) => next.number[i] === c);
  return (
    hasChildren &&
    text.length > 0 &&
    text.length <= 120 &&
    // Chapter titles sometimes end with a period ("12.11 Manutenção, inspeção … e limpeza.").
    (!/[.;:,]$/.test(text) || (block.number.length <= 2 && text.endsWith('.'))) &&
    !SENTENCE.test(text) &&
    !isTableRow(text) &&
    /^\p{Lu}/u.test(text)
  );
}

interface Scope {
  annexIndex: number | null;
  prefix: string[];
  date: string;
}

function inScope(scope: Scope, block: Block): boolean {
  if ((block.annex?.index ?? null) !== scope.annexIndex) return false;
  return scope.prefix.every((c, i) => block.number[i] === c);
}

function annexRoot(block: Block): string {
  if (!block.annex) return '';
  return block.annex.title
    ? `${block.annex.label} - ${titleCase(block.annex.title)}`
    : block.annex.label;
}

/** An annex title printed on two lines: the second opens the annex's first block. */
const TITLE_CONTINUATION = /^[^\p{Ll}]{1,200}$/u;

/** "ANULADO POR DECISÃO JUDICIAL", "(Revogado pela Portaria…)": an annex no longer in force. */
const ANNULLED = /^\(?\s*(?:anulad[oa]|revogad[oa])\b/i;

/**
 * The annexes whose heading says they are no longer in force. NR-16 still prints its former Anexo
 * V (motorcycles, 2014), "ANULADO POR DECISÃO JUDICIAL", after the one in force since 2026: its
 * items are not the rule, and an answer must never cite them. Only what precedes the annex's first
 * item counts; a revoked item inside an annex is a note of its own.
 */
function annulledAnnexes(blocks: readonly Block[], paragraphsOf: readonly string[][]): Set<number> {
  const annulled = new Set<number>();
  const opened = new Set<number>();
  blocks.forEach((block, i) => {
    const index = block.annex?.index;
    if (index === undefined || opened.has(index)) return;
    if (block.kind === 'item') {
      opened.add(index);
      return;
    }
    if ([block.head, ...paragraphsOf[i]!].some((text) => ANNULLED.test(text.trim())))
      annulled.add(index);
  });
  return annulled;
}

/**
 * Turns blocks into sections: headings feed heading paths, notes feed effective dates, table
 * markers become markdown tables in the content and table records.
 */
function assembleSections(
  blocks: Block[],
  grids: ReadonlyMap<number, ExtractedTable>,
): { sections: ParsedSection[]; tables: ParsedTable[] } {
  const tables: ParsedTable[] = [];
  const tableByIndex = new Map<number, ParsedTable>();
  const paragraphsOf = blocks.map((b) =>
    b.kind === 'item'
      ? buildParagraphs([b.head, ...b.lines], b.glossary)
      : buildParagraphs(b.lines, true),
  );
  const scopes: Scope[] = [];

  // A note printed just before a heading ("Entra em vigor em …") governs that heading's items;
  // a note at the top of an annex governs the whole annex.
  blocks.forEach((block, i) => {
    const paragraphs = paragraphsOf[i]!;
    if (block.kind === 'text' && block.annex && paragraphs.every((p) => isScopeNote(p))) {
      const date = findEffectiveDate(paragraphs.join(' '));
      if (date) scopes.push({ annexIndex: block.annex.index, prefix: [], date });
      return;
    }
    const next = blocks[i + 1];
    const nextIsHeading = next && isHeading(next, paragraphsOf[i + 1]!, blocks[i + 2]);
    while (nextIsHeading && paragraphs.length > 1 && isScopeNote(paragraphs.at(-1)!)) {
      const note = paragraphs.pop()!;
      const date = findEffectiveDate(note);
      if (date) scopes.push({ annexIndex: next.annex?.index ?? null, prefix: next.number, date });
    }
  });

  const sections: ParsedSection[] = [];
  let stack: { number: string[]; text: string; annex: number | null; part?: string }[] = [];
  const annulled = annulledAnnexes(blocks, paragraphsOf);
  blocks.forEach((block, i) => {
    if (block.annex && annulled.has(block.annex.index)) return;
    const paragraphs = paragraphsOf[i]!.filter((p) => p !== '');
    const annexIndex = block.annex?.index ?? null;
    stack = stack.filter(
      (h) =>
        h.annex === annexIndex &&
        h.part === block.part?.id &&
        block.kind === 'item' &&
        h.number.length < block.number.length &&
        h.number.every((c, k) => block.number[k] === c),
    );
    const pathParts = [
      annexRoot(block),
      // A part's own heading block names itself below; its items are under it.
      block.part && block.kind === 'item' ? titleCase(block.part.title) : '',
      ...stack.map((h) => `${h.number.join('.')} ${h.text}`),
    ];
    if (block.table)
      pathParts.push([block.table, titleCase(block.head)].filter(Boolean).join(' - '));
    else if (block.kind === 'text' && block.head) pathParts.push(titleCase(block.head));
    const headingPath = pathParts.filter(Boolean).join(' > ');

    if (isHeading(block, paragraphs, blocks[i + 1])) {
      stack.push({
        number: block.number,
        text: withoutNotes(paragraphs[0]!),
        annex: annexIndex,
        part: block.part?.id,
      });
      return;
    }
    const body = paragraphs;
    if (body.length === 0 || body.every((p) => isScopeNote(p))) return;

    const number = block.number.join('.');
    const item =
      block.kind === 'item'
        ? [block.annex?.label, block.part?.id, number].filter(Boolean).join(' ')
        : block.table
          ? block.table
          : [
              block.annex?.label,
              block.glossary ? 'Glossário' : block.annex ? '' : titleCase(block.head),
            ]
              .filter(Boolean)
              .join(' ');
    const scoped = scopes
      .filter((s) => inScope(s, block))
      .reduce<string | null>((d, s) => laterDate(d, s.date), null);
    // Name each table by what is printed before it, while the block's paragraphs are at hand.
    body.forEach((paragraph, k) => {
      const index = tableMarkerIndex(paragraph);
      const grid = index === null ? undefined : grids.get(index);
      if (index === null || !grid || tableByIndex.has(index)) return;
      const before = k > 0 ? body[k - 1] : undefined;
      const opensAnnex =
        block.kind === 'text' &&
        block.annex !== null &&
        !block.table &&
        !block.head &&
        body.slice(0, k).every((p) => TITLE_CONTINUATION.test(p));
      const annexTitle = block.annex
        ? [block.annex.title, ...body.slice(0, k)].filter(Boolean).join(' ')
        : '';
      const name = nameTable(
        {
          before: before && tableMarkerIndex(before) === null ? before : undefined,
          captionLabel: k === 0 ? block.table : undefined,
          captionTitle: block.head,
          annex: opensAnnex ? { label: block.annex!.label, title: annexTitle } : null,
          item: block.kind === 'item' ? item : undefined,
        },
        tables.length + 1,
      );
      const table: ParsedTable = {
        position: tables.length + 1,
        ...name,
        sectionNumber: 0,
        lastSectionNumber: 0,
        page: 'page' in grid ? grid.page : null,
        grid: {
          columnCount: grid.columnCount,
          headerRows: grid.headerRows,
          bodyRows: grid.bodyRows,
          footnotes: grid.footnotes,
        },
      };
      tables.push(table);
      tableByIndex.set(index, table);
    });
    for (const chunk of chunkWithTables(body, grids, MAX_SECTION_CHARS)) {
      const sectionNumber = sections.length + 1;
      for (const index of chunk.tables) {
        const table = tableByIndex.get(index)!;
        if (table.sectionNumber === 0) table.sectionNumber = sectionNumber;
        table.lastSectionNumber = sectionNumber;
      }
      const content = chunk.content;
      sections.push({
        number: sectionNumber,
        item: item || 'Texto',
        headingPath,
        content,
        effectiveFrom: laterDate(findEffectiveDate(content), scoped),
      });
    }
  });
  return { sections, tables: tables.filter((t) => t.sectionNumber > 0) };
}

/** Table text gets the same character clean-up as the running text (symbol glyphs, math letters). */
function normalizeGrid(grid: ExtractedTable): ExtractedTable {
  const clean = (text: string) => normalizeText(text).replace(/\s+/g, ' ').trim();
  const rows = (r: TableGrid['bodyRows']) =>
    r.map((row) => row.map((cell) => ({ ...cell, text: clean(cell.text) })));
  return {
    ...grid,
    headerRows: rows(grid.headerRows),
    bodyRows: rows(grid.bodyRows),
    footnotes: grid.footnotes.map(clean).filter(Boolean),
  };
}

function describe(sections: ParsedSection[], code: string, title: string): string {
  const objective =
    sections.find((s) => /(^|> )[\d.]+ Objetivos?$/i.test(s.headingPath)) ?? sections[0];
  const text = objective ? withoutNotes(objective.content.split('\n')[0]!) : '';
  if (!text) return `${code} - ${title}`;
  return text.length > 300 ? `${text.slice(0, 297).replace(/\s+\S*$/, '')}…` : text;
}

/**
 * Parses the plain text of one regulation (from any format) into its description and sections.
 * `fileName` supplies the code when the title line does not.
 */
export function parseRegulation(
  rawText: string,
  fileName: string,
  grids: readonly (TableGrid | ExtractedTable)[] = [],
): ParsedRegulation {
  const collapsed = collapseTableBlocks(
    normalizeText(rawText)
      .split('\n')
      .filter((l) => !isPageFurniture(l)),
  );
  const lines = removeTablesOfContents(collapsed.lines);
  const found = findTitle(lines);
  const code = found?.info.code ?? codeFromFileName(fileName);
  if (!code)
    throw new RegulationParseError(
      'não foi possível identificar o código da norma (ex.: "NR 35 - …")',
    );
  const regulationNumber = Number(code.slice(3));
  const start = firstMainItem(lines, regulationNumber);
  if (start < 0)
    throw new RegulationParseError(`nenhum item numerado da ${code} foi encontrado no texto`);

  const front = expandTableRows(lines.slice(0, start), collapsed.rows);
  const table = parseAmendmentTable(front);
  const acts = parseActs(front);
  const { sections, tables } = assembleSections(
    splitBlocks(lines.slice(start), { regulationNumber }),
    new Map(grids.map((grid, i) => [i + 1, normalizeGrid({ page: null, ...grid })])),
  );
  if (sections.length === 0)
    throw new RegulationParseError(`nenhum item numerado da ${code} foi encontrado no texto`);
  const title = found?.info.title ?? code;
  return {
    code,
    title,
    authority: authorityFor(table.lastOrgan),
    issuedDate: table.issuedDate,
    // The latest act of the table, also when it lacks its "Alterações" heading (NR-38).
    revisedDate: latestAct(acts)?.dou ?? table.revisedDate,
    status: 'vigente',
    description: describe(sections, code, title),
    acts,
    sections,
    tables,
  };
}
