import { phraseKey, termOf } from './text/analyzer';
import { foldText, tokenize } from './text/normalize';
import { stem } from './text/stemmer';

/**
 * Cues read from the wording of a question or an item rather than from its topic words: what the
 * question says it lacks ("empresa sem SPIE"), whether it asks for a list ("quais dados..."), what
 * an item makes its rule conditional on ("estabelecimentos que possuam SPIE"), whether it
 * enumerates ("deve conter: a) ...; b) ...") and whose duties it lists ("Compete ao vigia:").
 * Every phrase comes from data/synonyms.pt-BR.json; nothing here names a question or an item.
 */
export interface CueData {
  /** Words after which the question states what it does not have: "sem", "não tem", "não possui". */
  negation: string[];
  /** Words after which an item states what its rule requires one to have: "que possuam", "dotados de". */
  possession: string[];
  /** Phrases of a question that asks for the things a list holds: "quais", "o que deve conter". */
  list: string[];
  /** Openings of an item that lists someone's duties, before the holder: "compete ao", "cabe à". */
  duties: string[];
  /** Words that end the holder of a duties list: "Cabe à organização, quanto ao EPI:". */
  holderEnd: string[];
  /** Phrases of a question that asks for a time: a deadline, a frequency, a duration. */
  period?: string[];
  /** Units of time ("meses", "anual"): after a figure, or alone when they are adjectives. */
  periodUnits?: string[];
}

export interface Cues {
  negation: string[][];
  possession: string[][];
  list: string[][];
  duties: string[][];
  holderEnd: Set<string>;
  period: string[][];
  periodUnits: Set<string>;
}

export function compileCues(data: CueData): Cues {
  return {
    negation: data.negation.map(phraseKey),
    possession: data.possession.map(phraseKey),
    list: data.list.map(phraseKey),
    duties: data.duties.map(phraseKey),
    holderEnd: new Set(data.holderEnd.map(foldText)),
    period: (data.period ?? []).map(phraseKey),
    periodUnits: new Set((data.periodUnits ?? []).map(foldText)),
  };
}

/** How many content words after "sem"/"que possuam" make up the thing had or lacked. */
const SCOPE_WORDS = 2;

/** A text's clauses: punctuation ends the reach of "sem" ("sem SPIE: qual o prazo"). */
const clauses = (text: string) => text.split(/[,.;:?!()\n]|\s[-–]\s/u);

/** Whether `needle` occurs in `hay` at `at`. */
const startsAt = (hay: readonly string[], needle: readonly string[], at: number) =>
  needle.length > 0 && needle.every((w, j) => hay[at + j] === w);

/** A clause's tokens with their phrase stems (as `phraseKey`) and index terms (as `termOf`). */
function read(clause: string) {
  const tokens = tokenize(clause);
  return {
    words: tokens.map((t) => (t.kind === 'word' ? stem(t.value) : (termOf(t) ?? t.value))),
    terms: tokens.map((t) => termOf(t)),
  };
}

/** The first `n` content terms from the `from`-th token on. */
const contentFrom = (terms: readonly (string | null)[], from: number, n: number) =>
  terms
    .slice(from)
    .filter((t): t is string => t !== null)
    .slice(0, n);

/**
 * The content terms that follow any of `markers` within a clause, up to `SCOPE_WORDS` of them:
 * "empresa sem SPIE" → {spie}; "que possuam SPIE, conforme..." → {spie}.
 */
function termsAfter(text: string, markers: readonly (readonly string[])[]): Set<string> {
  const found = new Set<string>();
  if (markers.length === 0) return found;
  for (const clause of clauses(text)) {
    const { words, terms } = read(clause);
    for (let i = 0; i < words.length; i++) {
      const marker = markers.find((m) => startsAt(words, m, i));
      if (marker) for (const t of contentFrom(terms, i + marker.length, SCOPE_WORDS)) found.add(t);
    }
  }
  return found;
}

/** What a question says it does not have ("empresa sem SPIE", "não tem SESMT"). */
export function negatedTerms(text: string, cues: Cues): Set<string> {
  return termsAfter(text, cues.negation);
}

/** What an item makes its rule conditional on having ("Estabelecimentos que possuam SPIE"). */
export function possessionTerms(text: string, cues: Cues): Set<string> {
  return termsAfter(text, cues.possession);
}

/** Whether the question asks for the things a list holds ("quais dados", "o que deve conter"). */
export function asksList(text: string, cues: Cues): boolean {
  const words = phraseKey(text);
  return cues.list.some((cue) => words.some((_, i) => startsAt(words, cue, i)));
}

/** An item that introduces sub-items of its own: "deve conter: a) ...", "I - ...". */
const ENUMERATION = /:\s*\n\s*(?:[a-z]|[ivx]+|\d+)\s*[).\-–]/iu;

export function enumerates(content: string): boolean {
  return ENUMERATION.test(content);
}

/**
 * The holder of a duties list the item opens with ("Compete ao vigia:" → ["vigia"]; "Cabe à
 * organização, quanto ao EPI:" → ["organizaca"]), as terms; empty when the item is no such list.
 */
export function dutyHolder(content: string, cues: Cues): string[] {
  const colon = content.indexOf(':');
  if (colon < 0 || colon > 120) return [];
  // "Cabe à organização, quanto ao EPI:": the holder ends at the comma or at "quanto".
  const { words, terms } = read(content.slice(0, colon).split(',')[0]!);
  const cue = cues.duties.find((d) => startsAt(words, d, 0));
  if (!cue) return [];
  const tokens = tokenize(content.slice(0, colon).split(',')[0]!);
  const end = tokens.findIndex((t, i) => i >= cue.length && cues.holderEnd.has(t.value));
  return terms.slice(cue.length, end < 0 ? undefined : end).filter((t): t is string => t !== null);
}

/** Whether the question asks for a time: "de quanto em quanto tempo", "qual o prazo", "validade". */
export function asksPeriod(text: string, cues: Cues): boolean {
  const words = phraseKey(text);
  return cues.period.some((cue) => words.some((_, i) => startsAt(words, cue, i)));
}

/** Units of time that are adjectives and state a period by themselves ("inspeção anual"). */
const PERIOD_ADJECTIVE = /^(?:anua|semestra|mensa|semana|diari|bienal|trienal|quinquenal)/;

/**
 * Whether an item states a time: a figure followed by a unit of time ("doze meses", "30 (trinta)
 * dias") or a time adjective ("anual"). `figures` are the folded words that state a figure.
 */
export function statesPeriod(content: string, cues: Cues, figures: ReadonlySet<string>): boolean {
  const tokens = tokenize(content);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (cues.periodUnits.has(t.value) && PERIOD_ADJECTIVE.test(t.value)) return true;
    if (t.kind !== 'number' && !figures.has(t.value)) continue;
    // "30 (trinta) dias", "vinte e quatro meses": the unit may follow the figure in words.
    for (let j = i + 1; j <= i + 3 && j < tokens.length; j++) {
      const next = tokens[j]!;
      if (cues.periodUnits.has(next.value)) return true;
      if (next.kind !== 'number' && !figures.has(next.value) && next.value !== 'e') break;
    }
  }
  return false;
}
