/**
 * Quoting an item that is a table (a Quadro, a Tabela, an Anexo the importer wrote as a markdown
 * table, decision record 0030): the rows that match the question, under the table's header, as a
 * markdown table. Sentences are never cut out of a table row.
 */
import { quantitiesGiven, type Quantity } from '../retrieval/cues';
import {
  coveredTerms,
  decisiveMatch,
  overlap,
  parseQuantity,
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
  // The row whose value or range holds a quantity the question gives is the statement, as in an
  // item that states its rule above its table ("90 dB(A)" → "4 horas").
  const picked = relevance.values.length > 0 ? answeringRow(units, relevance) : null;
  if (picked?.byValue)
    return {
      parts: [],
      gapAfter: false,
      statement: picked.statement,
      score: Math.max(0, ...units.map((u) => u.score)),
      decisive: 1,
      fits: true,
      covers: coveredTerms(picked.table, relevance),
      table: picked.table,
      tableRowsLeftOut: body.length - 1,
      byValue: true,
    };
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

const NUMBER = String.raw`\d+(?:[.,]\d+)*`;
const COMPARED = new RegExp(
  String.raw`^(≥|>|<|≤)\s*(${NUMBER})(?:\s*e\s*(≥|>|<|≤)\s*(${NUMBER}))?\s*[\p{L}%*]*$`,
  'u',
);
const BETWEEN = new RegExp(
  String.raw`^(?:de\s+)?(${NUMBER})\s*(?:a|até|-|–)\s*(${NUMBER})\s*[\p{L}%*]*$`,
  'iu',
);
const ABOVE_UP_TO = new RegExp(
  String.raw`^(?:mais de|acima de|superior a)\s+(${NUMBER})\s+(?:até|a)\s+(${NUMBER})\s*[\p{L}%*]*$`,
  'iu',
);
const UP_TO = new RegExp(String.raw`^(?:até|no máximo)\s+(${NUMBER})\s*[\p{L}%*]*$`, 'iu');
const ABOVE = new RegExp(
  String.raw`^(acima de|mais de|superior a|a partir de)\s+(${NUMBER})\s*[\p{L}%*]*$`,
  'iu',
);

interface Range {
  low: number;
  lowIn: boolean;
  high: number;
  highIn: boolean;
}

/** The range a row's first cell gives: "≥10 e <15", "20 a 29", "até 50", "acima de 500". */
export function cellRange(cell: string): Range | null {
  const text = cell.trim();
  const open: Range = { low: -Infinity, lowIn: false, high: Infinity, highIn: false };
  let m = COMPARED.exec(text);
  if (m) {
    const range = { ...open };
    for (const [sign, value] of [
      [m[1], m[2]],
      [m[3], m[4]],
    ]) {
      if (!sign || !value) continue;
      const n = parseQuantity(value);
      if (sign === '>' || sign === '≥') Object.assign(range, { low: n, lowIn: sign === '≥' });
      else Object.assign(range, { high: n, highIn: sign === '≤' });
    }
    return range;
  }
  // "mais de 4.500 até 45.000": above the first, up to the second.
  if ((m = ABOVE_UP_TO.exec(text)))
    return { low: parseQuantity(m[1]!), lowIn: false, high: parseQuantity(m[2]!), highIn: true };
  if ((m = BETWEEN.exec(text)))
    return { low: parseQuantity(m[1]!), lowIn: true, high: parseQuantity(m[2]!), highIn: true };
  if ((m = UP_TO.exec(text))) return { ...open, high: parseQuantity(m[1]!), highIn: true };
  if ((m = ABOVE.exec(text)))
    return { ...open, low: parseQuantity(m[2]!), lowIn: /partir/i.test(m[1]!) };
  return null;
}

function holds(range: Range, n: number): boolean {
  return (
    (range.lowIn ? n >= range.low : n > range.low) &&
    (range.highIn ? n <= range.high : n < range.high)
  );
}

/**
 * The row whose first cell is the range that holds a quantity the question gives ("rede de 13,8
 * kV" → "≥10 e <15"); of rows that each hold it ("até 6h", "até 7h20"…), the narrowest. Null when
 * the rows are not ranges, none holds a quantity, or two quantities point to different rows.
 */
function rowByValue(rows: readonly Unit[], values: readonly number[]): Unit | null {
  if (values.length === 0) return null;
  const firsts = rows.map((row) => cellsOf(row.text)[0] ?? '');
  // A scale of single values ("85", "86", … "115" dB(A)): each row holds its own value.
  const scale = firsts.every((c) => PLAIN_NUMBER.test(c)) && rows.length >= MIN_SCALE_ROWS;
  const points = firsts.map(parseQuantity);
  const rising = points.every((n, i) => i === 0 || n > points[i - 1]!);
  const ranged = rows.map((row, i) => ({
    row,
    range:
      scale && rising
        ? { low: points[i]!, lowIn: true, high: points[i]!, highIn: true }
        : cellRange(firsts[i]!),
  }));
  if (ranged.filter((r) => r.range).length < 2) return null;
  const picked = new Set<Unit>();
  for (const n of values) {
    const holding = ranged
      .filter((r) => r.range && holds(r.range, n))
      .sort((a, b) => a.range!.high - b.range!.high || b.range!.low - a.range!.low);
    if (holding[0]) picked.add(holding[0].row);
  }
  return picked.size === 1 ? [...picked][0]! : null;
}

/**
 * The one row that gives, in a column after the first, a quantity the question gives with its unit
 * ("limite de ruído para 8 horas" → "85 | 8 horas"). Null when no row or several do.
 */
function rowByCell(rows: readonly Unit[], quantities: readonly Quantity[]): Unit | null {
  if (quantities.length === 0) return null;
  const giving = rows.filter((row) =>
    cellsOf(row.text)
      .slice(1)
      .some((cell) => {
        const own = quantitiesGiven(cell);
        return (
          own.length === 1 &&
          quantities.some((q) => q.unit === own[0]!.unit && q.value === own[0]!.value)
        );
      }),
  );
  return giving.length === 1 ? giving[0]! : null;
}

const PLAIN_NUMBER = /^\d+(?:[.,]\d+)?$/;
/** A scale has at least this many rows, each value above the one before. */
const MIN_SCALE_ROWS = 5;

export interface AnsweringRow {
  /** "no Quadro 1, Vigia e trabalhador autorizado — Treinamento inicial (carga horária): 16 horas; …" */
  statement: string;
  /** The header, its rule and the row, as a markdown table. */
  table: string;
  /** How well the row with its header answers (`overlap`). */
  overlap: number;
  /** The row holds a quantity the question gives: it answers, however few words it shares. */
  byValue: boolean;
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
  const body = lines.slice(2);
  const valued = rowByValue(body, relevance.values) ?? rowByCell(body, relevance.quantities);
  const first = valued
    ? { row: valued, overlap: overlap(`${header!.text} ${valued.text}`, relevance) }
    : picked[0];
  const second = valued ? undefined : picked[1];
  if (!first || (second && second.overlap >= first.overlap)) return null;
  const names = cellsOf(header!.text);
  const cells = cellsOf(first.row.text);
  const pairs = cells
    .slice(1)
    .map((cell, i) => ({ name: names[i + 1] ?? '', cell }))
    .filter((p) => p.cell && p.cell !== '-');
  // A row picked by its range names what the range is of ("Faixa de tensão… em kV ≥10 e <15").
  const label = valued && names[0] ? `${names[0]} ${cells[0]}` : cells[0];
  const say = (list: typeof pairs) =>
    `${label} — ${list.map((p) => (p.name ? `${p.name}: ${p.cell}` : p.cell)).join('; ')}`;
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
    byValue: valued !== null,
  };
}
