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
  /** Phrases of a question that asks from where a rule applies: "a partir de qual altura". */
  threshold?: string[];
  /** Words that, before a figure, state a threshold: "acima de", "superior a". */
  thresholdMarkers?: string[];
}

export interface Cues {
  negation: string[][];
  possession: string[][];
  list: string[][];
  duties: string[][];
  holderEnd: Set<string>;
  period: string[][];
  periodUnits: Set<string>;
  threshold: string[][];
  thresholdMarkers: string[];
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
    threshold: (data.threshold ?? []).map(phraseKey),
    thresholdMarkers: (data.thresholdMarkers ?? []).map(foldText),
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
  // Most clauses hold no marker: a marker's stems are substrings of the folded clause it is in
  // (folding twice changes nothing, so the clause is read folded).
  const folded = foldText(text);
  if (!markers.some((m) => folded.includes(m[0]!))) return found;
  for (const clause of clauses(folded)) {
    const present = markers.filter((m) => m.every((w) => clause.includes(w)));
    if (present.length === 0) continue;
    const { words, terms } = read(clause);
    for (let i = 0; i < words.length; i++) {
      const marker = present.find((m) => startsAt(words, m, i));
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

/**
 * Whether the question (its `phraseKey`) asks for the things a list holds ("quais dados", "o que
 * deve conter").
 */
export function asksList(phrase: readonly string[], cues: Cues): boolean {
  return cues.list.some((cue) => phrase.some((_, i) => startsAt(phrase, cue, i)));
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
  const folded = foldText(content.slice(0, colon));
  if (!cues.duties.some((d) => d.every((w) => folded.includes(w)))) return [];
  // "Cabe à organização, quanto ao EPI:": the holder ends at the comma or at "quanto".
  const { words, terms } = read(content.slice(0, colon).split(',')[0]!);
  const cue = cues.duties.find((d) => startsAt(words, d, 0));
  if (!cue) return [];
  const tokens = tokenize(content.slice(0, colon).split(',')[0]!);
  const end = tokens.findIndex((t, i) => i >= cue.length && cues.holderEnd.has(t.value));
  return terms.slice(cue.length, end < 0 ? undefined : end).filter((t): t is string => t !== null);
}

/** Whether the question (its `phraseKey`) asks how often: "de quanto em quanto tempo", "periodicidade". */
export function asksPeriod(phrase: readonly string[], cues: Cues): boolean {
  return cues.period.some((cue) => phrase.some((_, i) => startsAt(phrase, cue, i)));
}

/** Units of time that are adjectives and state a period by themselves ("inspeção anual"). */
const PERIOD_ADJECTIVE = /^(?:anua|semestra|mensa|semana|diari|bienal|trienal|quinquenal)/;

/**
 * A pattern built once per cues and set of figure words: the figures are the domain's number words
 * ("doze", "trinta"), a figure in a pattern is digits or one of them.
 */
const patterns = new WeakMap<Cues, Map<string, WeakMap<ReadonlySet<string>, RegExp>>>();

function cachedPattern(
  cues: Cues,
  figures: ReadonlySet<string>,
  kind: string,
  build: (figure: string, words: (list: Iterable<string>) => string) => RegExp,
): RegExp {
  let byKind = patterns.get(cues);
  if (!byKind) patterns.set(cues, (byKind = new Map()));
  let byFigures = byKind.get(kind);
  if (!byFigures) byKind.set(kind, (byFigures = new WeakMap()));
  let pattern = byFigures.get(figures);
  if (!pattern) {
    const words = (list: Iterable<string>) =>
      [...list]
        .sort((a, b) => b.length - a.length)
        .map((w) => w.replace(/\s+/g, '\\s+'))
        .join('|');
    pattern = build(`(?:\\d+(?:[.,]\\d+)*|${words(figures) || '(?!)'})`, words);
    byFigures.set(figures, pattern);
  }
  return pattern;
}

/**
 * On folded text: a figure, up to two more words of it ("e quatro", "(trinta)"), then a unit of
 * time; or a unit that is an adjective ("anual").
 */
function periodPattern(cues: Cues, figures: ReadonlySet<string>): RegExp {
  return cachedPattern(cues, figures, 'period', (figure, words) => {
    const units = [...cues.periodUnits];
    const adjectives = units.filter((u) => PERIOD_ADJECTIVE.test(u));
    return new RegExp(
      `(?<![a-z0-9])(?:${figure}(?:[\\s()]+(?:e|${figure})){0,2}[\\s()]+(?:${words(units) || '(?!)'})` +
        `|${words(adjectives) || '(?!)'})(?![a-z])`,
      'u',
    );
  });
}

/**
 * Whether an item states how often something is done: a time adjective or adverb ("anual", "8
 * horas/anual", "anualmente"), or a figure and a unit of time that something makes recur ("a cada
 * doze meses", "de 6 em 6 meses", "validade de 12 meses"). A length of time alone is not one: the 5
 * years the PETs are kept, the 120 days before a dismissal, "no prazo de 30 dias" answer "por
 * quanto tempo?" and "qual o prazo?", not "de quanto em quanto tempo?". `figures` are the folded
 * words that state a figure.
 */
export function statesPeriod(content: string, cues: Cues, figures: ReadonlySet<string>): boolean {
  const folded = foldText(content);
  const pattern = new RegExp(periodPattern(cues, figures).source, 'gu');
  for (const m of folded.matchAll(pattern)) {
    // A unit that is an adjective ("anual", "8 horas/anual") recurs by itself.
    if (!/[\s()]/.test(m[0]) && PERIOD_ADJECTIVE.test(m[0])) return true;
    const before = folded.slice(Math.max(0, m.index - 40), m.index);
    if (RECURRENCE_BEFORE.test(before)) return true;
  }
  return ADVERB_PERIOD.test(folded);
}

/**
 * Whether a list's lead-in says what recurs and its entries give the periods: "A inspeção de
 * segurança periódica… deve ser executada nos seguintes prazos máximos: a) doze meses…". Read by
 * the answer, not by retrieval's ranking.
 */
export function listsPeriods(content: string, cues: Cues, figures: ReadonlySet<string>): boolean {
  const folded = foldText(content);
  const colon = folded.indexOf(':');
  if (colon < 0 || !RECURRING_LEAD_IN.test(folded.slice(0, colon))) return false;
  return new RegExp(periodPattern(cues, figures).source, 'u').test(folded.slice(colon));
}

/** A list's lead-in that names what recurs: "inspeção… periódica", "periodicidade". */
const RECURRING_LEAD_IN = /\bperiodic/u;

/** What, just before a figure and its unit of time, makes it recur ("a cada", "de 6 em", "validade de"). */
const RECURRENCE_BEFORE =
  /(?:\ba cada\b|\bperiodic|\bintervalos?\b|\bvalidade\b|\bvez(?:es)? (?:por|ao|a cada)\b|\bde \S+ em\s*$)[^.;:]*$/u;
/** Adverbs of recurrence ("anualmente", "semestralmente"). */
const ADVERB_PERIOD =
  /\b(?:anual|bianual|semestral|mensal|semanal|diaria|quinzenal|trimestral|bimestral)mente\b/u;

/** Whether the question asks from where a rule applies: "a partir de qual altura", "a partir de quantos". */
export function asksThreshold(phrase: readonly string[], cues: Cues): boolean {
  return cues.threshold.some((cue) => phrase.some((_, i) => startsAt(phrase, cue, i)));
}

/**
 * Whether an item states a threshold: a marker followed by a figure ("acima de 2,0m", "superior a
 * 20 (vinte)", "mais de cinquenta"). `figures` are the folded words that state a figure.
 */
export function statesThreshold(
  content: string,
  cues: Cues,
  figures: ReadonlySet<string>,
): boolean {
  const pattern = cachedPattern(
    cues,
    figures,
    'threshold',
    (figure, words) =>
      new RegExp(
        `(?<![a-z0-9])(?:${words(cues.thresholdMarkers) || '(?!)'})\\s+${figure}(?![a-z])`,
        'u',
      ),
  );
  return pattern.test(foldText(content));
}

/** Units of a quantity a question gives and a rule bounds, by the key both share. */
const UNIT_KEYS: [RegExp, string][] = [
  [/^anos?$/, 'anos'],
  [/^(?:m|metros?)$/, 'metros'],
  [/^(?:kg|quilos?|quilogramas?)$/, 'kg'],
  [/^dias?$/, 'dias'],
  [/^(?:h|horas?)$/, 'horas'],
  [/^(?:empregados|trabalhadores|funcionarios|pessoas)$/, 'pessoas'],
  [/^(?:kv|volts?|v)$/, 'volts'],
  [/^(?:db|decibeis)$/, 'db'],
];
const NUMBER = String.raw`(\d+(?:[.,]\d+)?)`;
const UNIT = String.raw`(anos?|m|metros?|kg|quilos?|quilogramas?|dias?|h|horas?|empregados|trabalhadores|funcionarios|pessoas|kv|volts?|v|db|decibeis)(?![a-z])`;
/** Markers after which a figure is a lower bound ("maiores de 60 anos") or an upper one ("até 10 trabalhadores"). */
const LOWER =
  'acima de|superior a|superiores a|maior que|maiores de|maiores que|mais de|a partir de|no minimo';
const UPPER =
  'abaixo de|inferior a|inferiores a|menor que|menores de|menores que|menos de|ate|no maximo';
/** A quantity given: "63 anos", "1,80 m", "25 kg". */
const GIVEN = new RegExp(String.raw`(?<![a-z0-9.,])${NUMBER}\s*${UNIT}`, 'gu');
/** A bound a rule states: "maiores de 60 (sessenta) anos", "com até 10 (dez) trabalhadores". */
const BOUND = new RegExp(
  String.raw`(?<![a-z])(${LOWER}|${UPPER})\s+${NUMBER}\s*(?:\([^)]{1,40}\)\s*)?${UNIT}`,
  'gu',
);
const LOWER_MARKER = new RegExp(`^(?:${LOWER})$`);

export interface Quantity {
  unit: string;
  value: number;
}

export interface Bound extends Quantity {
  /** The rule holds from `value` up ("maiores de 60 anos"), or up to it ("até 10 trabalhadores"). */
  from: boolean;
}

function unitKey(unit: string): string | null {
  return UNIT_KEYS.find(([pattern]) => pattern.test(unit))?.[1] ?? null;
}

const valueOf = (figure: string) => Number(figure.replace(',', '.'));

/** The quantities a question gives ("um trabalhador de 63 anos" → 63 anos). */
export function quantitiesGiven(text: string): Quantity[] {
  const folded = foldText(text);
  return [...folded.matchAll(GIVEN)].flatMap((m) => {
    const unit = unitKey(m[2]!);
    // "menor de 18 anos" is a bound the question names, not a quantity it gives.
    if (!unit || AFTER_MARKER.test(folded.slice(0, m.index))) return [];
    return [{ unit, value: valueOf(m[1]!) }];
  });
}

const AFTER_MARKER = new RegExp(`(?<![a-z])(?:${LOWER}|${UPPER}|menor de|maior de)\\s*$`);

/** The bounds an item states ("por maiores de 60 (sessenta) anos" → from 60 anos). */
export function boundsStated(content: string): Bound[] {
  return [...foldText(content).matchAll(BOUND)].flatMap((m) => {
    const unit = unitKey(m[3]!);
    return unit ? [{ unit, value: valueOf(m[2]!), from: LOWER_MARKER.test(m[1]!) }] : [];
  });
}

/**
 * Whether a quantity the question gives falls within a bound the item states, in the same unit:
 * the rule is written for the user's case ("63 anos" and "maiores de 60 anos"; not "6h" and "até
 * 4 horas").
 */
export function withinBound(given: readonly Quantity[], bounds: readonly Bound[]): boolean {
  return given.some((q) =>
    bounds.some((b) => b.unit === q.unit && (b.from ? q.value >= b.value : q.value <= b.value)),
  );
}

/**
 * Measures a question may ask the limit of and a rule may bound, by the key both share ("ângulos
 * inferiores a 15°" bounds the inclinação): the words that name each, its key, and the kind of unit
 * its figures are written in.
 */
const MEASURES: [string, string, string][] = [
  ['inclinac(?:ao|oes)|angulos?', 'inclinacao', 'angle'],
  ['alturas?', 'altura', 'length'],
  ['larguras?', 'largura', 'length'],
  ['distancias?', 'distancia', 'length'],
  ['comprimentos?', 'comprimento', 'length'],
  ['profundidades?', 'profundidade', 'length'],
  ['espessuras?', 'espessura', 'length'],
  ['diametros?', 'diametro', 'length'],
  ['temperaturas?', 'temperatura', 'temperature'],
  ['pesos?', 'peso', 'mass'],
  ['velocidades?', 'velocidade', 'speed'],
  ['press(?:ao|oes)', 'pressao', 'pressure'],
  ['espacamentos?', 'espacamento', 'length'],
  ['idades?', 'idade', 'age'],
];
const MEASURE_WORD = `(${MEASURES.map(([words]) => words).join('|')})`;
const MEASURE_KEYS = MEASURES.map(([words, key]) => [new RegExp(`^(?:${words})$`), key] as const);

function measureKey(word: string): string | null {
  return MEASURE_KEYS.find(([pattern]) => pattern.test(word))?.[1] ?? null;
}

/** A limit asked or stated: of which measure, and whether it is an upper one (a maximum). */
export interface Limit {
  measure: string;
  upper: boolean;
}

/** "Qual a inclinação máxima…" → the upper limit of the inclinação; "altura mínima" → its lower one. */
const ASKED_LIMIT = new RegExp(
  String.raw`(?<![a-z])${MEASURE_WORD}\s+(?:\S+\s+)?(maxim[oa]s?|minim[oa]s?)(?![a-z])`,
  'u',
);

export function limitAsked(question: string): Limit | null {
  const m = ASKED_LIMIT.exec(foldText(question));
  const measure = m ? measureKey(m[1]!) : null;
  return measure ? { measure, upper: m![2]!.startsWith('max') } : null;
}

/**
 * What the measure asked is of: "qual a altura máxima de empilhamento de sacos?" → "empilhamento de
 * sacos"; empty when the question names nothing after the limit ("e a altura máxima?").
 */
const OBJECT_OF_LIMIT = new RegExp(
  String.raw`(?<![a-z])${MEASURE_WORD}\s+(?:\S+\s+)?(?:maxim[oa]s?|minim[oa]s?)(?:\s+(?:permitid|exigid|admitid)[oa]s?)?\s+(?:de|da|do|das|dos|para|pra|no|na|nos|nas|em|entre)\s+([^?!.,;:]+)`,
  'u',
);

export function measuredObject(question: string): string {
  return OBJECT_OF_LIMIT.exec(foldText(question))?.[2]?.trim() ?? '';
}

/** The kind of unit a figure of each measure is written in. */
const MEASURE_UNITS = new Map(MEASURES.map(([, key, kind]) => [key, kind]));
const UNIT_KINDS: [string, RegExp][] = [
  ['speed', /^(?:km\/h|m\/s|m\/min)$/],
  ['pressure', /^(?:kpa|mpa|pa|bar|psi|kgf\/cm2|kgf\/cm²|atm)$/],
  ['length', /^(?:m|metros?|cm|centimetros?|mm|milimetros?|km|quilometros?)$/],
  ['angle', /^(?:°|º|graus?|%)$/],
  ['temperature', /^(?:°c|ºc|graus? celsius)$/],
  ['mass', /^(?:kg|quilos?|quilogramas?|t|toneladas?|g|gramas?)$/],
  ['force', /^(?:kn|n|kgf|newtons?)$/],
  ['age', /^anos?$/],
  ['time', /^(?:h|horas?|min|minutos?|s|segundos?|dias?|meses)$/],
  ['electric', /^(?:v|kv|volts?|a|ma|w|kw|kva)$/],
  ['area', /^(?:m2|m²|m3|m³)$/],
  ['other', /^(?:db|lux|ppm|mg\/m3|mg\/m³|l|litros?)$/],
];
const FIGURE_UNIT =
  /(?<![a-z0-9.,])\d+(?:[.,]\d+)?\s*(?:\([^)]{1,60}\)\s*)?(km\/h|m\/s|m\/min|kgf\/cm2|kgf\/cm²|mg\/m3|mg\/m³|m2|m²|m3|m³|°c|ºc|graus? celsius|°|º|%|[a-z]+)(?![a-z0-9²³])/gu;

/**
 * Whether the figures a statement gives are in a unit of the measure asked: `fits` when one is,
 * `other` when it gives figures only in other units (the 6 kN of a fall arrester's impact for "qual
 * a altura máxima…"), null when it gives no figure with a unit.
 */
export function figureUnits(measure: string, text: string): 'fits' | 'other' | null {
  const wanted = MEASURE_UNITS.get(measure);
  if (!wanted) return null;
  const kinds = [...foldText(text).matchAll(FIGURE_UNIT)]
    .map((m) => UNIT_KINDS.find(([, pattern]) => pattern.test(m[1]!))?.[0])
    .filter((k): k is string => k !== undefined);
  if (kinds.length === 0) return null;
  return kinds.includes(wanted) ? 'fits' : 'other';
}

/**
 * The limits an item states for a measure, by the marker right after it: "ângulos inferiores a 15°"
 * (upper), "com inclinação superior a 6°" (lower), "altura máxima de 2,25 m" (upper).
 */
const STATED_LIMIT = new RegExp(
  String.raw`(?<![a-z])${MEASURE_WORD}((?:\s+[a-z]+){0,4}?)\s+(${LOWER}|${UPPER}|exceder a|exceda a|ultrapassar|ultrapasse|maxim[oa]s?(?:,[^,]{1,40},)?\s+de|minim[oa]s?(?:,[^,]{1,40},)?\s+de|entre)\s+\d`,
  'gu',
);
const UPPER_MARKER = new RegExp(`^(?:${UPPER}|maxim)`);

/**
 * A prohibition before the measure, in the same sentence, turns the marker round: "é proibida a
 * construção de rampas com inclinação superior a 20°" and "não podendo o espelho ter altura
 * superior a 0,15 m" state maximums.
 */
const FORBIDS_BEFORE =
  /(?<![a-z])(?:proibid[oa]s?|vedad[oa]s?|nao|nunca|nenhum[a]?|jamais)(?![a-z])[^.;:]*$/;

export function limitsStated(content: string): Limit[] {
  const folded = foldText(content);
  return [...folded.matchAll(STATED_LIMIT)].flatMap((m) => {
    const measure = measureKey(m[1]!);
    if (!measure || m[3] === 'entre') return [];
    // "a distância percorrida pelo mergulhador não exceder a 60 metros": the words between count.
    const before = folded.slice(Math.max(0, m.index - 120), m.index) + m[1]! + m[2]!;
    return [{ measure, upper: UPPER_MARKER.test(m[3]!) !== FORBIDS_BEFORE.test(before) }];
  });
}

/**
 * How an item's limits meet the limit asked: `answers` when it bounds the asked measure on the
 * asked side ("inclinação máxima" and "ângulos inferiores a 15°"); `opposite` when it bounds it only
 * on the other side, which is the case a rule is written for, not the limit asked ("rampas com
 * inclinação superior a 6°, devem ser fixadas peças transversais"); null otherwise.
 */
export function meetsLimit(
  asked: Limit | null,
  stated: readonly Limit[],
): 'answers' | 'opposite' | null {
  if (!asked) return null;
  const same = stated.filter((l) => l.measure === asked.measure);
  if (same.some((l) => l.upper === asked.upper)) return 'answers';
  return same.length > 0 ? 'opposite' : null;
}
