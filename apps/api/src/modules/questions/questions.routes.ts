import { ERRORS } from '@normas/contracts/errors';
import {
  LimitExceededSchema,
  QuestionAnswerResponseSchema,
  QuestionBodySchema,
} from '@normas/contracts/questions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { createHistoryRepository } from '../history/history.repository';
import { createCitedSectionsRepository } from './cited-sections.repository';
import { createQuestionsService } from './questions.service';
import { openEventStream } from './sse';
import { createUsageRepository } from './usage.repository';

export const questionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createQuestionsService({
    retrieval: ctx.retrieval,
    answers: ctx.answers,
    usage: createUsageRepository(ctx.db),
    history: createHistoryRepository(ctx.db),
    cited: createCitedSectionsRepository(ctx.db),
    timeoutMs: ctx.config.answerTimeoutMs,
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
      schema: {
        ...schema,
        summary: 'Responde uma pergunta com os itens de norma citados (conta no limite do plano)',
        response: { 200: QuestionAnswerResponseSchema, 429: LimitExceededSchema },
      },
    },
    async (request) => service.ask(request.auth!.user, request.body.question),
  );

  app.post(
    '/regulation/question/stream',
    {
      onRequest: app.requireUser,
      schema: {
        ...schema,
        summary:
          'A mesma resposta como Server-Sent Events: "delta" {text} a cada trecho, depois "done" com a resposta completa, ou "error" {code, message}',
        response: { 429: LimitExceededSchema },
      },
    },
    async (request, reply) => {
      // Limit, validation and empty-base errors still go out as ordinary JSON answers.
      const reservation = await service.reserve(request.auth!.user, request.body.question);
      const stream = openEventStream(reply);
      try {
        const result = await service.answer(reservation, {
          signal: stream.signal,
          onDelta: (text) => stream.send('delta', { text }),
        });
        stream.send('done', result);
      } catch (error) {
        if (!stream.signal.aborted) {
          const known = error instanceof AppError ? error : new AppError('ANSWER_FAILED');
          stream.send('error', {
            code: known.code,
            message: known.message || ERRORS.ANSWER_FAILED.message,
          });
        }
      } finally {
        stream.end();
      }
    },
  );
};
