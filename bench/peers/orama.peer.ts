import { create, insertMultiple, search } from '@orama/orama';
import { stemmer } from '@orama/stemmers/portuguese';
import type { IndexedSection } from '../../apps/api/src/modules/retrieval/retrieval.types';
import { STOP_WORDS } from '../../apps/api/src/modules/retrieval/text/analyzer';
import { foldText } from '../../apps/api/src/modules/retrieval/text/normalize';
import type { BenchEngine } from './peer';

/**
 * Orama (BM25) with its Portuguese tokenizer and stemmer, Portuguese stop words, and text folded
 * before indexing and searching; threshold 1 so that a document matching any term is returned.
 */
export async function createOramaPeer(sections: readonly IndexedSection[]): Promise<BenchEngine> {
  const db = create({
    schema: {
      content: 'string',
      headingPath: 'string',
      title: 'string',
      code: 'string',
      item: 'string',
    } as const,
    components: {
      tokenizer: { language: 'portuguese', stemming: true, stemmer, stopWords: [...STOP_WORDS] },
    },
  });
  await insertMultiple(
    db,
    sections.map((s) => ({
      content: foldText(s.content),
      headingPath: foldText(s.headingPath),
      title: foldText(s.title),
      code: s.code,
      item: s.item,
    })),
  );
  return {
    name: 'Orama',
    abstentionRule:
      'nenhum resultado, ou 1º escore abaixo de um limiar escolhido nas mesmas perguntas',
    thresholdOnTopScore: true,
    inProcess: true,
    async search(question) {
      const found = await search(db, {
        term: foldText(question),
        properties: ['content', 'headingPath', 'title'],
        boost: { headingPath: 1.5, title: 0.6 },
        threshold: 1,
        limit: 10,
      });
      return {
        abstained: found.hits.length === 0,
        results: found.hits.map((h) => ({
          code: h.document.code,
          item: h.document.item,
          score: h.score,
        })),
      };
    },
  };
}
