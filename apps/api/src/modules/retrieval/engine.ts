import { BM25Index, DEFAULT_BM25, type BM25Options } from './bm25-index';
import {
  boundsStated,
  limitsStated,
  meetsLimit,
  dutyHolder,
  enumerates,
  possessionTerms,
  statesPeriod,
  statesThreshold,
  withinBound,
} from './cues';
import { ALINEA, BULLET, retrievalUnits } from './units';
import { associationScorer, learnAssociations, type AssociationPair } from './associations';
import { ABSTAIN_BELOW, confidenceOf, coverage, informationOf, OUTSIDE_FACTOR } from './confidence';
import { OUTSIDE_DOMAINS, type OutsideDomain } from './outside-domains';
import { lexicalOdds, linearScore, sigmoid, type LinearModel } from './linear-model';
import { outsideBeyond, parseQuery, withContext, type ParsedQuery } from './query';
import { childBonus, parentIndex, proximityOf, queryTermPositions, topK } from './rerank';
import type {
  ContextPassage,
  IndexedSection,
  RankedSection,
  RetrievalEngine,
  SearchOptions,
  SearchResult,
} from './retrieval.types';
import { createNrRouter } from './router';
import { containsSequence, DOMAIN } from './synonyms';
import { analyzeTerms, phraseKey, termOf } from './text/analyzer';
import { tokenize } from './text/normalize';

/** The few global weights of the ranking, tuned on the development questions and checked on each half of them. */
export interface Tuning {
  bm25: BM25Options;
  /** How many first-stage candidates the reranking stage looks at. */
  depth: number;
  /** Confidence added when the data's topic vocabulary points to the first result's NR. */
  topicAgreement: number;
  /** Whether the "outside the NRs" phrases (ABNT, CLT, INSS...) lower the confidence; off only to measure them. */
  outsideSignals: boolean;
  /** Multiplier 1 + router × this on an item's score from its NR's routing score. */
  router: number;
  /** Base and slope of the coverage factor: score × (base + coverage). */
  coverageBase: number;
  proximity: number;
  /** Extra share of the score for items with quantities when the question asks "quanto/qual o prazo". */
  numeric: number;
  /** Extra share of the score for items that define a term or a scope when the question asks "o que é". */
  definition: number;
  /** Factor on items of a sector's NR (platforms, ports, mining...) when the question names no sector topic of it. */
  sectoral: number;
  /** Factor on glossaries, tables and bare annex headers: long reference text that rarely answers. */
  reference: number;
  /** Share of its best child's score a parent item receives. */
  child: number;
  abstainBelow: number;
  /**
   * How the learned reranker's log-odds become scores: exp((s − best) / temperature), so the best
   * item scores 1. Higher keeps more items near the first one (the answer engine cites items by
   * their score relative to the first). 3 gave the extractive answers the most gold items cited
   * with no loss of precision, on dev and on a held-out set (1, 2, 3, 4 and 6 tried).
   */
  temperature: number;
  /**
   * Abstain when an outside-the-NRs topic document scores at least `lead` × the best NR document, the
   * question uses no NR topic phrase and the first item covers less than `coverage` of the question;
   * `lead: Infinity` turns it off.
   */
  outside: { lead: number; coverage: number };
  /**
   * Cues of wording, applied to the ranked scores (decision 0045): the factor on an item whose rule
   * requires having what the question says it lacks ("sem SPIE" against "que possuam SPIE"); the
   * extra share for a duties list whose holder the question names ("Compete ao vigia:"); and how
   * close (as a share of its parent's score) an enumerating child must be to pass its parent when
   * the question asks for a list.
   */
  contradiction: number;
  duties: number;
  /** Above the best score, for the item that defines the term "o que é…" asks about. */
  definesAsked: number;
  listChild: number;
  /**
   * Glossary entries are ranked one by one (decision 0045) and answer for the term they define: the
   * factor on an entry whose term the question does not use, and on one whose term it uses without
   * asking what it is ("o que é", "diferença entre"): an operative item answers that better.
   */
  offTerm: number;
  entryUnasked: number;
  /**
   * Extra share for an item that states a period ("doze meses", "anual") when the question asks how
   * often ("de quanto em quanto tempo", "periodicidade"); decision 0045.
   */
  period: number;
  /**
   * Extra share for an item that states a threshold ("acima de 2,0m") when the question asks from
   * where a rule applies ("a partir de qual altura"); decision 0048.
   */
  threshold: number;
  /**
   * Extra share for an item whose bound holds a quantity the question gives ("por maiores de 60
   * (sessenta) anos" for "um trabalhador de 63 anos").
   */
  bound: number;
  /**
   * Extra share for an item that bounds the measure the question asks the limit of, on the side
   * asked ("ângulos inferiores a 15°" for "qual a inclinação máxima").
   */
  limit: number;
  /**
   * Share kept by an item that bounds that measure only on the other side: the case its rule is
   * written for ("nas rampas com inclinação superior a 6°, devem…"), not the limit asked.
   */
  oppositeLimit: number;
}

