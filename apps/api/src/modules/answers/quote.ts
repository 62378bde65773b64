/**
 * From one item, the 1–3 units worth quoting and a plain statement of what they establish. Nothing
 * is paraphrased beyond joining a lead-in ("Cabe ao empregador:") to its sub-item, so every number
 * in the statement is one the quote shows.
 */
import {
  alineaLevel,
  coveredTerms,
  decisiveMatch,
  LEAD_IN,
  leadInOf,
  overlap,
  scoreUnits,
  splitUnits,
  statesFigure,
  type Relevance,
  type ScoredUnit,
} from './passages';
import { analyzeTerms } from '../retrieval/text/analyzer';
import { ALINEA, BULLET, entryTerm } from '../retrieval/units';
import { fitsAnswerType } from './answer-type';
import { answeringRow } from './table-quote';

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
  /** The statement gives the kind of answer the question asks for (answer-type.ts). */
  fits: boolean;
  /** The question's terms the statement (or, without one, the best unit) carries. */
  covers: string[];
  /**
   * A table's matching rows as a markdown table (table-quote.ts): shown after `parts`, or alone for
   * an item that is a table.
   */
  table?: string;
  /** How many rows of the table the quote leaves out. */
  tableRowsLeftOut?: number;
  /** The statement is the row of a table that a quantity the question gives picks out. */
  byValue?: boolean;
}

const MAX_QUOTE_CHARS = 900;
/** Asked for a figure, the unit that states one answers if it scores this share of the best. */
const FIGURE_SHARE = 0.6;
const MAX_QUOTED_UNITS = 5;
/** Past this length a one-sentence statement is cut at the clause that answers. */
const MAX_STATEMENT_CHARS = 420;
/** A list the question asks for ("quais dados…") is stated whole up to this length. */
const MAX_LIST_STATEMENT_CHARS = 760;
const MAX_LIST_ITEMS = 8;
/** A list of this many sub-items or fewer, short enough, is stated whole whatever was asked. */
const SHORT_LIST_ITEMS = 4;
/** A sub-item that ends in "; ou": the list holds alternatives. */
const ALTERNATIVE_END = /;\s*ou\s*$/;
const MAX_ALTERNATIVES = 3;
// Words that make the rest of a sentence part of its meaning, so it must not be cut off there.
const QUALIFIER =
  /(?<!\p{L})(?:exceto|salvo|desde que|caso|se|quando|ressalvad[oa]s?|com exceção|não se aplica|vedad[oa]|proibid[oa]|podendo|dispensad[oa]|somente|apenas|inclusive|nem|ou)(?!\p{L})/iu;

/** Where a sentence joins a second duty to the first: "…e deve conter", "…e ser mantido". */
const COORDINATED_DUTY = /\s+e\s+(?=dever|deve|devem|ser|estar|ter|possuir|dispor|manter)/u;
/** …with a modal of its own ("…e deve conter:"); "constituir e manter o prontuário" is one duty. */
const NEXT_DUTY = /\s+e\s+(?=dev(?:e|em|er[áã]o?)\s)/u;

function endSentence(text: string): string {
  return `${text.replace(/[\s;:,.]+(?:e|ou)$/, '').replace(/[\s;:,.]+$/, '')}.`;
}

/**
 * A long sentence ends, for the lead, at the clause that carries its number or duty — only when
 * what follows is circumstance ("para as atividades do SESMT"), never a condition or an exception.
 */
function decisiveClause(sentence: string, max = MAX_STATEMENT_CHARS): string | null {
  const at = decisiveMatch(sentence);
  if (!at) return null;
  // …or at the next duty it is coordinated with ("…até o segundo dia útil após a ocorrência e deve
  // conter:").
  const cut = new RegExp(`[,;]\\s|${NEXT_DUTY.source}`, 'gu');
  cut.lastIndex = at.end;
  const m = cut.exec(sentence);
  if (!m || m.index > max || m.index < 60) return null;
  if (QUALIFIER.test(sentence.slice(m.index))) return null;
  return endSentence(sentence.slice(0, m.index));
}

