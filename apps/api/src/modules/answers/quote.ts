/**
 * From one item, the 1–3 units worth quoting and a plain statement of what they establish. Nothing
 * is paraphrased beyond joining a lead-in ("Cabe ao empregador:") to its sub-item, so every number
 * in the statement is one the quote shows.
 */
import { scoreUnits, splitUnits, type Relevance, type ScoredUnit } from './passages';

export interface Quote {
  /** Quoted units in document order, with `gapBefore` when something was left out before them. */
  parts: { text: string; gapBefore: boolean; newParagraph: boolean }[];
  /** Whether the item goes on after the last quoted unit. */
  gapAfter: boolean;
  /** One sentence stating the decisive content, built only from quoted text. */
  statement: string;
  /** Best unit's score: how well this item answers. */
  score: number;
  decisive: number;
}

const MAX_QUOTE_CHARS = 900;
const LEAD_IN = /:\s*$/;

function stripAlineaMarker(text: string): string {
  return text.replace(/^(?:[a-z]{1,2}|[IVXL]{1,6})\s*[)–-]\s+/, '');
}

function endSentence(text: string): string {
  return `${text.replace(/[\s;:,.]+(?:e|ou)$/, '').replace(/[\s;:,.]+$/, '')}.`;
}

/** The statement: a sub-item joined to its lead-in reads as one sentence of the norm. */
function statementOf(best: ScoredUnit, leadIn: ScoredUnit | undefined): string {
  if (best.kind !== 'alinea' || !leadIn) return endSentence(best.text);
  const head = leadIn.text.replace(LEAD_IN, '');
  const body = stripAlineaMarker(best.text);
  // "… as seguintes medidas:" announces a list; a colon keeps it grammatical.
  const glue = /seguintes?|abaixo|a seguir|quais sejam/i.test(head) ? ': ' : ' ';
  return endSentence(`${head}${glue}${body}`);
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
  const best = candidates.reduce((a, b) => (b.score > a.score ? b : a));
  const leadIn = best.kind === 'alinea' ? leadInOf(units, best) : undefined;

  const chosen = new Map<number, ScoredUnit>([[best.index, best]]);
  if (leadIn) chosen.set(leadIn.index, leadIn);
  let length = best.text.length + (leadIn?.text.length ?? 0);
  const extras = candidates
    .filter((u) => !chosen.has(u.index) && u.score > 0 && u.score >= best.score * 0.6 && (u.overlap > 0 || u.decisive >= 1))
    .sort((a, b) => b.score - a.score || a.index - b.index);
  for (const u of extras) {
    if (chosen.size >= 3 + (leadIn ? 1 : 0)) break;
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
  return { parts, gapAfter, statement: statementOf(best, leadIn), score: best.score, decisive: best.decisive };
}
