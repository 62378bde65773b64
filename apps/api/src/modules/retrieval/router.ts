import { BM25Index } from './bm25-index';
import type { ParsedQuery } from './query';
import type { OutsideDomain } from './outside-domains';
import type { IndexedSection } from './retrieval.types';
import type { DomainKnowledge } from './synonyms';
import { analyzeTerms } from './text/analyzer';

/** How many leading items of an NR state its object and scope ("campo de aplicação"). */
const SCOPE_ITEMS = 12;

/** Field weights of the NR topic documents: the title and the curated topic vocabulary say most. */
const TOPIC_FIELDS = {
  k1: 1.2,
  b: 0.3,
  fields: { content: 1, heading: 2, title: 3, context: 0.15 },
};

export interface Routing {
  /** 0..1 per NR: how much the question is about that NR, relative to the best one. */
  codes: Map<string, number>;
  /**
   * Best outside-domain document's score over the best NR document's (0 when there are none, above 1
   * when a subject the NRs do not regulate describes the question better than any NR), and its id.
   */
  outside: { lead: number; domain: string | undefined };
}

export interface NrRouter {
  route(query: ParsedQuery): Routing;
}

/**
 * Decides which NR a question is about before items compete: each NR is one "topic document" built
 * from the corpus itself (title, headings, first items, and the whole text with a low weight) plus
 * the topic vocabulary kept as data, scored with BM25 across NRs. Documents of subjects outside the
 * NRs (building codes, CLT, INSS...) compete in the same index, so that their score is comparable.
 */
export function createNrRouter(
  sections: readonly IndexedSection[],
  domain: DomainKnowledge,
  sectionTerms: readonly string[][],
  outsideDomains: readonly OutsideDomain[] = [],
): NrRouter {
  const codes: string[] = [];
  const byCode = new Map<string, number[]>();
  sections.forEach((s, i) => {
    let list = byCode.get(s.code);
    if (!list) {
      byCode.set(s.code, (list = []));
      codes.push(s.code);
    }
    list.push(i);
  });
  const topicPhrases = new Map(domain.topicPhrases);
  const index = new BM25Index(
    [
      ...codes.map((code) => {
        const docs = byCode.get(code)!;
        const headings = new Set(
          docs.map((i) => sections[i]!.headingPath.split(' > ').pop() ?? ''),
        );
        return {
          content: [
            ...[...headings].flatMap((h) => analyzeTerms(h)),
            ...docs.slice(0, SCOPE_ITEMS).flatMap((i) => sectionTerms[i]!),
          ],
          heading: (topicPhrases.get(code) ?? []).flatMap((p) => analyzeTerms(p)),
          title: analyzeTerms(sections[docs[0]!]!.title),
          context: docs.flatMap((i) => sectionTerms[i]!),
        };
      }),
      ...outsideDomains.map((d) => ({
        content: [],
        heading: analyzeTerms(d.vocabulary),
        title: analyzeTerms(d.title),
      })),
    ],
    TOPIC_FIELDS,
  );

  return {
    route(query) {
      const scores = index.score(query.weights);
      let max = 1e-9;
      let outside = 0;
      let outsideDomain: string | undefined;
      for (const [doc, s] of scores) {
        if (doc < codes.length) max = Math.max(max, s);
        else if (s > outside) {
          outside = s;
          outsideDomain = outsideDomains[doc - codes.length]!.id;
        }
      }
      let maxTopic = 0;
      for (const hits of query.topicCodes.values()) maxTopic = Math.max(maxTopic, hits);
      const routed = new Map<string, number>();
      codes.forEach((code, i) => {
        const text = (scores.get(i) ?? 0) / max;
        // A topic phrase from the data ("espaço confinado") is a strong, explicit signal.
        const topic = maxTopic > 0 ? (query.topicCodes.get(code) ?? 0) / maxTopic : 0;
        routed.set(code, Math.max(text * text, topic));
      });
      return { codes: routed, outside: { lead: outside / max, domain: outsideDomain } };
    },
  };
}
