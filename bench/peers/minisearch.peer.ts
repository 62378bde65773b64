import MiniSearch from 'minisearch';
import type { IndexedSection } from '../../apps/api/src/modules/retrieval/retrieval.types';
import { STOP_WORDS } from '../../apps/api/src/modules/retrieval/text/analyzer';
import { foldText } from '../../apps/api/src/modules/retrieval/text/normalize';
import { stem } from '../../apps/api/src/modules/retrieval/text/stemmer';
import type { BenchEngine } from './peer';

export const MINISEARCH_CONFIGURATION =
  'MiniSearch (BM25+), como o seu README recomenda: `processTerm` com dobra de acentos, stop words em português e stemmer Snowball português; busca com `prefix: true`, `fuzzy: 0.2`, `combineWith: "OR"` e pesos por campo `boost` { conteúdo 1, título da seção 1,5, título da NR 0,6 }.';

/** MiniSearch (BM25+) configured as its documentation recommends (see MINISEARCH_CONFIGURATION). */
export function createMiniSearchPeer(sections: readonly IndexedSection[]): BenchEngine {
  const index = new MiniSearch<IndexedSection & { id: number }>({
    fields: ['content', 'headingPath', 'title'],
    storeFields: ['code', 'item'],
    processTerm: (term) => {
      const folded = foldText(term);
      return STOP_WORDS.has(folded) ? null : stem(folded);
    },
    searchOptions: {
      boost: { headingPath: 1.5, title: 0.6 },
      combineWith: 'OR',
      prefix: true,
      fuzzy: 0.2,
    },
  });
  index.addAll(sections.map((s, id) => ({ ...s, id })));
  return {
    name: 'MiniSearch',
    configuration: MINISEARCH_CONFIGURATION,
    abstentionRule:
      'nenhum resultado, ou 1º escore abaixo de um limiar escolhido nas mesmas perguntas',
    thresholdOnTopScore: true,
    inProcess: true,
    search(question) {
      const hits = index.search(question).slice(0, 10);
      return {
        abstained: hits.length === 0,
        results: hits.map((h) => ({
          code: h.code as string,
          item: h.item as string,
          score: h.score,
        })),
      };
    },
  };
}
