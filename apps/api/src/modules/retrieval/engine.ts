import { BM25Index, DEFAULT_BM25, type BM25Options } from './bm25-index';
import { ABSTAIN_BELOW, confidenceOf, coverage, OUTSIDE_FACTOR } from './confidence';
import { OUTSIDE_DOMAINS, type OutsideDomain } from './outside-domains';
import { parseQuery } from './query';
import { childBonus, parentIndex, proximity, topK } from './rerank';
import type {
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
   * Abstain when an outside-the-NRs topic document scores at least `lead` × the best NR document, the
   * question uses no NR topic phrase and the first item covers less than `coverage` of the question;
   * `lead: Infinity` turns it off.
   */
  outside: { lead: number; coverage: number };
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
  outside: { lead: 0.5, coverage: 0.5 },
};

/** How much of an item's opening is read for a defining phrase: definitions come first. */
const DEFINITION_WINDOW = 160;

/** "35.2.1" or "Anexo II 1.3": an item proper, as opposed to "Glossário", "Anexo IV" or a table. */
const NUMBERED_ITEM = /^(?:Anexo \S+ )?\d+(?:\.\d+)*$/;

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
  sections: readonly IndexedSection[],
  tuning: Tuning = DEFAULT_TUNING,
  outsideDomains: readonly OutsideDomain[] = OUTSIDE_DOMAINS,
): RetrievalEngine {
  const titleTerms = new Map<string, string[]>();
  for (const s of sections)
    if (!titleTerms.has(s.code)) titleTerms.set(s.code, analyzeTerms(s.title));
  const quantity = new Uint8Array(sections.length);
  const reference = Uint8Array.from(sections, (s) => (NUMBERED_ITEM.test(s.item) ? 0 : 1));
  const defining = Uint8Array.from(sections, (s) => {
    const opening = phraseKey(s.content.slice(0, DEFINITION_WINDOW));
    return DOMAIN.definitionMarkers.some((m) => containsSequence(opening, m)) ? 1 : 0;
  });
  const contents = sections.map((s, i) => {
    const terms: string[] = [];
    for (const token of tokenize(s.content)) {
      if (token.kind === 'number' || DOMAIN.quantityWords.has(token.value)) quantity[i] = 1;
      const term = termOf(token);
      if (term) terms.push(term);
    }
    return terms;
  });
  // Siblings share their heading path: analyze each distinct one once.
  const headingCache = new Map<string, string[]>();
  const headings = sections.map((s) => {
    let terms = headingCache.get(s.headingPath);
    if (!terms) headingCache.set(s.headingPath, (terms = analyzeTerms(s.headingPath)));
    return terms;
  });
  const parentOf = parentIndex(sections);
  const index = new BM25Index(
    sections.map((s, i) => ({
      // The item's own label is searchable even where the text does not repeat it.
      content: [...contents[i]!, `#${s.item.toLowerCase()}`],
      heading: headings[i]!,
      title: titleTerms.get(s.code)!,
      // The parent item's text: "1.8.1.1" is read knowing what "1.8.1" is about.
      context: contents[parentOf[i]!] ?? [],
    })),
    tuning.bm25,
  );
  // Term lists for proximity and coverage are assembled per candidate (a few dozen per query)
  // rather than kept for every section, which would double the index's build time and memory.
  const termsOf = (doc: number) => [...headings[doc]!, ...contents[doc]!];
  // Coverage sees the item, its heading path and its NR's title: "altura" is covered by any NR-35 item.
  const termSetOf = (doc: number) =>
    new Set([...termsOf(doc), ...titleTerms.get(sections[doc]!.code)!]);
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

  function search(text: string, options: SearchOptions = {}): SearchResult {
    const limit = options.limit ?? 10;
    const query = parseQuery(text);
    const named = query.codes.filter((c) => codes.has(c));
    if (query.codes.length > 0 && named.length === 0)
      return { abstained: true, confidence: 0, results: [] };
    const implied = query.items.map((i) =>
      i.impliedCode && codes.has(i.impliedCode) ? i.impliedCode : undefined,
    );
    const scope = new Set(
      named.length > 0 ? named : implied.filter((c): c is string => c !== undefined),
    );
    const routing = scope.size > 0 ? undefined : router.route(query);
    const routed = routing?.codes;

    const matches = index.match(query.weights);
    for (let i = 0; i < matches.count; i++) {
      const code = sections[matches.docs[i]!]!.code;
      if (scope.size > 0 && !scope.has(code)) matches.scores[i] = 0;
      else if (routed) {
        let factor = 1 + tuning.router * (routed.get(code) ?? 0);
        if (DOMAIN.sectoral.has(code) && !query.topicCodes.has(code)) factor *= tuning.sectoral;
        if (reference[matches.docs[i]!]) factor *= tuning.reference;
        matches.scores[i]! *= factor;
      }
    }
    const first = topK(matches, tuning.depth);
    const firstScore = new Map(first);
    const reranked = first.map(([doc, s]) => {
      const cov = coverage(index, query, termSetOf(doc));
      let score =
        s * (tuning.coverageBase + cov) + tuning.proximity * proximity(index, query, termsOf(doc));
      if (query.asksQuantity && quantity[doc]) score *= 1 + tuning.numeric;
      if (query.asksDefinition && defining[doc]) score *= 1 + tuning.definition;
      score += tuning.child * childBonus(children.get(doc), firstScore);
      return [doc, score, cov] as const;
    });

    const pinned = pinnedItems(
      query.items.map((i) => i.label),
      scope,
      implied,
    );
    let top = 1;
    for (const r of reranked) top = Math.max(top, r[1]);
    const final = new Map<number, { score: number; cov: number }>();
    for (const [doc, s, cov] of reranked) final.set(doc, { score: s, cov });
    for (const [doc, tier] of pinned) {
      const own = final.get(doc);
      final.set(doc, { score: top * (1 + tier) + (own?.score ?? 0) * 0.01, cov: own?.cov ?? 1 });
    }
    const ranked = [...final.entries()]
      .filter(([, r]) => r.score > 0)
      .sort((a, b) => b[1].score - a[1].score);
    const best = ranked[0];
    let confidence = 0;
    if (best) {
      // The outside documents decide only where the word lists are silent: a named NR or item, or an
      // NR topic phrase ("treinamento" after an INSS leave), keeps the question inside the NRs; an
      // outside phrase (FGTS, AVCB) lowers the confidence through `confidenceOf` anyway. On dev a
      // topic phrase was what every answerable question beaten by an outside document had.
      const outsideWins =
        pinned.size === 0 &&
        routing !== undefined &&
        query.topicCodes.size === 0 &&
        routing.outside.lead >= tuning.outside.lead &&
        best[1].cov < tuning.outside.coverage;
      const agreement =
        (query.topicCodes.get(sections[best[0]]!.code) ?? 0) > 0 ? tuning.topicAgreement : 0;
      const rest = query.outsideSignal.terms.size
        ? coverage(index, query, termSetOf(best[0]), query.outsideSignal.terms)
        : best[1].cov;
      confidence = confidenceOf(
        best[1].cov + agreement,
        rest + agreement,
        query,
        pinned.size > 0 || named.length > 0,
        tuning.outsideSignals,
      );
      // Below the threshold whatever the coverage (< `outside.coverage`), as a strong outside phrase would.
      if (outsideWins) confidence = Math.min(confidence, best[1].cov * OUTSIDE_FACTOR.strong);
    }
    return {
      abstained: !best || confidence < tuning.abstainBelow,
      confidence: Math.round(confidence * 1000) / 1000,
      results: ranked.slice(0, limit).map(([doc, r]) => toRanked(sections[doc]!, r.score)),
    };
  }

  return { search, size: sections.length };
}
