import type { AnswerPort, RetrievalPort } from '../questions/engine-ports';
import type { FaqSeedItem } from './faq-seed';

/** Sections handed to the engine per FAQ; the same as a user's question gets. */
const RETRIEVAL_LIMIT = 8;

export interface GeneratedFaq {
  faq: FaqSeedItem;
  abstained: boolean;
  /** False when the entry was reviewed and kept as it was. */
  regenerated: boolean;
}

/**
 * Rewrites the answer's `/regulations/<id>#item` links to `/regulations/<code>#item`: regulation ids
 * are uuids that change with every import, codes do not (the seed resolves them again when read).
 */
export function toCodeLinks(
  markdown: string,
  citations: readonly { regulationId: string; code: string }[],
): string {
  let out = markdown;
  for (const c of citations)
    out = out.split(`/regulations/${c.regulationId}`).join(`/regulations/${c.code}`);
  return out;
}

/** Answers every FAQ with retrieval + the engine; reviewed entries are kept unless `force`. */
export async function generateFaqAnswers(
  faqs: readonly FaqSeedItem[],
  engines: { retrieval: RetrievalPort; answers: AnswerPort },
  options: { force?: boolean; onProgress?: (done: GeneratedFaq, index: number) => void } = {},
): Promise<GeneratedFaq[]> {
  const out: GeneratedFaq[] = [];
  for (const [index, faq] of faqs.entries()) {
    let generated: GeneratedFaq;
    if (faq.reviewed && !options.force) {
      generated = { faq, abstained: false, regenerated: false };
    } else {
      const retrieval = await engines.retrieval.search(faq.pergunta, { limit: RETRIEVAL_LIMIT });
      const result = await engines.answers.answer(
        { question: faq.pergunta, retrieval },
        { signal: AbortSignal.timeout(60_000) },
      );
      generated = {
        faq: {
          ...faq,
          answer: toCodeLinks(result.markdown, result.citations),
          citations: result.citations.map(({ code, item }) => ({ code, item })),
          reviewed: false,
        },
        abstained: result.abstained,
        regenerated: true,
      };
    }
    out.push(generated);
    options.onProgress?.(generated, index);
  }
  return out;
}
