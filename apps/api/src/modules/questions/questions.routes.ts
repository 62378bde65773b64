import {
  QuestionAnswerResponseSchema,
  QuestionBodySchema,
  TooManyQuestionsSchema,
  UsageStatusSchema,
} from '@normas/contracts/questions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { memberPlanHook } from '../workspaces/workspaces.service';
import { createHistoryRepository } from '../history/history.repository';
import { createCitedSectionsRepository } from './cited-sections.repository';
import { createQuestionsService } from './questions.service';
import { streamAnswer } from '../../lib/sse';
import { createUsageRepository } from '../billing/usage.repository';

export const questionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Workspace members have the Business plan's rights (issue 11).
  app.addHook('preHandler', memberPlanHook(ctx.effectiveUser));
  const service = createQuestionsService({
    retrieval: ctx.retrieval,
    answers: ctx.answers,
    calculated: ctx.calculatedAnswers,
    usage: createUsageRepository(ctx.db),
    history: createHistoryRepository(ctx.db),
    cited: createCitedSectionsRepository(ctx.db),
    timeoutMs: ctx.config.answerTimeoutMs,
    quota: (user, at) => ctx.billing.quotaFor(user, at),
    onError: (error, message) => app.log.error({ err: error }, message),
  });

  const schema = {
    tags: ['questions'],
    security: [{ bearer: [] }],
    body: QuestionBodySchema,
  };

  app.post(
    '/regulation/question',
    {
      onRequest: app.requireUser,
      config: { rateLimitClass: 'question' },
      schema: {
        ...schema,
        summary: 'Responde uma pergunta com os itens de norma citados (conta no limite do plano)',
        response: { 200: QuestionAnswerResponseSchema, 429: TooManyQuestionsSchema },
      },
    },
    async (request) => service.ask(request.auth!.user, request.body.question),
  );

  app.post(
    '/regulation/question/stream',
    {
      onRequest: app.requireUser,
      config: { rateLimitClass: 'question' },
      schema: {
        ...schema,
        summary:
          'A mesma resposta como Server-Sent Events: "delta" {text} a cada trecho, depois "done" com a resposta completa, ou "error" {code, message}',
        response: { 429: TooManyQuestionsSchema },
      },
    },
    async (request, reply) => {
      // Limit, validation and empty-base errors still go out as ordinary JSON answers.
      const reservation = await service.reserve(request.auth!.user, request.body.question);
      await streamAnswer(reply, (options) => service.answer(reservation, options));
    },
  );

  app.get(
    '/usage',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['questions'],
        security: [{ bearer: [] }],
        summary:
          'Perguntas usadas no período do plano (dia no Gratuito, mês no Pro) e quando o limite volta',
        response: { 200: UsageStatusSchema },
      },
    },
    async (request) => service.usageStatus(request.auth!.user),
  );
};
