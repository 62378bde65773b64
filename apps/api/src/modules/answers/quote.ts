/**
 * From one item, the 1–3 units worth quoting and a plain statement of what they establish. Nothing
 * is paraphrased beyond joining a lead-in ("Cabe ao empregador:") to its sub-item, so every number
 * in the statement is one the quote shows.
 */
import { decisiveMatch, scoreUnits, splitUnits, type Relevance, type ScoredUnit } from './passages';

export interface Quote {
  /** Quoted units in document order, with `gapBefore` when something was left out before them. */
  parts: { text: string; gapBefore: boolean; newParagraph: boolean }[];
  /** Whether the item goes on after the last quoted unit. */
  gapAfter: boolean;
  /** One sentence stating the decisive content, built only from quoted text; null when too long. */
  statement: string | null;
  /** Best unit's score: how well this item answers. */
  score: number;
  decisive: number;
  /** A table item's matching rows as a markdown table (table-quote.ts), shown instead of `parts`. */
  table?: string;
  /** How many rows of the table the quote leaves out. */
  tableRowsLeftOut?: number;
}

const MAX_QUOTE_CHARS = 900;
const MAX_QUOTED_UNITS = 5;
/** Past this length a statement would only repeat the quote below it. */
const MAX_STATEMENT_CHARS = 320;
const LEAD_IN = /:\s*$/;
// Words that make the rest of a sentence part of its meaning, so it must not be cut off there.
const QUALIFIER =
  /(?<!\p{L})(?:exceto|salvo|desde que|caso|se|quando|ressalvad[oa]s?|com exceção|não se aplica|vedad[oa]|proibid[oa]|podendo|dispensad[oa]|somente|apenas|inclusive|nem|ou)(?!\p{L})/iu;

function endSentence(text: string): string {
  return `${text.replace(/[\s;:,.]+(?:e|ou)$/, '').replace(/[\s;:,.]+$/, '')}.`;
}

/**
 * A long sentence ends, for the lead, at the clause that carries its number or duty — only when
 * what follows is circumstance ("para as atividades do SESMT"), never a condition or an exception.
 */
function decisiveClause(sentence: string): string | null {
  const at = decisiveMatch(sentence);
  if (!at) return null;
  const cut = /[,;]\s/g;
  cut.lastIndex = at.end;
  const m = cut.exec(sentence);
  if (!m || m.index > MAX_STATEMENT_CHARS || m.index < 60) return null;
  if (QUALIFIER.test(sentence.slice(m.index))) return null;
  return endSentence(sentence.slice(0, m.index));
}

/**
 * The statement: the best unit, or the lead-in of a list with its best sub-items ("Cabe ao
 * empregador: suspender o uso…"), read as one sentence of the norm.
 */
function statementOf(
  best: ScoredUnit,
  leadIn: ScoredUnit | undefined,
  siblings: ScoredUnit[],
): string | null {
  let text: string;
  if (best.kind === 'alinea' && leadIn) {
    // Sub-items keep their letters: "c) … ; d) …" shows they are part of a longer list, in order.
    const items = [best, ...siblings]
      .sort((a, b) => a.index - b.index)
      .map((u) => u.text.replace(/[\s;,.]+(?:e|ou)?$/, ''));
    text = endSentence(`${leadIn.text.replace(LEAD_IN, '')}: ${items.join('; ')}`);
  } else {
    text = endSentence(best.text);
  }
  if (text.length <= MAX_STATEMENT_CHARS) return text;
  // Several sub-items answer: naming only one of them would mislead by omission.
  if (siblings.length > 0) return null;
  return decisiveClause(text);
}

/** The lettered sub-items that follow a lead-in. */
function subItemsOf(units: ScoredUnit[], leadIn: ScoredUnit): ScoredUnit[] {
  const items: ScoredUnit[] = [];
  for (let i = leadIn.index + 1; i < units.length && units[i]!.kind === 'alinea'; i += 1)
    items.push(units[i]!);
  return items;
}