/**
 * A long sentence made of coordinated duties ("devem ser protegidas com taludes… e devem dispor de
 * escadas…") is cut, for the lead, after the clause that answers best, when no condition follows.
 */
function answeringClause(sentence: string, relevance: Relevance): string | null {
  const cuts = [...sentence.matchAll(new RegExp(`[,;]\\s+|${COORDINATED_DUTY.source}`, 'gu'))].map(
    (m) => m.index,
  );
  if (cuts.length === 0) return null;
  const bounds = [0, ...cuts, sentence.length];
  let best = -1;
  let bestScore = 0;
  for (let i = 0; i + 1 < bounds.length; i += 1) {
    const clause = sentence.slice(bounds[i], bounds[i + 1]);
    const score =
      overlap(clause, relevance) + (relevance.wantsNumber && decisiveMatch(clause) ? 1 : 0);
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  }
  if (best < 0) return null;
  const end = bounds[best + 1]!;
  if (end < 40 || end > MAX_STATEMENT_CHARS) return null;
  if (QUALIFIER.test(sentence.slice(end))) return null;
  return endSentence(sentence.slice(0, end));
}

/**
 * One sentence, or the clause of it that answers when it is too long to restate. A long sentence
 * that cannot be cut without leaving out a condition or an exception is stated whole, up to a
 * list's length: a lead that only says "estabelece o seguinte:" answers nothing.
 */
function sentenceStatement(text: string, relevance: Relevance): string | null {
  const sentence = endSentence(text);
  if (sentence.length <= MAX_STATEMENT_CHARS) return sentence;
  const clause = decisiveClause(sentence) ?? answeringClause(sentence, relevance);
  if (clause) return clause;
  return sentence.length <= MAX_LIST_STATEMENT_CHARS ? sentence : null;
}

/** A sub-item in a lead: without its closing "; e", and cut after its number when long. */
function alineaInLead(unit: ScoredUnit, relevance: Relevance): string {
  const text = unit.text.replace(BULLET, '').replace(/[\s;,.]+(?:e|ou)?$/, '');
  if (text.length <= 160 || !relevance.wantsNumber) return text;
  return decisiveClause(text, 240)?.replace(/\.$/, '') ?? text;
}

/** Sub-items in a lead, in order: "a) …; b) …", or "a) …; ou b) …" where the norm says "ou". */
function joinAlineas(items: readonly ScoredUnit[], relevance: Relevance): string {
  return items
    .map((u, i) => {
      const text = alineaInLead(u, relevance);
      if (i === items.length - 1) return text;
      // "II - no exame periódico: … intervalos:" opens the sub-items after it.
      if (LEAD_IN.test(text)) return `${text} `;
      return `${text}${ALTERNATIVE_END.test(u.text) ? '; ou ' : '; '}`;
    })
    .join('');
}

/**
 * The statement: the best unit, or the lead-in of a list with the sub-items that answer ("Cabe ao
 * empregador: suspender o uso…"), read as one sentence of the norm. A question that asks for the
 * list ("quais dados…", "qual a sequência…") gets the whole list; one that asks for numbers gets
 * every sub-item whose number it asks about (travessão superior, intermediário, rodapé).
 */
