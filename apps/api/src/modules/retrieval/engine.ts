import { BM25Index } from './bm25-index';
import { ABSTAIN_BELOW, confidenceOf, coverage } from './confidence';
import { analyzeTerms } from './text/analyzer';
import { DOMAIN } from './synonyms';
import { parseQuery, type ParsedQuery } from './query';
import type { IndexedSection, RankedSection, RetrievalEngine, SearchOptions, SearchResult } from './retrieval.types';

/** How many first-stage candidates the reranking stage looks at. */
const RERANK_DEPTH = 80;
/** Weight of the NR-level prior (how much of the question the whole NR answers). */
const REGULATION_PRIOR = 1;
const PROXIMITY_WEIGHT = 0.15;
const PROXIMITY_WINDOW = 4;

function toRanked(s: IndexedSection, score: number): RankedSection {
  return {
    sectionId: s.sectionId,
    regulationId: s.regulationId,
    code: s.code,
    item: s.item,
    number: s.number,
    headingPath: s.headingPath,
    content: s.content,
    score: Math.round(score * 1000) / 1000,
  };
}

/** Adjacent pairs of the question's terms that also appear close together in the item. */
function proximity(index: BM25Index, query: ParsedQuery, docTerms: readonly string[]): number {
  const positions = new Map<string, number[]>();
  docTerms.forEach((t, i) => {
    if (!query.weights.has(t)) return;
    const list = positions.get(t);
    if (list) list.push(i);
    else positions.set(t, [i]);
  });
  let bonus = 0;
  for (let i = 0; i + 1 < query.terms.length; i++) {
    const a = positions.get(query.terms[i]!);
    const b = positions.get(query.terms[i + 1]!);
    if (!a || !b || query.terms[i] === query.terms[i + 1]) continue;
    if (a.some((pa) => b.some((pb) => Math.abs(pb - pa) <= PROXIMITY_WINDOW))) {
      bonus += Math.min(index.idf(query.terms[i]!), index.idf(query.terms[i + 1]!));
    }
  }
  return bonus;
}

/** For each section, the nearest section of the same NR whose item label is a prefix of its own. */
function parentIndex(sections: readonly IndexedSection[]): (number | undefined)[] {
  const byLabel = new Map<string, number>();
  sections.forEach((s, i) => byLabel.set(`${s.code}|${s.item}`, i));
  return sections.map((s) => {
    const parts = s.item.split('.');
    for (let n = parts.length - 1; n >= 1; n--) {
      const parent = byLabel.get(`${s.code}|${parts.slice(0, n).join('.')}`);
      if (parent !== undefined) return parent;
    }
    return undefined;
  });
}

