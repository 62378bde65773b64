import { z } from 'zod';
import seedFile from './seed/faqs.pt-BR.json' with { type: 'json' };
import type { FaqSeedEntry } from './faqs.repository';

const ItemRefSchema = z.object({ code: z.string().min(1), item: z.string().min(1) });

/**
 * One FAQ of the seed file. `answer` and `citations` come from `normas faqs generate` (retrieval + the
 * extractive engine over the imported corpus) and were then read and, where needed, edited by hand;
 * `reviewed` marks entries the generator must not overwrite without `--force`.
 */
export const FaqSeedItemSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  pergunta: z.string().min(5),
  answer: z.string(),
  citations: z.array(ItemRefSchema),
  reviewed: z.boolean().default(false),
});
export type FaqSeedItem = z.infer<typeof FaqSeedItemSchema>;

export const FaqSeedFileSchema = z.object({ faqs: z.array(FaqSeedItemSchema) });
export type FaqSeedFile = z.infer<typeof FaqSeedFileSchema>;

/** The FAQs shipped with the product, in display order; entries without an answer yet are left out. */
export function loadSeedFaqs(file: unknown = seedFile): FaqSeedEntry[] {
  const parsed = FaqSeedFileSchema.parse(file);
  const slugs = new Set<string>();
  for (const faq of parsed.faqs) {
    if (slugs.has(faq.slug)) throw new Error(`FAQ repetida no arquivo de sementes: ${faq.slug}`);
    slugs.add(faq.slug);
  }
  return parsed.faqs
    .filter((f) => f.answer.trim() !== '')
    .map((f, index) => ({
      slug: f.slug,
      pergunta: f.pergunta,
      answer: f.answer,
      citations: f.citations,
      position: index + 1,
    }));
}