function statementOf(
  units: ScoredUnit[],
  best: ScoredUnit,
  leadIn: ScoredUnit | undefined,
  siblings: ScoredUnit[],
  relevance: Relevance,
): { text: string; units: ScoredUnit[] } | null {
  if (best.kind === 'alinea' && leadIn) {
    const all = subItemsOf(units, leadIn);
    let items: ScoredUnit[];
    const head = leadIn.text.replace(LEAD_IN, '');
    if (relevance.answerType === 'list' && all.length <= MAX_LIST_ITEMS) items = all;
    // A short list reads whole: one of its few sub-items alone would state part of a rule as all
    // of it ("devem prever, no mínimo: b) …" without a)).
    else if (
      all.length <= SHORT_LIST_ITEMS &&
      endSentence(`${head}: ${joinAlineas(all, relevance)}`).length <= MAX_STATEMENT_CHARS
    )
      items = all;
    // Alternatives ("a) pelo menos uma vez por mês, … sem tratamento de água; ou b) as que operem
    // com água tratada…"): each holds under its own condition, and one alone would state a rule
    // the reader's case may not be under.
    else if (all.length <= MAX_ALTERNATIVES && all.some((u) => ALTERNATIVE_END.test(u.text)))
      items = all;
    else if (relevance.wantsNumber) {
      items = all.filter(
        (u) =>
          u === best ||
          siblings.includes(u) ||
          (u.overlap > 0 && decisiveMatch(u.text) && u.score >= best.score * 0.5),
      );
    } else items = [best, ...siblings];
    // A sub-item that opens sub-items of its own ("a) para empregados expostos…:") says nothing
    // without them: they come along ("1. a cada ano…").
    for (const item of [...items]) {
      if (!LEAD_IN.test(item.text)) continue;
      const level = alineaLevel(item.text);
      for (const u of all.filter((v) => v.index > item.index)) {
        if (alineaLevel(u.text) <= level) break;
        items.push(u);
      }
    }
    items = [...new Set(items)].sort((a, b) => a.index - b.index);
    // Sub-items keep their letters: "c) … ; d) …" shows they are part of a longer list, in order.
    const text = endSentence(`${head}: ${joinAlineas(items, relevance)}`);
    const max = items.length > 1 ? MAX_LIST_STATEMENT_CHARS : MAX_STATEMENT_CHARS;
    if (text.length <= max) return { text, units: [leadIn, ...items] };
    // Too long whole: the sub-items that answer, when there are a few.
    const answering = items.filter((u) => u === best || u.overlap > 0).slice(0, 3);
    const shorter = endSentence(`${head}: ${joinAlineas(answering, relevance)}`);
    if (shorter.length <= MAX_LIST_STATEMENT_CHARS)
      return { text: shorter, units: [leadIn, ...answering] };
    // Still too long: the best sub-item alone, rather than a lead that only says "estabelece o
    // seguinte:".
    const alone = endSentence(`${head}: ${joinAlineas([best], relevance)}`);
    return alone.length <= MAX_LIST_STATEMENT_CHARS ? { text: alone, units: [leadIn, best] } : null;
  }
  if (LEAD_IN.test(best.text)) {
    // A lead-in stated alone ends at its rule, before the list it opens; when the rule runs into
    // the list ("revista a cada dois anos ou quando… das seguintes situações:"), the list comes too.
    const clause = decisiveClause(best.text);
    if (clause) return { text: clause, units: [best] };
    const items = subItemsOf(units, best);
    // A heading-like line that carries its figure and opens no sub-items ("I - Para os
    // trabalhadores autorizados: carga horária mínima - 40h:") is stated as it stands.
    if (items.length === 0 && decisiveMatch(best.text) && best.text.length <= MAX_STATEMENT_CHARS)
      return { text: endSentence(best.text.replace(ALINEA, '')), units: [best] };
    // A rule that opens a table ("…pausas psicofisiológicas… de acordo com o seguinte quadro 1:")
    // is stated up to its colon; the table is quoted below it.
    if (items.length === 0)
      return best.text.length <= MAX_LIST_STATEMENT_CHARS
        ? { text: endSentence(best.text), units: [best] }
        : null;
    const text = endSentence(`${best.text.replace(LEAD_IN, '')}: ${joinAlineas(items, relevance)}`);
    if (items.length <= MAX_LIST_ITEMS && text.length <= MAX_LIST_STATEMENT_CHARS)
      return { text, units: [best, ...items] };
    // Too long with its list, a lead-in that carries the figure is stated alone, condition and all
    // ("Pode ser autorizada… com ventos superiores a quarenta quilômetros por hora…, desde que
    // atendidos os seguintes requisitos"): the quote below lists them.
    return decisiveMatch(best.text) && best.text.length <= MAX_STATEMENT_CHARS
      ? { text: endSentence(best.text), units: [best] }
      : null;
  }
  const text = sentenceStatement(best.text, relevance);
  return text === null ? null : { text, units: [best] };
}

/** Whether `text` is a glossary entry for the term whose analysed terms are `terms`. */
function definesTerm(text: string, terms: readonly string[]): boolean {
  const term = entryTerm(text);
  if (!term) return false;
  const own = analyzeTerms(term);
  return own.length === terms.length && own.every((t, k) => t === terms[k]);
}

