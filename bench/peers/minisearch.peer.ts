import MiniSearch from 'minisearch';
import type { IndexedSection } from '../../apps/api/src/modules/retrieval/retrieval.types';
import { STOP_WORDS } from '../../apps/api/src/modules/retrieval/text/analyzer';
import { foldText } from '../../apps/api/src/modules/retrieval/text/normalize';
import { stem } from '../../apps/api/src/modules/retrieval/text/stemmer';
import type { BenchEngine } from './peer';

export const MINISEARCH_CONFIGURATION =
  'MiniSearch (BM25+), como o seu README recomenda: `processTerm` com dobra de acentos, stop words em português e stemmer Snowball português; busca com `combineWith: "OR"` e pesos por campo `boost` { conteúdo 1, título da seção 1,5, título da NR 0,6 }. Prefixo e tolerância a erros do README foram medidos nos quatro conjuntos e ficam desligados: sobre radicais, `prefix: true` + `fuzzy: 0.2` casa palavras alheias e dá Recall@1 0,340 / 0,324 / 0,264 / 0,421 (dev, heldout-a, -b, -c), só prefixo 0,400 / 0,382 / 0,264 / 0,487, prefixo e tolerância só em palavras longas 0,380 / 0,412 / 0,321 / 0,513, sem nenhum dos dois 0,400 / 0,456 / 0,321 / 0,526 (medidas de antes da regra do plural em "-veis", que o MiniSearch também usa pelo stemmer compartilhado).';

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
