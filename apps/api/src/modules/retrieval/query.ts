import { LruCache } from '../../lib/lru-cache';
import {
  asksList,
  asksPeriod,
  asksThreshold,
  limitAsked,
  negatedTerms,
  quantitiesGiven,
  type Limit,
  type Quantity,
} from './cues';
import { containsSequence, DOMAIN, type DomainKnowledge } from './synonyms';
import { analyze, analyzeTerms, phraseKey } from './text/analyzer';
import { foldText, tokenize } from './text/normalize';
import type { ContextPassage } from './retrieval.types';

export interface ItemReference {
  /** "35.2.1", or "Anexo II 1.3" when the question names the annex. */
  label: string;
  /** NR implied by the number itself ("18.7" → NR-18) when not inside an annex. */
  impliedCode: string | undefined;
}

/** How strongly the question points outside the NRs, and by which phrases (as term sequences). */
export interface OutsideSignal {
  strong: number;
  weak: number;
  terms: Set<string>;
  phrases: { strong: string[][]; weak: string[][] };
}

/**
 * The outside signal without the phrases an item states word for word: "dispensa arbitrária ou sem
 * justa causa" is NR-05's own matter for a cipeiro, whatever "justa causa" says elsewhere.
 */
export function outsideBeyond(
  signal: OutsideSignal,
  itemPhrase: () => readonly string[],
): OutsideSignal {
  if (signal.strong === 0 && signal.weak === 0) return signal;
  const item = itemPhrase();
  const strong = signal.phrases.strong.filter((key) => !containsSequence(item, key));
  const weak = signal.phrases.weak.filter((key) => !containsSequence(item, key));
  if (strong.length === signal.strong && weak.length === signal.weak) return signal;
  return {
    strong: strong.length,
    weak: weak.length,
    terms: new Set([...strong, ...weak].flat()),
    phrases: { strong, weak },
  };
}

export interface ParsedQuery {
  /** NRs the question names ("NR-35", "nr35", "NR 35"). */
  codes: string[];
  items: ItemReference[];
  /** Stemmed terms of the question itself, in order (proximity and coverage work on these). */
  terms: string[];
  /** Every term to score with its weight: the question's own (1) plus expansions (< 1). */
  weights: Map<string, number>;
  /**
   * Abbreviations the question uses, each with its expansion ("epi" → equipamento, proteção,
   * individual): one idea, which a text may state either way.
   */
  concepts: { own: string[]; expansion: string[] }[];
  /** NRs whose topic vocabulary the question uses. */
  topicCodes: Map<string, number>;
  /** How strongly the question points outside the NRs (ABNT, CLT, building codes...). */
  outsideSignal: OutsideSignal;
  /** The question asks for a figure: a deadline, a frequency, a minimum, a distance... */
  asksQuantity: boolean;
  /** The question asks what something is, or from which threshold a rule applies. */
  asksDefinition: boolean;
  /** The question asks for the things a list holds ("quais dados...", "o que deve conter"). */
  asksList: boolean;
  /** What the question says it does not have ("empresa sem SPIE" → spie). */
  negated: Set<string>;
  /** The question asks for a time: a deadline, a frequency, a duration. */
  asksPeriod: boolean;
  /** The question asks from where a rule applies: "a partir de qual altura". */
  asksThreshold: boolean;
  /** The quantities the question gives ("um trabalhador de 63 anos"). */
  quantities: Quantity[];
  /** The limit the question asks for: "qual a inclinação máxima" → the inclinação's upper one. */
  limit: Limit | null;
  /**
   * The terms of what "o que é…" asks to define ("o que é espaço confinado na NR 33" →
   * espaço, confinado); empty for any other question.
   */
  defines: string[];
}

/** "o que é espaço confinado nr 33?", "o que significa LT", "o que se entende por PET". */
const DEFINE_ASKED =
  /(?<!\p{L})o que (?:é|e|são|sao|significa|quer dizer|se entende por|seria)\s+(?:(?:um|uma|o|a|os|as)\s+)?(.+?)\s*\??\s*$/iu;

const NOT_A_TERM =
  /^(?:obrigat|precis|necess|permitid|proibid|exigid|vedad|feit|poss[ií]vel|melhor|cert|errad|devid|cobrad|pag|important|recomendad|dispensad|aceit)/iu;