/** The lettered sub-items that follow a lead-in. */
function subItemsOf(units: ScoredUnit[], leadIn: ScoredUnit): ScoredUnit[] {
  const items: ScoredUnit[] = [];
  for (let i = leadIn.index + 1; i < units.length && units[i]!.kind === 'alinea'; i += 1)
    items.push(units[i]!);
  return items;
}

export function quoteItem(content: string, relevance: Relevance): Quote | null {
  const units = scoreUnits(splitUnits(content), relevance);
  const candidates = units.filter((u) => u.kind !== 'table' && u.text.length >= 3);
  if (candidates.length === 0) return null;
  // Ties go to the earlier unit: the head of an item usually states its rule.
  let best = candidates.reduce((a, b) => (b.score > a.score ? b : a));
  const score = best.score;
  // Asked what a term is, a glossary entry for that very term answers ("31. Zona Controlada:
  // entorno…"), not another entry that uses it ("Trabalho em Proximidade: … na zona controlada").
  const entry =
    relevance.defines.length > 0
      ? candidates.find((u) => definesTerm(u.text, relevance.defines))
      : undefined;
  if (entry) best = entry;
  // Asked for a figure, a unit that states one and shares the question's words answers before a
  // title that only names the subject ("CURSO BÁSICO…" above "…carga horária mínima - 40h").
  if (relevance.wantsNumber && !statesFigure(best.text, relevance)) {
    const figured = candidates
      .filter((u) => u.overlap > 0 && statesFigure(u.text, relevance))
      .reduce<ScoredUnit | null>((a, b) => (a && a.score >= b.score ? a : b), null);
    if (figured && figured.score >= best.score * FIGURE_SHARE) best = figured;
  }
  // A lead-in ("A rampa de acesso deve:") says nothing alone; its best sub-item carries the rule.
  const list = LEAD_IN.test(best.text) ? subItemsOf(units, best) : [];
  // …unless the lead-in itself carries the number asked for and no sub-item answers with one
  // ("Os estabelecimentos com carga instalada superior a 75 kW devem…, contendo, no mínimo:").
  const leadInAnswers =
    relevance.wantsNumber &&
    decisiveMatch(best.text) !== null &&
    relevance.answerType !== 'list' &&
    !list.some((u) => u.overlap > 0 && decisiveMatch(u.text));
  if (list.length > 0 && !leadInAnswers) best = list.reduce((a, b) => (b.score > a.score ? b : a));
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
  const stated = statementOf(units, best, leadIn, siblings.slice(0, 3), relevance);
  const statement = stated?.text ?? null;
  // What the lead states is quoted too: every sub-item of the lead shows below in the norm's words.
  for (const u of stated?.units ?? []) chosen.set(u.index, u);
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
  // Asked for a figure the item tabulates ("a carga horária do vigia" → Quadro 1, the vigia's row):
  // the row states it, when it covers the question at least as well as the rule above it.
  // So does the row whose range holds a quantity the question gives ("rede de 13,8 kV").
  const row =
    relevance.wantsNumber || relevance.values.length > 0 ? answeringRow(units, relevance) : null;
  if (row && (row.byValue || row.overlap >= overlap(statement ?? best.text, relevance))) {
    return {
      parts,
      gapAfter: false,
      statement: row.statement,
      score,
      decisive: Math.max(best.decisive, 1),
      covers: coveredTerms(row.table, relevance),
      fits: true,
      table: row.table,
      tableRowsLeftOut: 0,
      ...(row.byValue ? { byValue: true } : {}),
    };
  }
  return {
    parts,
    gapAfter,
    statement,
    score,
    decisive: Math.max(best.decisive, leadIn?.decisive ?? 0),
    covers: coveredTerms(statement ?? best.text, relevance),
    // The entry for the term asked is its definition, though it says neither "é" nor "entende-se".
    fits:
      (entry !== undefined && best === entry) ||
      fitsAnswerType(
        relevance.answerType,
        statement ?? best.text,
        (t) => decisiveMatch(t) !== null || statesFigure(t, relevance),
      ),
  };
}