export function createRetrievalEngine(sections: readonly IndexedSection[]): RetrievalEngine {
  const titleTerms = new Map<string, string[]>();
  for (const s of sections) if (!titleTerms.has(s.code)) titleTerms.set(s.code, analyzeTerms(s.title));
  const contents = sections.map((s) => analyzeTerms(s.content));
  const parentOf = parentIndex(sections);
  const documents = sections.map((s, i) => ({
    content: contents[i]!,
    heading: analyzeTerms(s.headingPath),
    title: titleTerms.get(s.code)!,
    // The parent item's text: "1.8.1.1" is read knowing what "1.8.1" is about.
    context: parentOf[i] === undefined ? [] : contents[parentOf[i]!]!,
  }));
  const index = new BM25Index(documents);
  /** Heading then content terms, in order, for proximity. */
  const docTerms = documents.map((d) => [...d.heading, ...d.content]);
  // Coverage sees the item, its heading path and its NR's title: "altura" is covered by any NR-35 item.
  const docSets = documents.map((d) => new Set([...d.content, ...d.heading, ...d.title]));
  const codes = new Set(sections.map((s) => s.code));
  const topicText = new Map(DOMAIN.topicPhrases);
  const byItem = new Map<string, number[]>();
  sections.forEach((s, i) => {
    const key = `${s.code}|${s.item.toLowerCase()}`;
    byItem.set(key, [...(byItem.get(key) ?? []), i]);
  });

  // NR level: each regulation is one document (its title, topic vocabulary and all its items), so
  // that the question first points to the NR whose subject it is, then to items inside it.
  const regulationCodes = [...codes];
  const regulationIndex = new BM25Index(
    regulationCodes.map((code) => ({
      content: documents.filter((_, i) => sections[i]!.code === code).flatMap((d) => [...d.heading, ...d.content]),
      heading: (topicText.get(code) ?? []).flatMap((phrase) => analyzeTerms(phrase)),
      title: titleTerms.get(code)!,
    })),
  );

  function regulationPrior(query: ParsedQuery): Map<string, number> {
    const scores = regulationIndex.score(query.weights);
    const max = Math.max(1e-9, ...scores.values());
    const prior = new Map<string, number>();
    regulationCodes.forEach((code, i) => {
      const relative = (scores.get(i) ?? 0) / max;
      prior.set(code, 1 + REGULATION_PRIOR * relative ** 2);
    });
    return prior;
  }

  function search(text: string, options: SearchOptions = {}): SearchResult {
    const limit = options.limit ?? 10;
    const query = parseQuery(text);
    const named = query.codes.filter((c) => codes.has(c));
    if (query.codes.length > 0 && named.length === 0) return { abstained: true, confidence: 0, results: [] };
    const scope = new Set(named.length > 0 ? named : query.items.flatMap((i) => (i.impliedCode && codes.has(i.impliedCode) ? [i.impliedCode] : [])));

    const scores = index.score(query.weights);
    if (scope.size > 0) for (const doc of scores.keys()) if (!scope.has(sections[doc]!.code)) scores.delete(doc);
    const prior = scope.size > 0 ? undefined : regulationPrior(query);

    const first = [...scores.entries()]
      .map(([doc, s]) => [doc, s * (prior?.get(sections[doc]!.code) ?? 1)] as [number, number])
      .sort((a, b) => b[1] - a[1])
      .slice(0, RERANK_DEPTH);
    const reranked = first.map(([doc, s]) => {
      const cov = coverage(index, query, docSets[doc]!);
      return [doc, s * (0.5 + cov) + PROXIMITY_WEIGHT * proximity(index, query, docTerms[doc]!), cov] as const;
    });

    // Named items come first (exactly), then their children, whatever their text scores.
    const pinned = new Map<number, number>();
    for (const ref of query.items) {
      for (const code of ref.impliedCode ? [ref.impliedCode] : [...scope]) {
        for (const doc of byItem.get(`${code}|${ref.label.toLowerCase()}`) ?? []) pinned.set(doc, 2);
        const prefix = `${ref.label.toLowerCase()}.`;
        sections.forEach((s, doc) => {
          if (s.code === code && s.item.toLowerCase().startsWith(prefix) && !pinned.has(doc)) pinned.set(doc, 1);
        });
      }
    }
    const top = reranked.length > 0 ? Math.max(...reranked.map((r) => r[1])) : 1;
    const final = new Map<number, { score: number; cov: number }>();
    for (const [doc, s, cov] of reranked) final.set(doc, { score: s, cov });
    for (const [doc, tier] of pinned) {
      const own = final.get(doc);
      final.set(doc, { score: top * (1 + tier) + (own?.score ?? 0) * 0.01, cov: own?.cov ?? 1 });
    }
    const ranked = [...final.entries()].sort((a, b) => b[1].score - a[1].score).slice(0, limit);
    const best = ranked[0];
    const confidence = best ? confidenceOf(best[1].cov, query, pinned.size > 0 || named.length > 0) : 0;
    return {
      abstained: !best || confidence < ABSTAIN_BELOW,
      confidence: Math.round(confidence * 1000) / 1000,
      results: ranked.map(([doc, r]) => toRanked(sections[doc]!, r.score)),
    };
  }

  return { search, size: sections.length };
}
