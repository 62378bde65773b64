import {
  QuestionSuggestionsResponseSchema,
  SuggestionsQuerySchema,
} from '@normas/contracts/suggestions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { createSuggestionsRepository } from './suggestions.repository';
import { createSuggestionsService } from './suggestions.service';

export const suggestionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const service = createSuggestionsService({
    repository: createSuggestionsRepository(ctx.db),
    retrieval: ctx.retrieval,
  });

  app.get(
    '/suggestions',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['questions'],
        security: [{ bearer: [] }],
        summary:
          'Perguntas sugeridas enquanto o usuário digita: perguntas frequentes, títulos de itens e anexos das NRs e perguntas feitas por vários usuários',
        querystring: SuggestionsQuerySchema,
        response: { 200: QuestionSuggestionsResponseSchema },
      },
    },
    async (request) => ({
      data: await service.suggest(request.query.search, request.query.limit),
    }),
  );
};
