/**
 * Cutting an item's text into quotable units (sentences, lettered sub-items) and judging which of
 * them answer a question: overlap with the question's words plus "decisive" content — numbers with
 * units, deadlines, duties and prohibitions, the things a professional acts on.
 */
import { quantitiesGiven, type Quantity } from '../retrieval/cues';
import { parseQuery, withContext } from '../retrieval/query';
import type { ContextPassage } from '../retrieval/retrieval.types';
import { analyzeTerms } from '../retrieval/text/analyzer';
import { ALINEA, BULLET } from '../retrieval/units';
import { answerTypeOf, type AnswerType } from './answer-type';

export type UnitKind = 'sentence' | 'alinea' | 'table' | 'note';

export interface Unit {
  text: string;
  kind: UnitKind;
  /** Index of the paragraph the unit comes from; units of one paragraph are contiguous. */
  paragraph: number;
  /** Position among all units of the item. */
  index: number;
}

// "(Alterado pela Portaria SEPRT n.º 915, de 30 de julho de 2019)" says who wrote the text, not what it says.
const AMENDMENT_NOTE =
  /\s*\((?:Alterad|Inserid|Incluíd|Acrescentad|Redação|Revogad|Título|Aprovad|Retificad|Vide|Vigência)[^)]*\)/gi;
/** A sentence that opens a list of sub-items ends with a colon. */
export const LEAD_IN = /:\s*$/;
const NUMBERED_SUBITEM = /^\d{1,2}\.\s+\p{Ll}/u;
const NUMBERED_ITEM = /^\d{1,2}(?:\.\d{1,2}){2,}\s+\S/;

/** How deep a sub-item sits: "I -" 1, "a)" 2, "1." 3. */
export function alineaLevel(text: string): number {
  if (/^[IVXL]{1,6}\s*[)–-]/.test(text)) return 1;
  if (/^\d/.test(text)) return 3;
  return 2;
}
// "Quadro I – Dimensionamento da CIPA": a caption the PDF glued to the paragraph before it.
// "TABELA 3.4 - Tabela de excesso de risco…": in capitals, numbered with a dot, all the same.
const CAPTION = /^(?:Quadro|Tabela|Figura)\s+[IVXL\d]+(?:\.\d+)*(?:-[A-Z])?\s*[–-]/i;
const NOTE = /^(?:Nota|Notas|Observa[çc][ãa]o|Obs\.|Exemplos?)\b/i;
// Words after which a period does not end a sentence.
const ABBREVIATIONS = new Set(
  'art arts n nº no nos inc incs al als ex p pp pág págs cap caps obs máx mín aprox ref sr sra dr dra etc fig tab min máx séc av ltda cia'.split(
    ' ',
  ),
);