function asksToDefine(text: string): string[] {
  const phrase = DEFINE_ASKED.exec(text.trim())?.[1];
  // "o que é obrigatório no ASO?", "o que é preciso para…": a duty asked, not a term.
  if (!phrase || NOT_A_TERM.test(phrase)) return [];
  // "…na NR 33", "…pela NR-15", "…nr15" say where, not what; "considerado" says nothing.
  const what = phrase
    .replace(/^considerad[oa]s?\s+/iu, '')
    .replace(
      /(?:\s+(?:na|no|pela|pelo|segundo a|conforme a|de acordo com a|da|do))?\s*\bnrs?\s*-?\s*\d+.*$/iu,
      '',
    );
  const terms = analyzeTerms(what).filter((t) => !/^nr-\d+$/.test(t));
  return terms.length > 0 && terms.length <= 6 ? terms : [];
}

const ROMAN = /^(?:i{1,3}|iv|v|vi{1,3}|ix|x{1,3}|xi{1,3}|xiv|xv)$/;
const ABBREVIATION_WEIGHT = 0.7;
const SYNONYM_WEIGHT = 0.35;
/** The term a "%" after a number adds, and the words that ask for a percentage. */
const PERCENT_TERM = 'percentual';
const PERCENT_WORD = /(?<![a-z])(?:percentua(?:l|is)|porcentage(?:m|ns)|por cento)(?![a-z])/;

function addWeight(weights: Map<string, number>, term: string, weight: number): void {
  weights.set(term, Math.max(weights.get(term) ?? 0, weight));
}

type Token = ReturnType<typeof tokenize>[number];

/** Words that may stand between an annex and its item: "Anexo II, item 6.4.1", "do Anexo I". */
const ITEM_WORDS = new Set(['item', 'itens', 'subitem', 'subitens']);

/** "II" or "1" after the word "anexo", as the annex is labelled: "Anexo II", "Anexo 1". */
function annexId(token: Token | undefined): string | undefined {
  if (token?.kind === 'word' && ROMAN.test(token.value)) return token.value.toUpperCase();
  if (token?.kind === 'number' && /^\d{1,2}$/.test(token.value)) return token.value;
  return undefined;
}

/** The annex an item number belongs to: "Anexo II 1.3", "Anexo II item 6.4.1", "6.4.1 do Anexo II". */
function annexOf(tokens: readonly Token[], i: number): string | undefined {
  let j = i - 1;
  if (ITEM_WORDS.has(tokens[j]?.value ?? '')) j -= 1;
  const before = annexId(tokens[j]);
  if (before && tokens[j - 1]?.value === 'anexo') return before;
  const [link, word, id] = [tokens[i + 1], tokens[i + 2], tokens[i + 3]];
  if (['do', 'da', 'no', 'na'].includes(link?.value ?? '') && word?.value === 'anexo')
    return annexId(id);
  return undefined;
}

function findItems(text: string): ItemReference[] {
  const tokens = tokenize(text);
  const items: ItemReference[] = [];
  tokens.forEach((token, i) => {
    // A bare number is an item only inside an annex and after "item": "Anexo 1, item 6".
    const bare = token.kind === 'number' && ITEM_WORDS.has(tokens[i - 1]?.value ?? '');
    if (token.kind !== 'item' && !bare) return;
    const annex = annexOf(tokens, i);
    if (annex) {
      items.push({ label: `Anexo ${annex} ${token.value}`, impliedCode: undefined });
      return;
    }
    if (bare) return;
    const first = Number(token.value.split('.')[0]);
    if (first >= 1 && first <= 38) {
      items.push({ label: token.value, impliedCode: `NR-${String(first).padStart(2, '0')}` });
    }
  });
  return items;
}

const RECENT_QUERIES = 64;
const recent = new LruCache<string, ParsedQuery>(RECENT_QUERIES);

/**
 * What a question asks, as retrieval and the answer engine both read it. Retrieval, the choice of
 * items and the quoting each need it for the same question, so recent results with the product's
 * own domain knowledge are kept (shared: callers must not change them).
 */
export function parseQuery(text: string, domain: DomainKnowledge = DOMAIN): ParsedQuery {
  if (domain !== DOMAIN) return analyzeQuery(text, domain);
  let parsed = recent.get(text);
  if (!parsed) {
    parsed = analyzeQuery(text, domain);
    recent.set(text, parsed);
  }
  return parsed;
}

