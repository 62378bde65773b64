/**
 * Quoting an item that is a table (a Quadro, a Tabela, an Anexo the importer wrote as a markdown
 * table, decision record 0030): the rows that match the question, under the table's header, as a
 * markdown table. Sentences are never cut out of a table row.
 */
import {
  coveredTerms,
  decisiveMatch,
  overlap,
  scoreUnits,
  splitUnits,
  type Relevance,
  type Unit,
} from './passages';
import type { Quote } from './quote';

/** Rows shown at most: enough for a grau's professionals or a few CNAE classes. */
const MAX_ROWS = 8;
const RULE = /^\|(?:\s*:?-{3,}:?\s*\|)+$/;

export function quoteTable(content: string, relevance: Relevance): Quote | null {
  const units = scoreUnits(splitUnits(content), relevance);
  const lines = units.filter((u) => u.kind === 'table' && u.text.startsWith('|'));
  const ruleAt = lines.findIndex((u) => RULE.test(u.text));
  if (ruleAt !== 1) return null;
  const [header, rule] = lines;
  const body = lines.slice(2);
  const matching = body
    .filter((u) => u.overlap > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, MAX_ROWS)
    .sort((a, b) => a.index - b.index);
  if (matching.length === 0) return null;
  return {
    parts: [],
    gapAfter: false,
    statement: null,
    score: matching.reduce((best, u) => Math.max(best, u.score), 0),
    decisive: 0,
    fits: false,
    covers: [],
    table: [header!.text, rule!.text, ...matching.map((u) => u.text)].join('\n'),
    tableRowsLeftOut: body.length - matching.length,
  };
}

/** A row stated in a lead: its label, then the columns that give a figure. */
const MAX_ROW_STATEMENT_CHARS = 420;
const CAPTION_LINE = /^(QUADRO|Quadro|TABELA|Tabela)\s+([IVXL\d]+(?:-[A-Z])?)\b/;

function cellsOf(line: string): string[] {
  return line
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());
}

export interface AnsweringRow {
  /** "no Quadro 1, Vigia e trabalhador autorizado — Treinamento inicial (carga horária): 16 horas; …" */
  statement: string;
  /** The header, its rule and the row, as a markdown table. */
  table: string;
  /** How well the row with its header answers (`overlap`). */
  overlap: number;
}

/**
 * In an item that states a rule and then tabulates it ("…carga horária prevista no Quadro 1",
 * then a row per role), the row the question picks out ("a carga horária do vigia"): the one row
 * whose own cells carry a word of the question the header does not, and that carries a figure.
 * Null when no row, or more than one equally, is picked out.
 */
export function answeringRow(units: readonly Unit[], relevance: Relevance): AnsweringRow | null {
  const lines = units.filter((u) => u.kind === 'table' && u.text.startsWith('|'));
  if (lines.length < 3 || !RULE.test(lines[1]!.text)) return null;
  const [header, rule] = lines;
  const headerTerms = new Set(coveredTerms(header!.text, relevance));
  const picked = lines
    .slice(2)
    .map((row) => ({
      row,
      own: coveredTerms(row.text, relevance).filter((t) => !headerTerms.has(t)).length,
      overlap: overlap(`${header!.text} ${row.text}`, relevance),
    }))
    .filter((r) => r.own > 0 && decisiveMatch(r.row.text) !== null)
    .sort((a, b) => b.overlap - a.overlap);
  const [first, second] = picked;
  if (!first || (second && second.overlap >= first.overlap)) return null;
  const names = cellsOf(header!.text);
  const cells = cellsOf(first.row.text);
  const pairs = cells
    .slice(1)
    .map((cell, i) => ({ name: names[i + 1] ?? '', cell }))
    .filter((p) => p.cell && p.cell !== '-');
  const say = (list: typeof pairs) =>
    `${cells[0]} — ${list.map((p) => (p.name ? `${p.name}: ${p.cell}` : p.cell)).join('; ')}`;
  // The question asks for a figure: the lead states the columns that give one; the whole row shows
  // in the table below it.
  const figures = pairs.filter((p) => decisiveMatch(p.cell) !== null);
  const said = say(figures.length > 0 ? figures : pairs);
  if (said.length > MAX_ROW_STATEMENT_CHARS) return null;
  const before = units[header!.index - 1];
  const caption = before && CAPTION_LINE.exec(before.text.trim());
  const where = caption ? `no Quadro ${caption[2]}` : 'na tabela';
  return {
    statement: `${where}, ${said.replace(/[.;:\s]+$/, '')}.`,
    table: [header!.text, rule!.text, first.row.text].join('\n'),
    overlap: first.overlap,
  };
}