export const DEFAULT_TUNING: Tuning = {
  bm25: DEFAULT_BM25,
  depth: 60,
  router: 4,
  topicAgreement: 0.15,
  outsideSignals: true,
  coverageBase: 0.5,
  proximity: 0.15,
  numeric: 0.3,
  definition: 0.6,
  child: 0.3,
  sectoral: 0.5,
  reference: 0.7,
  abstainBelow: ABSTAIN_BELOW,
  temperature: 3,
  outside: { lead: 0.5, coverage: 0.5 },
  contradiction: 0.5,
  duties: 0.3,
  listChild: 0.5,
  definesAsked: 0.01,
  offTerm: 0.5,
  entryUnasked: 0.7,
  period: 0.2,
  threshold: 0.2,
  bound: 0.2,
  limit: 0.1,
  oppositeLimit: 0.8,
};

/**
 * Below this coverage of the question by the best item, an answer is flagged as partial. On dev and
 * the held-out sets, answers under it had a wrong first three items about half the time (7 of 16),
 * against 6 of 155 above it.
 */
export const PARTIAL_BELOW = 0.35;

/** How much of an item's opening is read for a defining phrase: definitions come first. */
const DEFINITION_WINDOW = 160;
/** The phrase with which an item's opening defines a term: "Considera-se", "Entende-se por". */
const DEFINING_OPENING =
  /(?<!\p{L})(?:considera(?:m)?-se|entende(?:m)?-se(?: por)?|define(?:m)?-se|denomina(?:m)?-se)(?!\p{L})/iu;

/** "35.2.1" or "Anexo II 1.3": an item proper, as opposed to "Glossário", "Anexo IV" or a table. */
const NUMBERED_ITEM = /^(?:Anexo \S+ )?\d+(?:\.\d+)*$/;

/**
 * "(Alterado pela Portaria MTE nº 342, de 21 de março de 2024)": an amendment note's numbers are
 * no figure of the rule, so they do not make the item answer "quanto tempo?".
 */
const AMENDMENT_NOTE =
  /\((?:alterad|inclu[íi]d|revogad|reda[çc][ãa]o|vide|vig[êe]ncia|acrescentad|renumerad)[^)]*\)/giu;

/** A lettered or dashed entry of a list ("c) fornecer ao empregado…", "- lixo urbano…"). */
const opensEntry = (line: string) => ALINEA.test(line) || BULLET.test(line);

/**
 * The entries of an item that lists them, each read with the lead-in above the list ("Cabe à
 * organização, quanto ao EPI:" + "c) fornecer…"); null for an item with fewer than two.
 */
export function listEntries(content: string): string[] | null {
  const lines = content.split('\n').map((l) => l.trim());
  const first = lines.findIndex((l) => opensEntry(l));
  if (first < 0) return null;
  const leadIn = lines.slice(0, first).join(' ');
  const entries: string[] = [];
  for (const line of lines.slice(first)) {
    if (opensEntry(line) || entries.length === 0) entries.push(line);
    else entries[entries.length - 1] += ` ${line}`;
  }
  return entries.length < 2 ? null : entries.map((entry) => `${leadIn} ${entry}`);
}

/** The last heading above an item ("3.2 Definições", "Anexo IV > Glossário"). */
const lastHeading = (headingPath: string) => headingPath.split(' > ').at(-1) ?? '';

/** What the learned reranker reads of each first-stage candidate, in this order. */
export const RANK_FEATURES = [
  'firstStage',
  'coverage',
  'proximity',
  'quantity',
  'definition',
  'child',
  'reference',
  'router',
  'topic',
  'depth',
  'length',
  'headingCoverage',
  'annex',
  'hand',
  'association',
] as const;

/**
 * The share of the answerability threshold a follow-up the conversation vouches for must reach
 * (`vouchedByChat`).
 */
const FOCUS_RELIEF = 0.5;

/** What the answerability classifier reads of a question and its best item, in this order. */
export const ANSWER_FEATURES = [
  'confidence',
  'coverage',
  'coverageRest',
  'outsideLead',
  'outsideWins',
  'outsideStrong',
  'outsideWeak',
  'topicPhrase',
  'topicAgreement',
  'unknownShare',
  'terms',
  'firstStage',
  'margin',
  'asksQuantity',
  'asksDefinition',
  'lexicon',
] as const;

