import {
  HistoryDetailSchema,
  HistoryPageSchema,
  HistoryQuerySchema,
  IdParamSchema,
} from '@normas/contracts/questions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { createHistoryRepository, toHistoryDetail } from './history.repository';

export const historyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const repository = createHistoryRepository(ctx.db);

  app.get(
    '/regulation/question-history',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['questions'],
        summary: 'Histórico de perguntas do usuário, mais recentes primeiro',
        security: [{ bearer: [] }],
        querystring: HistoryQuerySchema,
        response: { 200: HistoryPageSchema },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { data, total } = await repository.listForUser(request.auth!.user.id, page, limit);
      return { data, page, limit, total };
    },
  );

  app.get(
    '/regulation/question-history/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['questions'],
        summary: 'Uma pergunta do histórico com a resposta e as normas citadas',
        security: [{ bearer: [] }],
        params: IdParamSchema,
        response: { 200: HistoryDetailSchema },
      },
    },
    async (request) => {
      const row = await repository.findForUser(request.params.id, request.auth!.user.id);
      // Another user's question answers exactly like a missing one: ids reveal nothing.
      if (!row) throw new AppError('NOT_FOUND', 404, 'Pergunta não encontrada no seu histórico.');
      return toHistoryDetail(row);
    },
  );
};