/** The paragraph-opening sentence that introduces the sub-items of `unit`'s list, if any. */
function leadInOf(units: ScoredUnit[], unit: ScoredUnit): ScoredUnit | undefined {
  for (let i = unit.index - 1; i >= 0; i -= 1) {
    const u = units[i]!;
    if (u.kind === 'alinea') continue;
    return u.kind === 'sentence' && LEAD_IN.test(u.text) ? u : undefined;
  }
  return undefined;
}

export function quoteItem(content: string, relevance: Relevance): Quote | null {
  const units = scoreUnits(splitUnits(content), relevance);
  const candidates = units.filter((u) => u.kind !== 'table' && u.text.length >= 3);
  if (candidates.length === 0) return null;
  // Ties go to the earlier unit: the head of an item usually states its rule.
  let best = candidates.reduce((a, b) => (b.score > a.score ? b : a));
  const score = best.score;
  // A lead-in ("A rampa de acesso deve:") says nothing alone; its best sub-item carries the rule.
  const list = LEAD_IN.test(best.text) ? subItemsOf(units, best) : [];
  if (list.length > 0) best = list.reduce((a, b) => (b.score > a.score ? b : a));
  const leadIn = best.kind === 'alinea' ? leadInOf(units, best) : undefined;

  const chosen = new Map<number, ScoredUnit>([[best.index, best]]);
  if (leadIn) chosen.set(leadIn.index, leadIn);
  let length = best.text.length + (leadIn?.text.length ?? 0);
  const extras = candidates
    .filter(
      (u) =>
        !chosen.has(u.index) &&
        u.score > 0 &&
        u.score >= best.score * 0.6 &&
        (u.overlap > 0 || u.decisive >= 1),
    )
    .sort((a, b) => b.score - a.score || a.index - b.index);
  for (const u of extras) {
    if (chosen.size >= MAX_QUOTED_UNITS) break;
    if (length + u.text.length > MAX_QUOTE_CHARS) continue;
    const extraLeadIn = u.kind === 'alinea' ? leadInOf(units, u) : undefined;
    if (extraLeadIn && !chosen.has(extraLeadIn.index)) continue;
    chosen.set(u.index, u);
    length += u.text.length;
  }
  // A short item reads better whole than cut into pieces.
  const whole = content.length <= 450 && candidates.length <= 4;
  const quoted = whole ? candidates : [...chosen.values()].sort((a, b) => a.index - b.index);

  const parts = quoted.map((u, i) => {
    const prev = quoted[i - 1];
    return {
      text: u.text,
      gapBefore: prev ? u.index !== prev.index + 1 : u.index !== 0 && !whole,
      newParagraph: !prev || u.paragraph !== prev.paragraph,
    };
  });
  const gapAfter = !whole && quoted.at(-1)!.index < candidates.at(-1)!.index;
  // Sub-items of the same list that answer nearly as well belong in the statement too
  // ("para agentes químicos, a metade…; para o ruído, a metade da dose").
  const siblings = [...chosen.values()].filter(
    (u) =>
      u !== best &&
      u.kind === 'alinea' &&
      leadInOf(units, u) === leadIn &&
      u.score >= best.score * 0.75,
  );
  // The question asks for a number the best sub-item lacks: the quoted sub-item that has one joins it.
  if (relevance.wantsNumber && !decisiveMatch(best.text)) {
    const numbered = [...chosen.values()].find(
      (u) =>
        u.kind === 'alinea' && u !== best && leadInOf(units, u) === leadIn && decisiveMatch(u.text),
    );
    if (numbered && !siblings.includes(numbered)) siblings.unshift(numbered);
  }
  const statement = statementOf(best, leadIn, siblings.slice(0, 3));
  return {
    parts,
    gapAfter,
    statement,
    score,
    decisive: Math.max(best.decisive, leadIn?.decisive ?? 0),
  };
}