const AT = Object.fromEntries(ANSWER_FEATURES.map((f, i) => [f, i])) as Record<
  (typeof ANSWER_FEATURES)[number],
  number
>;

/** Learned models over the features above; without them the hand-tuned formulas decide. */
export interface RetrievalModels {
  ranker?: LinearModel;
  answerability?: LinearModel;
}

interface Candidate {
  doc: number;
  hand: number;
  cov: number;
  /** The question's terms the item covers (see `matchOf`). */
  held: Set<string>;
  features: number[];
}

interface Analysis {
  ranked: { doc: number; score: number; cov: number }[];
  candidates: Candidate[];
  /** Null when nothing matched (or the question names an NR that is not in the corpus). */
  answerability: number[] | null;
  handConfidence: number;
  /** The question names an NR or an item that exists: never abstain. */
  sure: boolean;
}

/**
 * Questions written for training, by the item that answers them ("NR-35|35.2.1", item in lower
 * case): an item is also found by the words people use to ask for it (document expansion).
 */
export type KnownQuestions = ReadonlyMap<string, readonly string[]>;

/** Both maps of known texts by item in one, for the index's expansion. */
export function mergeKnown(
  ...maps: ReadonlyMap<string, readonly string[]>[]
): Map<string, string[]> {
  const merged = new Map<string, string[]>();
  for (const map of maps)
    for (const [key, texts] of map) merged.set(key, [...(merged.get(key) ?? []), ...texts]);
  return merged;
}

export const itemKey = (code: string, item: string) => `${code}|${item.trim().toLowerCase()}`;

export interface LearnedRetrievalEngine extends RetrievalEngine {
  inspect(text: string): Inspection;
  /** The same index with other models (training swaps them without rebuilding the index). */
  withModels(models: RetrievalModels): LearnedRetrievalEngine;
}

/** One question's features, for training (`RetrievalEngine.inspect`). */
export interface Inspection {
  abstained: boolean;
  confidence: number;
  sure: boolean;
  answerability: number[] | null;
  /** The question's own stems (what the lexicon reads). */
  terms: string[];
  candidates: { code: string; item: string; features: number[] }[];
  ranked: { code: string; item: string }[];
}

/**
 * Each unit's known questions, as terms: those of its item, or, for a glossary's entries, each
 * question given to the entry that shares most words with it.
 */
function askedOf(
  units: readonly IndexedSection[],
  sectionOf: Int32Array,
  contents: readonly string[][],
  headings: readonly string[][],
  knownQuestions: KnownQuestions,
): { asked: string[][]; pairs: AssociationPair[] } {
  const asked = units.map(() => [] as string[]);
  const pairs: AssociationPair[] = [];
  // What a question is paired with to learn associations: the unit's text and its heading path
  // (decision 0054), one array per unit so that its questions share it.
  const wordsOf = new Map<number, string[]>();
  const unitWords = (u: number) => {
    let words = wordsOf.get(u);
    if (!words) wordsOf.set(u, (words = [...contents[u]!, ...headings[u]!]));
    return words;
  };
  const bySection = new Map<number, number[]>();
  sectionOf.forEach((section, unit) => {
    const list = bySection.get(section);
    if (list) list.push(unit);
    else bySection.set(section, [unit]);
  });
  for (const unitsOf of bySection.values()) {
    const first = units[unitsOf[0]!]!;
    for (const question of knownQuestions.get(itemKey(first.code, first.item)) ?? []) {
      const terms = analyzeTerms(question);
      let best = unitsOf[0]!;
      if (unitsOf.length > 1) {
        const own = new Set(terms);
        const shared = (u: number) => new Set(contents[u]!.filter((t) => own.has(t))).size;
        for (const u of unitsOf) if (shared(u) > shared(best)) best = u;
      }
      asked[best]!.push(...terms);
      pairs.push({ question: terms, item: unitWords(best) });
    }
  }
  return { asked, pairs };
}

function toRanked(s: IndexedSection, score: number): RankedSection {
  return {
    sectionId: s.sectionId,
    regulationId: s.regulationId,
    code: s.code,
    item: s.item,
    number: s.number,
    headingPath: s.headingPath,
    content: s.content,
    effectiveFrom: s.effectiveFrom ?? null,
    score: Math.round(score * 1000) / 1000,
  };
}

