import { z } from 'zod';
import { SUGGESTION_LIMIT } from './constants';
import { AnswerRegulationSchema } from './questions';

export const FaqSummarySchema = z.object({ id: z.string(), Pergunta: z.string() });
export type FaqSummary = z.infer<typeof FaqSummarySchema>;

export const FaqSchema = FaqSummarySchema.extend({
  answer: z.string(),
  regulations: z.array(AnswerRegulationSchema),
});
export type Faq = z.infer<typeof FaqSchema>;

const page = z.coerce
  .number({ error: 'page deve ser um número.' })
  .int()
  .min(1, { error: 'page deve ser ao menos 1.' })
  .default(1);
const limit = z.coerce
  .number({ error: 'limit deve ser um número.' })
  .int()
  .min(1, { error: 'limit deve ser ao menos 1.' })
  .max(50, { error: 'limit pode ser no máximo 50.' })
  .default(10);

export const FaqListQuerySchema = z.object({ page, limit });

export const FaqSearchQuerySchema = z.object({
  search: z
    .string({ error: 'Informe o texto da busca.' })
    .trim()
    .max(200, { error: 'A busca pode ter no máximo 200 caracteres.' })
    .default(''),
  page,
  limit,
  suggestionMode: z
    .enum(['true', 'false'], { error: 'suggestionMode deve ser true ou false.' })
    .optional(),
  suggestionLimit: z.coerce
    .number({ error: 'suggestionLimit deve ser um número.' })
    .int()
    .min(1)
    .max(20, { error: 'suggestionLimit pode ser no máximo 20.' })
    .default(SUGGESTION_LIMIT),
});

export const FaqPageSchema = z.object({
  data: z.array(FaqSummarySchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type FaqPage = z.infer<typeof FaqPageSchema>;

export const SuggestionResponseSchema = z.object({ data: z.array(FaqSummarySchema) });
