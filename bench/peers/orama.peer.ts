import { create, insertMultiple, search } from '@orama/orama';
import { stemmer } from '@orama/stemmers/portuguese';
import type { IndexedSection } from '../../apps/api/src/modules/retrieval/retrieval.types';
import { STOP_WORDS } from '../../apps/api/src/modules/retrieval/text/analyzer';
import { foldText } from '../../apps/api/src/modules/retrieval/text/normalize';
import type { BenchEngine } from './peer';

export const ORAMA_CONFIGURATION =
  'Orama (BM25), como a sua documentação recomenda para português: tokenizador `portuguese` com o stemmer de `@orama/stemmers/portuguese` e stop words em português, texto sem acentos ao indexar e ao buscar; busca nos campos conteúdo, título da seção e título da NR com casamento por prefixo (padrão, não se desliga sem perder o radical), `threshold: 1` (devolve documentos com qualquer palavra: semântica OU) e `tolerance: 0`. Medido nos quatro conjuntos (Recall@1 dev, heldout-a, -b, -c): `tolerance: 1` com pesos { título da seção 1,5, título da NR 0,6 } 0,060 / 0,147 / 0,208 / 0,355; `tolerance: 0` com esses pesos 0,140 / 0,162 / 0,208 / 0,434; `tolerance: 0` sem pesos 0,160 / 0,191 / 0,264 / 0,447 — a configuração usada (medidas de antes da regra do plural em "-veis" do stemmer próprio, que o Orama não usa).';

/** Orama (BM25) configured as its documentation recommends (see ORAMA_CONFIGURATION). */
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
    configuration: ORAMA_CONFIGURATION,
    abstentionRule:
      'nenhum resultado, ou 1º escore abaixo de um limiar escolhido nas mesmas perguntas',
    thresholdOnTopScore: true,
    inProcess: true,
    async search(question) {
      const found = await search(db, {
        term: foldText(question),
        properties: ['content', 'headingPath', 'title'],
        threshold: 1,
        tolerance: 0,
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