function analyzeQuery(text: string, domain: DomainKnowledge): ParsedQuery {
  const tokens = tokenize(text);
  const codes = [...new Set(tokens.filter((t) => t.kind === 'code').map((t) => t.value))];
  // "tem adicional de 30%?" gives a figure; it asks for a percentage only in words ("percentual"),
  // while an item's "40%" also reads as "percentual" (normalize.ts).
  const saysPercent = PERCENT_WORD.test(foldText(text));
  const analyzed = analyze(text).filter(
    (t) => !t.term.startsWith('nr-') && (t.term !== PERCENT_TERM || saysPercent),
  );
  const terms = analyzed.map((t) => t.term);
  const weights = new Map<string, number>();
  for (const term of terms) addWeight(weights, term, 1);

  const concepts: ParsedQuery['concepts'] = [];
  for (const abbreviation of domain.abbreviations) {
    if (!abbreviation.pattern.test(text)) continue;
    for (const term of abbreviation.terms) addWeight(weights, term, ABBREVIATION_WEIGHT);
    concepts.push({ own: abbreviation.own, expansion: abbreviation.terms });
  }

  const phrase = phraseKey(text);
  for (const group of domain.synonymGroups) {
    if (!group.keys.some((key) => containsSequence(phrase, key))) continue;
    for (const member of group.terms)
      for (const term of member) addWeight(weights, term, SYNONYM_WEIGHT);
  }

  // Topic phrases are matched on stems so that "trabalham em altura" meets "trabalho em altura".
  const topicCodes = new Map<string, number>();
  for (const topic of domain.topics) {
    let hits = 0;
    for (const key of topic.keys) {
      if (key.length === 0) continue;
      if (containsSequence(terms, key)) hits += 1;
      else if (key.every((k) => weights.has(k))) hits += 0.5;
    }
    if (hits > 0) topicCodes.set(topic.code, hits);
  }

  const strong = domain.outsideStrong.filter((key) => containsSequence(phrase, key));
  const weak = domain.outsideWeak.filter((key) => containsSequence(phrase, key));
  const outsideSignal = {
    strong: strong.length,
    weak: weak.length,
    terms: new Set([...strong, ...weak].flat()),
    phrases: { strong, weak },
  };
  const asksQuantity = domain.numericCues.some((key) => containsSequence(phrase, key));
  const asksDefinition = domain.definitionCues.some((key) => containsSequence(phrase, key));
  return {
    codes,
    items: findItems(text),
    terms,
    weights,
    concepts,
    topicCodes,
    outsideSignal,
    asksQuantity,
    asksDefinition,
    asksList: asksList(phrase, domain.cues),
    negated: negatedTerms(text, domain.cues),
    asksPeriod: asksPeriod(phrase, domain.cues),
    asksThreshold: asksThreshold(phrase, domain.cues),
    quantities: quantitiesGiven(text),
    limit: limitAsked(text),
    defines: asksToDefine(text),
  };
}

/**
 * The question with the conversation's words added at their passages' weights (a new object:
 * parsed queries are shared). A word the question has keeps its own weight.
 */
export function withContext(
  query: ParsedQuery,
  context: readonly ContextPassage[] = [],
): ParsedQuery {
  if (context.length === 0) return query;
  const weights = new Map(query.weights);
  const topicCodes = new Map(query.topicCodes);
  // The case the conversation told ("os operadores fazem 6 horas por dia") is the user's case for
  // the rule asked now ("como tem que ser as pausas deles?"), unless the message gives its own
  // quantity of that kind.
  const quantities = [...query.quantities];
  const given = new Set(query.quantities.map((q) => q.unit));
  for (const passage of context) {
    if (!passage.text.trim() || passage.weight <= 0) continue;
    const carried = parseQuery(passage.text);
    for (const [term, weight] of carried.weights)
      weights.set(term, Math.max(weights.get(term) ?? 0, weight * passage.weight));
    for (const [code, hits] of carried.topicCodes)
      topicCodes.set(code, Math.max(topicCodes.get(code) ?? 0, hits * passage.weight));
    for (const q of carried.quantities) if (!given.has(q.unit)) quantities.push(q);
  }
  return { ...query, weights, topicCodes, quantities };
}
