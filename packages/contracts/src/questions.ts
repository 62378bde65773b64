import { z } from 'zod';
import { QUESTION_MAX_CHARS } from './constants';
import { questionLimitMessage } from './plans';
import { RegulationSummarySchema, SectionSchema } from './regulations';

export const QuestionBodySchema = z.object({
  question: z
    .string({ error: 'A pergunta deve ser um texto.' })
    .trim()
    .min(1, { error: 'Escreva sua pergunta.' })
    .max(QUESTION_MAX_CHARS, {
      error: `A pergunta pode ter no máximo ${QUESTION_MAX_CHARS} caracteres.`,
    }),
});
export type QuestionBody = z.infer<typeof QuestionBodySchema>;

/** A related regulation with the sections the answer cites (spec §3 Regulation). */
export const AnswerRegulationSchema = RegulationSummarySchema.omit({ sectionCount: true }).extend({
  sections: z.array(SectionSchema),
});
export type AnswerRegulation = z.infer<typeof AnswerRegulationSchema>;

export const UsageSchema = z.object({ used: z.number().int(), max: z.number().int().nullable() });
export type Usage = z.infer<typeof UsageSchema>;

/** GET /usage: the signed-in user's questions in the current plan period, before asking. */
export const UsageStatusSchema = z.object({
  plan: z.enum(['free', 'pro', 'business']),
  used: z.number().int(),
  /** null: unlimited. */
  max: z.number().int().nullable(),
  period: z.enum(['day', 'month']),
  /** When the count starts again (ISO 8601); null on an unlimited plan. */
  resetAt: z.string().nullable(),
});
export type UsageStatus = z.infer<typeof UsageStatusSchema>;

export const QuestionAnswerResponseSchema = z.object({
  aiResponse: z.string(),
  chatKey: z.string(),
  data: z.array(AnswerRegulationSchema),
  /** True when the knowledge base does not cover the question and the answer says so. */
  abstained: z.boolean(),
  historyId: z.string(),
  usage: UsageSchema,
});
export type QuestionAnswerResponse = z.infer<typeof QuestionAnswerResponseSchema>;

/** 429 body for DAILY_LIMIT_EXCEEDED / MONTHLY_LIMIT_EXCEEDED. */
export const LimitExceededSchema = z.object({
  code: z.enum(['DAILY_LIMIT_EXCEEDED', 'MONTHLY_LIMIT_EXCEEDED']),
  message: z.string(),
  usage: z.object({ used: z.number().int(), max: z.number().int() }),
  resetAt: z.string(),
});
export type LimitExceeded = z.infer<typeof LimitExceededSchema>;

/** 429 body of the abuse limit (RATE_LIMITED, with Retry-After), not the plan's quota. */
export const RateLimitedSchema = z.object({
  code: z.literal('RATE_LIMITED'),
  message: z.string(),
});

/** Every 429 of the question routes: the plan's quota or the rate limit. */
export const TooManyQuestionsSchema = z.union([LimitExceededSchema, RateLimitedSchema]);

/**
 * The limit state a page opens in when GET /usage says the period's questions are used up: the
 * same fields a 429 carries, so it reads the same as the refusal of a question.
 */
export function limitExceededFromUsage(status: UsageStatus): LimitExceeded | null {
  if (status.max === null || status.resetAt === null || status.used < status.max) return null;
  return {
    code: status.period === 'day' ? 'DAILY_LIMIT_EXCEEDED' : 'MONTHLY_LIMIT_EXCEEDED',
    message: questionLimitMessage(status.plan, status.max, status.period),
    usage: { used: status.used, max: status.max },
    resetAt: status.resetAt,
  };
}

/**
 * Server-Sent Events of POST /regulation/question/stream:
 * `event: delta` {text} …, then `event: done` QuestionAnswerResponse, or `event: error` {code, message}.
 */
export const StreamDeltaSchema = z.object({ text: z.string() });

export const HistoryQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page deve ser um número.' })
    .int()
    .min(1, { error: 'page deve ser ao menos 1.' })
    .default(1),
  limit: z.coerce
    .number({ error: 'limit deve ser um número.' })
    .int()
    .min(1, { error: 'limit deve ser ao menos 1.' })
    .max(50, { error: 'limit pode ser no máximo 50.' })
    .default(10),
});

export const HistoryItemSchema = z.object({
  id: z.string(),
  question: z.string(),
  createdAt: z.string(),
});
export type HistoryItem = z.infer<typeof HistoryItemSchema>;

export const HistoryPageSchema = z.object({
  data: z.array(HistoryItemSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type HistoryPage = z.infer<typeof HistoryPageSchema>;

export const HistoryDetailSchema = HistoryItemSchema.extend({
  aiResponse: z.string(),
  chatKey: z.string(),
  data: z.array(AnswerRegulationSchema),
  abstained: z.boolean(),
});
export type HistoryDetail = z.infer<typeof HistoryDetailSchema>;

export const IdParamSchema = z.object({ id: z.uuid({ error: 'Identificador inválido.' }) });
