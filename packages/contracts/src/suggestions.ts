import { z } from 'zod';
import { SUGGESTION_LIMIT } from './constants';

export const SuggestionSourceSchema = z.enum(['faq', 'topic', 'example', 'asked']);
export type SuggestionSource = z.infer<typeof SuggestionSourceSchema>;

/**
 * A question to offer while the user types: an FAQ, an item or annex title of a regulation phrased
 * as a question, an example question written for a regulation's item, or a question several
 * different users asked. `Pergunta` is the text to fill in.
 */
export const QuestionSuggestionSchema = z.object({
  id: z.string(),
  Pergunta: z.string(),
  source: SuggestionSourceSchema,
  /** The regulation the suggestion is about, when it is about one ("NR-23"). */
  code: z.string().nullable(),
});
export type QuestionSuggestion = z.infer<typeof QuestionSuggestionSchema>;

export const SuggestionsQuerySchema = z.object({
  search: z
    .string({ error: 'Informe o texto da busca.' })
    .trim()
    .max(200, { error: 'A busca pode ter no máximo 200 caracteres.' })
    .default(''),
  limit: z.coerce
    .number({ error: 'limit deve ser um número.' })
    .int({ error: 'limit deve ser um número inteiro.' })
    .min(1, { error: 'limit deve ser ao menos 1.' })
    .max(SUGGESTION_LIMIT, { error: `limit pode ser no máximo ${SUGGESTION_LIMIT}.` })
    .default(SUGGESTION_LIMIT),
});

export const QuestionSuggestionsResponseSchema = z.object({
  data: z.array(QuestionSuggestionSchema),
});