export function withoutAmendmentNotes(text: string): string {
  return text
    .replace(AMENDMENT_NOTE, '')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

/** Sentences of one paragraph; periods of abbreviations, item numbers and decimals do not split. */
export function splitSentences(paragraph: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  const boundary = /([.!?])["”]?\s+(?=["“(]?[\p{Lu}])/gu;
  for (let m = boundary.exec(paragraph); m; m = boundary.exec(paragraph)) {
    const before = paragraph.slice(start, m.index);
    const lastWord = (/([\p{L}º]+)$/u.exec(before)?.[1] ?? '').toLowerCase();
    if (m[1] === '.' && (ABBREVIATIONS.has(lastWord) || lastWord.length === 1)) continue;
    sentences.push(paragraph.slice(start, m.index + m[0].trimEnd().length).trim());
    start = m.index + m[0].length;
  }
  const rest = paragraph.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/**
 * Bounded memo tables: the same items come back question after question, and cutting and
 * analysing their text again was most of an answer's cost. Cleared wholesale when full.
 */
function memo<V>(limit: number, compute: (key: string) => V): (key: string) => V {
  const table = new Map<string, V>();
  return (key) => {
    let value = table.get(key);
    if (value === undefined) {
      if (table.size >= limit) table.clear();
      value = compute(key);
      table.set(key, value);
    }
    return value;
  };
}

/** The item's quotable units in document order (shared, read-only: callers copy before changing). */
export const splitUnits: (content: string) => readonly Unit[] = memo(20_000, computeUnits);

const termsOf = memo(100_000, (text: string): ReadonlySet<string> => new Set(analyzeTerms(text)));

function computeUnits(content: string): Unit[] {
  const units: Unit[] = [];
  const paragraphs = content
    .split('\n')
    .map(withoutAmendmentNotes)
    .filter((p) => p !== '' && !/^\(?\s*(?:Revogad[oa]|Vide)\b/i.test(p));
  paragraphs.forEach((paragraph, p) => {
    const push = (text: string, kind: UnitKind) =>
      units.push({ text, kind, paragraph: p, index: units.length });
    if (paragraph.includes(' | ')) return push(paragraph, 'table');
    if (NOTE.test(paragraph)) return push(paragraph, 'note');
    if (ALINEA.test(paragraph)) return push(paragraph, 'alinea');
    // "15.2.1 40% (quarenta por cento), para insalubridade de grau máximo;" under "…equivalente
    // a:": sub-items the PDF left inside their item's text, numbered rather than lettered.
    const before = units.at(-1);
    if (
      NUMBERED_ITEM.test(paragraph) &&
      before &&
      (before.kind === 'alinea' || LEAD_IN.test(before.text))
    )
      return push(paragraph, 'alinea');
    // "- lixo urbano (coleta e industrialização)" under "…em contato permanente com:".
    if (BULLET.test(paragraph) && before && (before.kind === 'alinea' || LEAD_IN.test(before.text)))
      return push(paragraph, 'alinea');
    // "1. a cada ano…" under "a) para empregados expostos…:": a sub-item of a sub-item.
    const last = units.at(-1);
    if (
      NUMBERED_SUBITEM.test(paragraph) &&
      last?.kind === 'alinea' &&
      /[:;]\s*(?:e|ou)?$/.test(last.text)
    )
      return push(paragraph, 'alinea');
    for (const sentence of splitSentences(paragraph))
      push(sentence, CAPTION.test(sentence) ? 'table' : 'sentence');
  });
  return units;
}

/** Units written as words; tables also write them in capitals ("60 MINUTOS"). */
const WORD_UNITS =
  'metros?|quil[ôo]metros?|cent[íi]metros?|mil[íi]metros?|litros?|toneladas?|quilogramas?|quilos?|gramas?|decib[ée]is|horas?|dias?|semanas?|meses|mês|anos?|minutos?|segundos?|graus|volts?|amperes?|trabalhadores|empregados|pavimentos?|vezes';
const UNIT_WORDS = `${WORD_UNITS}|${WORD_UNITS.toUpperCase()}|m|cm|mm|km|m²|m2|m³|kg|t|h|min|s|°C|ºC|dB\\(?A?\\)?|dBA|lux|kV|V|A|W|kW|%`;
/** A number in words, "duas" to "quinhentos". */
export const NUMBER_WORD =
  'uma?|dois|duas|tr[êe]s|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|treze|quatorze|catorze|quinze|dezesseis|dezessete|dezoito|dezenove|vinte|trinta|quarenta|cinquenta|sessenta|setenta|oitenta|noventa|cem|cento|duzent[oa]s|trezent[oa]s|quatrocent[oa]s|quinhent[oa]s|mil|meia';
const NUMBER_WITH_UNIT = new RegExp(
  `(?:\\d+(?:[.,]\\d+)?|(?<!\\p{L})(?:${NUMBER_WORD})(?:\\s+e\\s+(?:${NUMBER_WORD}))*)(?:\\s*\\([^)]{1,60}\\))?\\s*(?:${UNIT_WORDS})(?![\\p{L}\\d])`,
  'u',
);

/** Where the first number with its unit is, e.g. "quinze horas (tempo parcial)" or "1,10 m". */
export function decisiveMatch(text: string): { index: number; end: number } | null {
  const m = NUMBER_WITH_UNIT.exec(text);
  return m ? { index: m.index, end: m.index + m[0].length } : null;
}
/** A case-insensitive word-list pattern with letter boundaries that also work for accented letters. */
function words(alternatives: string): RegExp {
  return new RegExp(`(?<!\\p{L})(?:${alternatives})(?!\\p{L})`, 'iu');
}
export const DEADLINE = words(
  'prazo|periodicidade|(?:anual|semestral|bimestral|trimestral|mensal|quinzenal|semanal)(?:mente)?|anuais|semestrais|bimestrais|trimestrais|mensais|quinzenais|semanais|bienal|trienal|a cada|antes d[eo]|ap[óo]s|imediatamente|validade',
);
export const DUTY = words(
  'deve|devem|dever[áã]o?|é obrigat[óo]ri[oa]|s[ãa]o obrigat[óo]ri[oa]s|obrigatoriamente|proibid[oa]s?|vedad[oa]s?|n[ãa]o (?:pode|podem|poder[áã]o?|é permitid[oa])|no m[íi]nimo|no m[áa]ximo|m[íi]nim[oa]s? de|m[áa]xim[oa]s? de|cabe ao?|compete ao?|dispensad[oa]s?|assegurad[oa]|garantir',
);

/** 0..3: how much of what a professional acts on the unit carries. */
export function decisiveness(text: string): number {
  let score = 0;
  if (NUMBER_WITH_UNIT.test(text)) score += 1.5;
  else if (/\d+\s*\([a-zà-ú\s-]{3,}\)/iu.test(text)) score += 1;
  if (DEADLINE.test(text)) score += 0.5;
  if (DUTY.test(text)) score += 1;
  return Math.min(score, 3);
}

/** What the question asks for, to weigh the units of the retrieved items against. */
export interface Relevance {
  /** Question terms with their weights (1 for its own words, less for synonyms and expansions). */
  weights: ReadonlyMap<string, number>;
  /** Rarer terms among the retrieved units say more about where the answer is than shared ones. */
  idf: ReadonlyMap<string, number>;
  /** "Qual a altura…", "quantas horas…", "qual o prazo…": the answer is a number. */
  wantsNumber: boolean;
  /** The kind of answer the question asks for (answer-type.ts). */
  answerType: AnswerType;
  /**
   * Abbreviations of the question with their expansions: "EPI" and "Equipamento de Proteção
   * Individual" are one idea, so a text that spells it out must not count three words for it.
   */
  concepts: readonly { own: readonly string[]; expansion: readonly string[] }[];
  /** Every term that belongs to a concept (scored by the concept, not on its own). */
  conceptTerms: ReadonlySet<string>;
  /**
   * "Quantas vias…": a figure followed by the thing counted ("2 (duas) vias") states the number
   * asked for, though "vias" is no unit of measure; null when the question counts nothing.
   */
  counted: RegExp | null;
  /**
   * The quantities the question gives ("rede de 13,8 kV", "empresa com 150 empregados"), to find
   * the row of a table whose range holds one; item and regulation numbers are not quantities.
   */
  values: readonly number[];
  /**
   * The quantities, with their units, that say the case asked about ("para 8 horas"), to find the
   * row of a table that gives one in another column ("85 | 8 horas": the level allowed for 8 hours).
   */
  quantities: readonly Quantity[];
  /** "o que é zona controlada?": the terms of what the question asks defined, in order. */
  defines: readonly string[];
  /**
   * "Se não tem mais candidato, precisa de nova eleição?": the question puts a case of its own, so
   * the rule's opening case ("Caso não existam suplentes,") is what it asks about.
   */
  givesCase?: boolean;
}

/** "13,8" → 13.8, "1.500" → 1500, "2.5" → 2.5. */
export function parseQuantity(text: string): number {
  const thousands = /^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/.test(text);
  return Number((thousands ? text.replace(/\./g, '') : text).replace(',', '.'));
}

/** The quantities a question gives, leaving out "NR-10", "item 10.2.8", "Anexo 3" and the like. */
function questionValues(question: string): number[] {
  const bare = question.replace(
    /(?<!\p{L})(?:nrs?|item|itens|subitem|anexo|quadro|tabela|portaria|lei|art(?:igo)?\.?)\s*[-nº°.]*\s*\d[\d.,-]*/giu,
    ' ',
  );
  return [...bare.matchAll(/(?<![\d.,])\d+(?:[.,]\d+)*(?![\d.,]*\d)/g)]
    .filter((m) => !/^\d+(?:\.\d+){2,}$/.test(m[0]))
    .map((m) => parseQuantity(m[0]))
    .filter((n) => Number.isFinite(n));
}

/**
 * The quantities a question gives as the case it asks about ("para 8 horas", "de 8 horas", "com 150
 * empregados"), not as the answer it proposes ("todo ano ou a cada 2 anos?").
 */
function conditionQuantities(question: string): Quantity[] {
  return [
    ...question.matchAll(
      /(?<!\p{L})(?:para|por|em|de|com|durante)\s+(\d+(?:[.,]\d+)?\s*\p{L}+)/giu,
    ),
  ].flatMap((m) => quantitiesGiven(m[1]!));
}

const COUNTED_QUESTION = /(?<!\p{L})quant[oa]s\s+(\p{L}{3,})/iu;
/** Words after "quantos/quantas" that are not the thing counted. */
const NOT_COUNTED =
  /^(?:mais|menos|s[ãa]o|tem|t[êe]m|precis[ao]m?|preciso|devo|deve|devem|pode|podem|posso|h[áa]|cabem|faltam|v[ãa]o|ficam|seriam|seria|ser[ãa]o)$/iu;

/** A figure followed by the noun counted: "2 (duas) vias", "três extintores". */
function countedPattern(question: string): RegExp | null {
  const noun = COUNTED_QUESTION.exec(question)?.[1];
  if (!noun) return null;
  // "quantas mais pra chamar o suplente?", "quantos precisa?": the thing counted is the one the
  // conversation speaks of, left unsaid; a figure with any noun ("quatro reuniões") counts it.
  if (NOT_COUNTED.test(noun))
    return new RegExp(
      `(?:\\d+|(?<!\\p{L})(?:${NUMBER_WORD}))(?:\\s*\\([^)]{1,60}\\))?\\s+(?:d[eo]s?\\s+)?\\p{L}{4,}`,
      'iu',
    );
  const stem = noun.toLowerCase().replace(/(?:es|s)$/, '');
  return new RegExp(
    `(?:\\d+|(?<!\\p{L})(?:${NUMBER_WORD}))(?:\\s*\\([^)]{1,60}\\))?\\s+${stem}(?:es|s)?(?!\\p{L})`,
    'iu',
  );
}

/** Whether a text states the figure the question asks for: a number with its unit, or the count. */
export function statesFigure(text: string, relevance: Relevance): boolean {
  return NUMBER_WITH_UNIT.test(text) || (relevance.counted?.test(text) ?? false);
}

export const NUMERIC_QUESTION = new RegExp(
  `(?<!\\p{L})(?:quant[oa]s?|quanto tempo|de quanto em quanto|com que frequ[êe]ncia|qual (?:[ao] )?(?:altura|dist[âa]ncia|prazo|periodicidade|carga|validade|limite|largura|dimens|idade|n[úu]mero|valor|tempo|frequ[êe]ncia|intervalo|di[âa]metro|tens[ãa]o|temperatura|capacidade|percentual|porcentagem)|a cada quanto|carga hor[áa]ria|m[íi]nim[oa]|m[áa]xim[oa]|prazo|periodicidade)(?!\\p{L})`,
  'iu',
);

// Stems of the words that make a question ("quanto", "qual", "quais", "teve", "precisa"): they say
// what kind of answer is wanted, not where it is, and "quanto" would otherwise meet "quantidade".
const QUESTION_WORDS = new Set(
  analyzeTerms('quanto quanta quantos quantas qual quais onde teve precisa preciso'),
);

/**
 * What a question asks, for picking sentences: its words with their weights, and the
 * conversation's words at their passages' weights (a follow-up in a chat, as retrieval read it).
 */
export function buildRelevance(
  question: string,
  units: readonly Unit[],
  context: readonly ContextPassage[] = [],
): Relevance {
  const query = parseQuery(question);
  const weights = new Map(
    [...withContext(query, context).weights].filter(
      ([t]) => !/^nr-\d+$/.test(t) && !QUESTION_WORDS.has(t),
    ),
  );
  // A word of the question that is also part of an expansion ("proteção" in "proteção do EPI")
  // stays a word of its own.
  const asked = new Set(query.terms);
  const concepts = query.concepts.map((c) => ({
    own: c.own,
    expansion: c.expansion.filter((t) => !asked.has(t) || c.own.includes(t)),
  }));
  const df = new Map<string, number>();
  for (const unit of units) {
    for (const term of termsOf(unit.text)) {
      if (weights.has(term)) df.set(term, (df.get(term) ?? 0) + 1);
    }
  }
  const idf = new Map([...df].map(([t, n]) => [t, 1 + Math.log(units.length / n)]));
  return {
    weights,
    idf,
    wantsNumber: NUMERIC_QUESTION.test(question),
    counted: countedPattern(question),
    answerType: answerTypeOf(question),
    values: questionValues(question),
    quantities: conditionQuantities(question),
    defines: query.defines,
    givesCase: GIVES_CASE.test(question),
    concepts,
    conceptTerms: new Set(concepts.flatMap((c) => [...c.own, ...c.expansion])),
  };
}

const NONE: ReadonlySet<string> = new Set();
/**
 * The clause a rule opens with to say when it holds ("Quando do fornecimento de EPI, a organização
 * deve assegurar a prestação de informações"): it sets the scene, the rule comes after the comma.
 */
const CIRCUMSTANCE =
  /^(?:[a-z]{1,2}\)\s+)?(?:quando|em caso d[eao]s?|no caso d[eao]s?|caso|sempre que|ap[óo]s|antes d[eao]s?|durante|na hip[óo]tese|na impossibilidade|na falta|na aus[êe]ncia)\b[^,;:]{3,160},/iu;
/**
 * A question that puts a case: "se…", "caso…", "em caso de…", or a "quando" after its first word
 * ("o que fazer quando passa do nível de ação?"; "Quando precisa de PET?" asks when).
 */
const GIVES_CASE = /(?:^|[\s,;:(])(?:se|caso|em caso de|no caso de)\s|\S\s+quando\s/iu;
/** What a word of the question counts for when the text says it only in that opening clause. */
const CIRCUMSTANCE_SHARE = 0.5;

/** The terms a text uses only in the clause it opens with to say when the rule holds. */
const circumstanceTerms = memo(20_000, (text: string): ReadonlySet<string> => {
  const opening = CIRCUMSTANCE.exec(text.trimStart())?.[0];
  if (opening === undefined) return NONE;
  const rest = termsOf(text.trimStart().slice(opening.length));
  return new Set([...termsOf(opening)].filter((t) => !rest.has(t)));
});
/**
 * What a term of its lead-in counts for in a sub-item, repeated or not, against the sub-item's own
 * words: every entry of "Compete ao operador:" is about the operador, none more than another.
 */
const INHERITED_SHARE = 0.5;

/**
 * The weighted share of the question the text covers, the `inherited` terms of its lead-in at a
 * share whether the text repeats them or not; each term counts once, and an abbreviation
 * counts once whether the text writes it short, spells it out, or both.
 */
export function overlap(
  text: string,
  relevance: Relevance,
  inherited: ReadonlySet<string> = NONE,
  inheritedIncidental: ReadonlySet<string> = NONE,
): number {
  const terms = termsOf(text);
  const incidental = relevance.givesCase ? NONE : circumstanceTerms(text);
  const credit = (term: string) =>
    terms.has(term)
      ? (relevance.weights.get(term) ?? 0) *
        (relevance.idf.get(term) ?? 1) *
        (inherited.has(term) ? INHERITED_SHARE : 1) *
        (incidental.has(term) ? CIRCUMSTANCE_SHARE : 1)
      : 0;
  let sum = 0;
  for (const term of terms) if (!relevance.conceptTerms.has(term)) sum += credit(term);
  // What the lead-in says holds for each of its entries, at the share of a word inherited.
  for (const term of inherited)
    if (!terms.has(term) && !relevance.conceptTerms.has(term))
      sum +=
        (relevance.weights.get(term) ?? 0) *
        (relevance.idf.get(term) ?? 1) *
        INHERITED_SHARE *
        (inheritedIncidental.has(term) && !relevance.givesCase ? CIRCUMSTANCE_SHARE : 1);
  for (const { own, expansion } of relevance.concepts) {
    const short = Math.max(0, ...own.map(credit));
    const spelled =
      expansion.length === 0 ? 0 : expansion.reduce((a, t) => a + credit(t), 0) / expansion.length;
    sum += Math.max(short, spelled);
  }
  return sum;
}

/** The question's own terms (not expansions) a text carries. */
export function coveredTerms(text: string, relevance: Relevance): string[] {
  const terms = termsOf(text);
  return [...relevance.weights.keys()].filter(
    (t) => terms.has(t) && (relevance.weights.get(t) ?? 0) >= 1,
  );
}

export interface ScoredUnit extends Unit {
  overlap: number;
  decisive: number;
  score: number;
}

/** The paragraph-opening sentence that introduces the sub-items of `unit`'s list, if any. */
export function leadInOf<T extends Unit>(units: readonly T[], unit: Unit): T | undefined {
  for (let i = unit.index - 1; i >= 0; i -= 1) {
    const u = units[i]!;
    if (u.kind === 'alinea') continue;
    return u.kind === 'sentence' && LEAD_IN.test(u.text) ? u : undefined;
  }
  return undefined;
}

/**
 * The terms of the lead-in a sub-item belongs to ("Compete ao vigia:" for "f) ordenar o
 * abandono… nem ser substituído por outro vigia"): every sub-item of the list is about them, so a
 * sub-item that repeats one is no nearer the question for it.
 */
function leadInTerms(
  units: readonly Unit[],
  unit: Unit,
): [terms: ReadonlySet<string>, incidental: ReadonlySet<string>] {
  const leadIn = unit.kind === 'alinea' ? leadInOf(units, unit) : undefined;
  return leadIn ? [termsOf(leadIn.text), circumstanceTerms(leadIn.text)] : [NONE, NONE];
}

export function scoreUnits(units: readonly Unit[], relevance: Relevance): ScoredUnit[] {
  return units.map((u) => {
    const o = overlap(u.text, relevance, ...leadInTerms(units, u));
    const d = decisiveness(u.text);
    const numberBonus = relevance.wantsNumber && statesFigure(u.text, relevance) ? 2 : 0;
    // Tables and notes are rarely the sentence to quote; very long units read badly as a quote.
    const kindFactor = u.kind === 'table' ? 0.3 : u.kind === 'note' ? 0.6 : 1;
    const lengthFactor = u.text.length > 600 ? 0.7 : u.text.length < 25 ? 0.6 : 1;
    return {
      ...u,
      overlap: o,
      decisive: d,
      score: (2 * o + d + numberBonus) * kindFactor * lengthFactor,
    };
  });
}
