import type { Faq } from '@normas/contracts/faqs';
import { AppError } from '../../lib/app-error';
import type { CitedSectionsRepository, ItemRef } from '../questions/cited-sections.repository';
import type { FaqsRepository } from './faqs.repository';

// `[label](/regulations/NR-35#35.2.1)`: the seed names regulations by code because ids change on re-import.
const CODE_LINK = /\[([^[\]\n]*)\]\(\/regulations\/(NR-[0-9A-Za-z-]+)(#[^)\s]*)?\)/g;

/**
 * Points code-based citation links at the current regulation ids; a link to a regulation that is not
 * imported keeps only its label, so that no answer links to a page that does not exist.
 */
export function resolveCodeLinks(markdown: string, idByCode: ReadonlyMap<string, string>): string {
  return markdown.replace(
    CODE_LINK,
    (_whole, label: string, code: string, fragment: string | undefined) => {
      const id = idByCode.get(code);
      return id ? `[${label}](/regulations/${id}${fragment ?? ''})` : label;
    },
  );
}

/**
 * FAQs are stored as seeded (code-based links and {code, item} citations) and resolved to the
 * current regulations when read, so they survive re-imports and regulations imported after seeding.
 */
export function createFaqsService(deps: { faqs: FaqsRepository; cited: CitedSectionsRepository }) {
  return {
    list: deps.faqs.list,
    search: deps.faqs.search,

    async get(id: string): Promise<Faq> {
      const row = await deps.faqs.findById(id);
      if (!row) throw new AppError('NOT_FOUND', 404, 'Pergunta frequente não encontrada.');
      const { regulations, idByCode } = await deps.cited.byItemRefs(row.regulations as ItemRef[]);
      return {
        id: row.id,
        Pergunta: row.pergunta,
        answer: resolveCodeLinks(row.answer, idByCode),
        regulations,
      };
    },
  };
}