export function createRetrievalEngine(
  items: readonly IndexedSection[],
  tuning: Tuning = DEFAULT_TUNING,
  outsideDomains: readonly OutsideDomain[] = OUTSIDE_DOMAINS,
  models: RetrievalModels = {},
  knownQuestions: KnownQuestions = new Map(),
): LearnedRetrievalEngine {
  // From here on a "section" is a retrieval unit: a glossary entry stands for its glossary.
  const { units: sections, sectionOf, defines } = retrievalUnits(items, DOMAIN.definitionHeadings);
  const defined = defines.map((d) => (d === null ? null : analyzeTerms(d)));
  const titleTerms = new Map<string, string[]>();
  for (const s of sections)
    if (!titleTerms.has(s.code)) titleTerms.set(s.code, analyzeTerms(s.title));
  const quantity = new Uint8Array(sections.length);
  const reference = Uint8Array.from(sections, (s) => (NUMBERED_ITEM.test(s.item) ? 0 : 1));
  const defining = Uint8Array.from(sections, (s) => {
    const opening = phraseKey(s.content.slice(0, DEFINITION_WINDOW));
    if (DOMAIN.definitionMarkers.some((m) => containsSequence(opening, m))) return 1;
    // An item under "Definições" or "Glossário" defines its term whatever its wording.
    const heading = phraseKey(lastHeading(s.headingPath));
    return DOMAIN.definitionHeadings.some((h) => containsSequence(heading, h)) ? 1 : 0;
  });
  // What an item's opening defines: the words right after its defining phrase ("Considera-se
  // espaço confinado qualquer área…"), or a glossary entry's term.
  const definedHere = sections.map((s, i): readonly string[] | null => {
    if (defined[i]) return defined[i];
    if (!defining[i]) return null;
    const opening = s.content.slice(0, DEFINITION_WINDOW);
    const marker = DEFINING_OPENING.exec(opening);
    return marker ? analyzeTerms(opening.slice(marker.index + marker[0].length)) : null;
  });
  const cues = DOMAIN.cues;
  const enumerating = Uint8Array.from(sections, (s) => (enumerates(s.content) ? 1 : 0));
  const required = sections.map((s) =>
    possessionTerms(s.content.replace(AMENDMENT_NOTE, ' '), cues),
  );
  const holders = sections.map((s) => dutyHolder(s.content, cues));
  const period = Uint8Array.from(sections, (s) =>
    statesPeriod(s.content.replace(AMENDMENT_NOTE, ' '), cues, DOMAIN.quantityWords) ? 1 : 0,
  );
  const threshold = Uint8Array.from(sections, (s) =>
    statesThreshold(s.content.replace(AMENDMENT_NOTE, ' '), cues, DOMAIN.quantityWords) ? 1 : 0,
  );
  const bounds = sections.map((s) => boundsStated(s.content.replace(AMENDMENT_NOTE, ' ')));
  const limits = sections.map((s) => limitsStated(s.content.replace(AMENDMENT_NOTE, ' ')));
  const termsIn = (text: string) => {
    const terms: string[] = [];
    for (const token of tokenize(text)) {
      const term = termOf(token);
      if (term) terms.push(term);
    }
    return terms;
  };
  const contents = sections.map((s, i) => {
    for (const token of tokenize(s.content.replace(AMENDMENT_NOTE, ' ')))
      if (token.kind === 'number' || DOMAIN.quantityWords.has(token.value)) quantity[i] = 1;
    return termsIn(s.content);
  });
  const entries = sections.map((s) => listEntries(s.content)?.map(termsIn) ?? null);
  // Siblings share their heading path: analyze each distinct one once.
  const headingCache = new Map<string, string[]>();
  const headings = sections.map((s) => {
    let terms = headingCache.get(s.headingPath);
    if (!terms) headingCache.set(s.headingPath, (terms = analyzeTerms(s.headingPath)));
    return terms;
  });
  // "35.2.1.3" is 3 levels below its NR; "Anexo II 1.3" counts from its annex.
  const depth = Uint8Array.from(
    sections,
    (s) => s.item.replace(/^Anexo \S+ ?/, '').split('.').length - 1,
  );
  const annex = Uint8Array.from(sections, (s) => (/^Anexo\b/i.test(s.item) ? 1 : 0));
  const parentOf = parentIndex(sections);
  const { asked, pairs } = askedOf(sections, sectionOf, contents, headings, knownQuestions);
  const associations = learnAssociations(pairs);
  const index = new BM25Index(
    sections.map((s, i) => ({
      questions: asked[i]!,
      // The item's own label is searchable even where the text does not repeat it.
      content: [...contents[i]!, `#${s.item.toLowerCase()}`],
      heading: headings[i]!,
      title: titleTerms.get(s.code)!,
      // The parent item's text: "1.8.1.1" is read knowing what "1.8.1" is about.
      context: contents[parentOf[i]!] ?? [],
    })),
    tuning.bm25,
    sectionOf,
  );
  // Proximity and coverage read each candidate's terms in one pass that keeps only the question's
  // terms (a few dozen candidates per query), rather than a term set kept for every section.
  /** Which of the question's terms the item, its heading path and its NR's title hold, and where. */
  const matchOf = (doc: number, query: ParsedQuery) => {
    const positions = queryTermPositions(query, headings[doc]!, contents[doc]!);
    // Coverage sees the item, its heading path and its NR's title: "altura" is covered by any NR-35 item.
    const held = new Set(positions.keys());
    for (const t of asked[doc]!) if (query.weights.has(t)) held.add(t);
    for (const t of titleTerms.get(sections[doc]!.code)!) if (query.weights.has(t)) held.add(t);
    return { positions, held };
  };
  const router = createNrRouter(sections, DOMAIN, contents, outsideDomains);
  const codes = new Set(sections.map((s) => s.code));
  const byItem = new Map<string, number[]>();
  const children = new Map<number, number[]>();
  const push = <K>(map: Map<K, number[]>, key: K, value: number) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  sections.forEach((s, i) => {
    push(byItem, `${s.code}|${s.item.toLowerCase()}`, i);
    if (parentOf[i]! >= 0) push(children, parentOf[i]!, i);
  });

  /** A named item (exactly, tier 2) and its descendants (tier 1) are pinned before everything else. */
  function pinnedItems(
    labels: readonly string[],
    scope: ReadonlySet<string>,
    implied: readonly (string | undefined)[],
  ): Map<number, number> {
    const pinned = new Map<number, number>();
    labels.forEach((label, n) => {
      for (const code of implied[n] ? [implied[n]] : [...scope]) {
        const stack = [...(byItem.get(`${code}|${label.toLowerCase()}`) ?? [])];
        for (const doc of stack) pinned.set(doc, 2);
        while (stack.length > 0) {
          for (const child of children.get(stack.pop()!) ?? []) {
            if (!pinned.has(child)) pinned.set(child, 1);
            stack.push(child);
          }
        }
      }
    });
    return pinned;
  }

  /** Everything one question's ranking produces: the results and the features both models read. */
  function analyse(
    text: string,
    models: RetrievalModels,
    focus: readonly string[] = [],
    context?: readonly ContextPassage[],
    within: readonly string[] = [],
  ): Analysis {
    let query = withContext(parseQuery(text), context);
    const named = query.codes.filter((c) => codes.has(c));
    if (query.codes.length > 0 && named.length === 0)
      return { ranked: [], candidates: [], answerability: null, handConfidence: 0, sure: false };
    // "6.4.1" implies NR-06, unless the question names other NRs ("NR-17 ... item 6.4.1").
    const implied = query.items.map((i) =>
      i.impliedCode &&
      codes.has(i.impliedCode) &&
      (named.length === 0 || named.includes(i.impliedCode))
        ? i.impliedCode
        : undefined,
    );
    const impliedCodes = implied.filter((c): c is string => c !== undefined);
    // The NRs the question names, or implies by an item number; failing both, those the
    // conversation confines it to (which, unlike a named NR, do not vouch for the question).
    const scope = new Set(
      named.length > 0
        ? named
        : impliedCodes.length > 0
          ? impliedCodes
          : within.filter((c) => codes.has(c)),
    );
    const routing = scope.size > 0 ? undefined : router.route(query);
    let routed = routing?.codes;
    // The conversation's regulations route as the question's best one does (routing tops at 1).
    if (routed && focus.some((c) => codes.has(c))) {
      routed = new Map(routed);
      for (const code of focus) if (codes.has(code)) routed.set(code, 1);
    }

    const matches = index.match(query.weights);
    for (let i = 0; i < matches.count; i++) {
      const code = sections[matches.docs[i]!]!.code;
      if (scope.size > 0 && !scope.has(code)) matches.scores[i] = 0;
      else if (routed) {
        let factor = 1 + tuning.router * (routed.get(code) ?? 0);
        // A sectoral NR the conversation is in ("Trabalho numa mineradora…") is the sector asked about.
        if (DOMAIN.sectoral.has(code) && !query.topicCodes.has(code) && !focus.includes(code))
          factor *= tuning.sectoral;
        if (reference[matches.docs[i]!]) factor *= tuning.reference;
        matches.scores[i]! *= factor;
      }
    }
    const first = topK(matches, tuning.depth);
    // "o que é zona controlada?": the glossary entry that defines that very term is ranked with the
    // rest, however many items that use the term push it out of the first stage.
    if (query.defines.length > 0) {
      const held = new Set(first.map(([doc]) => doc));
      for (let i = 0; i < matches.count; i++) {
        const doc = matches.docs[i]!;
        const term = defined[doc];
        if (
          term &&
          matches.scores[i]! > 0 &&
          !held.has(doc) &&
          term.length === query.defines.length &&
          term.every((t, k) => t === query.defines[k])
        )
          first.push([doc, matches.scores[i]!]);
      }
    }
    const firstScore = new Map(first);
    const own = new Set(query.terms);
    const ownIdf = informationOf(index, own);
    const associated = associationScorer(associations, query.weights);
    const candidates: Candidate[] = first.map(([doc, s]) => {
      const { positions, held } = matchOf(doc, query);
      const cov = coverage(index, query, held);
      const prox = proximityOf(index, query, positions);
      const asksQuantity = query.asksQuantity && quantity[doc] === 1;
      const asksDefinition = query.asksDefinition && defining[doc] === 1;
      const child = childBonus(children.get(doc), firstScore);
      let hand = s * (tuning.coverageBase + cov) + tuning.proximity * prox;
      if (asksQuantity) hand *= 1 + tuning.numeric;
      if (asksDefinition) hand *= 1 + tuning.definition;
      hand += tuning.child * child;
      const code = sections[doc]!.code;
      const features = [
        Math.log1p(s),
        cov,
        ownIdf > 0 ? prox / ownIdf : 0,
        asksQuantity ? 1 : 0,
        asksDefinition ? 1 : 0,
        Math.log1p(child),
        reference[doc]!,
        routed ? (routed.get(code) ?? 0) : 1,
        query.topicCodes.has(code) ? 1 : 0,
        depth[doc]!,
        Math.log1p(contents[doc]!.length),
        headingCoverage(own, headings[doc]!, ownIdf),
        annex[doc]!,
        Math.log1p(hand),
        // A list item is as associated with the question as its best entry read with its lead-in
        // ("Cabe à organização, quanto ao EPI: … c) fornecer ao empregado, gratuitamente…"): the
        // other nine duties do not dilute the one asked for.
        Math.max(
          associated(contents[doc]!, headings[doc]!),
          ...(entries[doc]?.map((entry) => associated(entry, headings[doc]!)) ?? []),
        ),
      ];
      return { doc, hand, cov, held, features };
    });
    const learned = models.ranker;
    const scores = candidates.map((c) => (learned ? linearScore(learned, c.features) : c.hand));
    if (learned) {
      const best = Math.max(...scores);
      scores.forEach((s, i) => (scores[i] = Math.exp((s - best) / tuning.temperature)));
    }
    readWording(query, candidates, scores);

    const pinned = pinnedItems(
      query.items.map((i) => i.label),
      scope,
      implied,
    );
    let top = 1;
    const final = new Map<number, { score: number; cov: number }>();
    candidates.forEach((c, i) => {
      top = Math.max(top, scores[i]!);
      final.set(c.doc, { score: scores[i]!, cov: c.cov });
    });
    for (const [doc, tier] of pinned) {
      const own = final.get(doc);
      final.set(doc, { score: top * (1 + tier) + (own?.score ?? 0) * 0.01, cov: own?.cov ?? 1 });
    }
    // A glossary answers once, as its best entry.
    const listed = new Set<number>();
    const ranked = [...final.entries()]
      .filter(([, r]) => r.score > 0)
      .sort((a, b) => b[1].score - a[1].score)
      .filter(([doc]) => !listed.has(sectionOf[doc]!) && Boolean(listed.add(sectionOf[doc]!)))
      .map(([doc, r]) => ({ doc, score: r.score, cov: r.cov }));
    const best = ranked[0];
    const sure = pinned.size > 0 || named.length > 0;
    if (!best) return { ranked, candidates, answerability: null, handConfidence: 0, sure };

    // The outside documents decide only where the word lists are silent: a named NR or item, or an
    // NR topic phrase ("treinamento" after an INSS leave), keeps the question inside the NRs; an
    // outside phrase (FGTS, AVCB) lowers the confidence through `confidenceOf` anyway. On dev a
    // topic phrase was what every answerable question beaten by an outside document had.
    const outsideWins =
      pinned.size === 0 &&
      routing !== undefined &&
      query.topicCodes.size === 0 &&
      routing.outside.lead >= tuning.outside.lead &&
      best.cov < tuning.outside.coverage;
    // An outside phrase the best item states itself is the regulation's own matter.
    const outsideSignal = outsideBeyond(query.outsideSignal, () =>
      phraseKey(sections[best.doc]!.content),
    );
    if (outsideSignal !== query.outsideSignal) query = { ...query, outsideSignal };
    const bestCode = sections[best.doc]!.code;
    const agreement = (query.topicCodes.get(bestCode) ?? 0) > 0 ? tuning.topicAgreement : 0;
    const rest = query.outsideSignal.terms.size
      ? coverage(
          index,
          query,
          candidates.find((c) => c.doc === best.doc)?.held ?? matchOf(best.doc, query).held,
          query.outsideSignal.terms,
        )
      : best.cov;
    let handConfidence = confidenceOf(
      best.cov + agreement,
      rest + agreement,
      query,
      sure,
      tuning.outsideSignals,
    );
    // Below the threshold whatever the coverage (< `outside.coverage`), as a strong outside phrase would.
    if (outsideWins) handConfidence = Math.min(handConfidence, best.cov * OUTSIDE_FACTOR.strong);
    const second = ranked[1];
    const bestFirst = first[0]?.[1] ?? 0;
    const answerability = [
      handConfidence,
      best.cov,
      rest,
      Math.min(routing?.outside.lead ?? 0, 3),
      outsideWins ? 1 : 0,
      Math.min(query.outsideSignal.strong, 2),
      Math.min(query.outsideSignal.weak, 2),
      query.topicCodes.size > 0 ? 1 : 0,
      agreement > 0 ? 1 : 0,
      unknownShare(own, ownIdf),
      Math.log1p(own.size),
      ownIdf > 0 ? bestFirst / ownIdf : 0,
      second ? Math.log(best.score / Math.max(second.score, 1e-9)) : 1,
      query.asksQuantity ? 1 : 0,
      query.asksDefinition ? 1 : 0,
      lexicalOdds(models.answerability?.lexicon, query.terms),
    ];
    return { ranked, candidates, answerability, handConfidence, sure };
  }

  /**
   * Cues of wording on the ranked scores, in place: an item whose rule requires what the question
   * lacks goes down; a duties list whose holder the question names goes up; when the question asks
   * for a list, an enumerating child close to its non-enumerating parent passes it.
   */
  function readWording(query: ParsedQuery, candidates: readonly Candidate[], scores: number[]) {
    const own = new Set(query.terms);
    candidates.forEach((c, i) => {
      if (query.negated.size > 0 && [...required[c.doc]!].some((t) => query.negated.has(t)))
        scores[i]! *= tuning.contradiction;
      // A glossary entry answers for its term: one matched only in its definition is off topic.
      const term = defined[c.doc];
      if (term && !term.some((t) => query.weights.has(t))) scores[i]! *= tuning.offTerm;
      else if (term && !query.asksDefinition) scores[i]! *= tuning.entryUnasked;
      if (query.asksPeriod && period[c.doc]) scores[i]! *= 1 + tuning.period;
      if (query.asksThreshold && threshold[c.doc]) scores[i]! *= 1 + tuning.threshold;
      if (query.quantities.length > 0 && withinBound(query.quantities, bounds[c.doc]!))
        scores[i]! *= 1 + tuning.bound;
      const limit = meetsLimit(query.limit, limits[c.doc]!);
      if (limit === 'answers') scores[i]! *= 1 + tuning.limit;
      else if (limit === 'opposite') scores[i]! *= tuning.oppositeLimit;
      const holder = holders[c.doc]!;
      if (holder.length > 0 && holder.every((t) => own.has(t))) scores[i]! *= 1 + tuning.duties;
    });
    // "o que é espaço confinado?": the item whose opening defines that very term answers, ahead
    // of every item that only uses it (among several, in retrieval's order).
    if (query.defines.length > 0) {
      const top = Math.max(...scores);
      candidates.forEach((c, i) => {
        // The term itself, first: "Considera-se espaço confinado…", not "Considera-se trabalhador
        // autorizado para trabalho em altura…" for "o que é trabalho em altura?".
        const here = definedHere[c.doc]?.slice(0, query.defines.length);
        if (here && query.defines.every((t) => here.includes(t)))
          scores[i] = top * (1 + tuning.definesAsked) + scores[i]! * 0.001;
      });
    }
    if (!query.asksList) return;
    const at = new Map(candidates.map((c, i) => [c.doc, i]));
    candidates.forEach((c, i) => {
      const parent = at.get(parentOf[c.doc]!);
      if (parent === undefined || !enumerating[c.doc] || enumerating[candidates[parent]!.doc])
        return;
      const [own, theirs] = [scores[i]!, scores[parent]!];
      if (own < theirs && own >= tuning.listChild * theirs) scores[i] = theirs * 1.001;
    });
  }

  /** Share of the question's information carried by words the corpus never uses. */
  function unknownShare(own: ReadonlySet<string>, ownIdf: number): number {
    if (ownIdf === 0) return 0;
    let unknown = 0;
    for (const term of own)
      if (!term.startsWith('#') && index.documentFrequency(term) === 0) unknown += index.idf(term);
    return unknown / ownIdf;
  }

  /** Share of the question's information found in the item's heading path. */
  function headingCoverage(own: ReadonlySet<string>, heading: readonly string[], ownIdf: number) {
    if (ownIdf === 0 || heading.length === 0) return 0;
    let covered = 0;
    const counted = new Set<string>();
    for (const term of heading) {
      if (!own.has(term) || counted.has(term)) continue;
      counted.add(term);
      covered += index.idf(term);
    }
    return covered / ownIdf;
  }

  function decide(
    analysis: Analysis,
    models: RetrievalModels,
  ): { abstained: boolean; confidence: number } {
    const { answerability, handConfidence, sure } = analysis;
    if (!answerability) return { abstained: true, confidence: 0 };
    const model = models.answerability;
    if (!model || sure)
      return { abstained: handConfidence < tuning.abstainBelow, confidence: handConfidence };
    const p = sigmoid(linearScore(model, answerability));
    return {
      abstained: p < (model.threshold ?? 0.5) && !plainlyCovered(answerability),
      confidence: p,
    };
  }

  /**
   * A question whose every word the best item covers, naming a topic of that item's NR ("ASO",
   * "PCMSO") and no subject outside the NRs, is answered whatever the classifier says: its word
   * log-odds can hold generic words ("dados", "mínimo") against a short question. On the training and
   * held-out questions no question outside the corpus meets this.
   */
  function plainlyCovered(answerability: readonly number[]): boolean {
    return (
      answerability[AT.confidence]! >= 0.95 &&
      answerability[AT.topicAgreement]! > 0 &&
      answerability[AT.outsideStrong]! === 0
    );
  }

  /**
   * A follow-up whose best item is in a regulation the conversation is about, on the question's NR
   * topic and with nothing in it outside the NRs, is held to a lower bar: the conversation vouches
   * that it is about the NRs. A message that stands on its own is not ("e o adicional noturno?"
   * after a question on NR-15 still abstains), nor one that names the CLT or the INSS.
   */
  function vouchedByChat(
    analysis: Analysis,
    options: SearchOptions,
    models: RetrievalModels,
    confidence: number,
  ): boolean {
    const best = analysis.ranked[0];
    const features = analysis.answerability;
    if (!options.continues || !best || !features || !models.answerability) return false;
    const inChat = [...(options.focus ?? []), ...(options.within ?? [])];
    return (
      inChat.includes(sections[best.doc]!.code) &&
      features[AT.outsideStrong] === 0 &&
      features[AT.outsideWeak] === 0 &&
      features[AT.topicAgreement]! > 0 &&
      confidence >= (models.answerability.threshold ?? 0.5) * FOCUS_RELIEF
    );
  }

  function search(text: string, options: SearchOptions, models: RetrievalModels): SearchResult {
    const limit = options.limit ?? 10;
    const analysis = analyse(text, models, options.focus, options.context, options.within);
    const decided = decide(analysis, models);
    const { confidence } = decided;
    const best = analysis.ranked[0];
    const abstained = decided.abstained && !vouchedByChat(analysis, options, models, confidence);
    return {
      abstained,
      confidence: Math.round(confidence * 1000) / 1000,
      partial: !abstained && !analysis.sure && best !== undefined && best.cov < PARTIAL_BELOW,
      results: analysis.ranked
        .slice(0, limit)
        .map((r) => toRanked(items[sectionOf[r.doc]!]!, r.score)),
    };
  }

  /** The features both models read, for training them (`normas train-retrieval`). */
  function inspect(text: string, models: RetrievalModels): Inspection {
    const analysis = analyse(text, models);
    const { abstained, confidence } = decide(analysis, models);
    const keyOf = (doc: number) => ({ code: sections[doc]!.code, item: sections[doc]!.item });
    return {
      abstained,
      confidence,
      sure: analysis.sure,
      answerability: analysis.answerability,
      terms: parseQuery(text).terms,
      candidates: analysis.candidates.map((c) => ({ ...keyOf(c.doc), features: c.features })),
      ranked: analysis.ranked.slice(0, 10).map((r) => keyOf(r.doc)),
    };
  }

  function bind(models: RetrievalModels): LearnedRetrievalEngine {
    return {
      search: (text, options = {}) => search(text, options, models),
      inspect: (text) => inspect(text, models),
      withModels: bind,
      size: items.length,
    };
  }

  return bind(models);
}
