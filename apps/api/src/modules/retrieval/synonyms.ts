import { compileCues, type CueData, type Cues } from './cues';
import data from './data/synonyms.pt-BR.json' with { type: 'json' };
import { analyzeTerms, phraseKey } from './text/analyzer';
import { canonicalCode } from './text/normalize';

/** Domain knowledge as data (see data/synonyms.pt-BR.json), compiled into matchers once. */
export interface DomainKnowledge {
  /** `own`: the abbreviation's own terms ("epi"); `terms`: its expansion's. */
  abbreviations: { pattern: RegExp; own: string[]; terms: string[] }[];
  synonymGroups: { keys: string[][]; terms: string[][] }[];
  topics: { code: string; keys: string[][] }[];
  /** The raw topic phrases per NR code, indexed as part of the NR-level document. */
  topicPhrases: [string, string[]][];
  outsideStrong: string[][];
  outsideWeak: string[][];
  /** Phrases of a question that asks for a figure ("quanto tempo", "prazo", "no mínimo"). */
  numericCues: string[][];
  /** Folded words that state a figure in full ("doze meses", "anual"): the item carries a quantity. */
  quantityWords: Set<string>;
  /** Phrases of a question that asks what something is or from when a rule applies. */
  definitionCues: string[][];
  /** Phrases with which an item defines a term or its scope ("considera-se", "aplica-se"). */
  definitionMarkers: string[][];
  /** Headings under which every item defines a term ("Definições", "Glossário"). */
  definitionHeadings: string[][];
  /** NRs of one sector (mining, ports, platforms...): they need the question to speak of that sector. */
  sectoral: Set<string>;
  /** Cues of wording rather than topic: negation, lists, conditions, duties (see `cues.ts`). */
  cues: Cues;
}

export interface DomainData {
  abbreviations: { term: string; expansion: string; caseSensitive?: boolean }[];
  synonyms: string[][];
  topics: Record<string, string[]>;
  outsideNrs: { strong: string[]; weak: string[] };
  numericCues: string[];
  sectoralNrs?: { codes: string[] };
  quantityWords?: string[];
  definitionCues?: { phrases: string[] };
  definitionMarkers?: { phrases: string[]; headings?: string[] };
  wordingCues?: CueData;
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function compileDomain(d: DomainData): DomainKnowledge {
  return {
    abbreviations: d.abbreviations.map((a) => ({
      // Case-sensitive ones are also ordinary words ("ar", "pt", "na"): only the capitalised form counts.
      pattern: new RegExp(
        `(?<![\\p{L}\\d])${escapeRegExp(a.term)}(?![\\p{L}\\d])`,
        a.caseSensitive ? 'u' : 'iu',
      ),
      own: analyzeTerms(a.term),
      terms: analyzeTerms(a.expansion),
    })),
    synonymGroups: d.synonyms.map((g) => ({ keys: g.map(phraseKey), terms: g.map(analyzeTerms) })),
    topics: Object.entries(d.topics).map(([code, phrases]) => ({
      code: canonicalCode(code.replace(/\D/g, '')),
      keys: phrases.map((p) => analyzeTerms(p)),
    })),
    topicPhrases: Object.entries(d.topics).map(([code, phrases]) => [
      canonicalCode(code.replace(/\D/g, '')),
      phrases,
    ]),
    outsideStrong: d.outsideNrs.strong.map(phraseKey),
    outsideWeak: d.outsideNrs.weak.map(phraseKey),
    numericCues: d.numericCues.map(phraseKey),
    quantityWords: new Set(d.quantityWords ?? []),
    definitionCues: (d.definitionCues?.phrases ?? []).map(phraseKey),
    definitionMarkers: (d.definitionMarkers?.phrases ?? []).map(phraseKey),
    definitionHeadings: (d.definitionMarkers?.headings ?? []).map(phraseKey),
    sectoral: new Set((d.sectoralNrs?.codes ?? []).map((c) => canonicalCode(c.replace(/\D/g, '')))),
    cues: compileCues(
      d.wordingCues ?? { negation: [], possession: [], list: [], duties: [], holderEnd: [] },
    ),
  };
}

export const DOMAIN: DomainKnowledge = compileDomain(data);

/** Whether `needle` occurs contiguously in `hay`. */
export function containsSequence(hay: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0 || needle.length > hay.length) return false;
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}
