import {
  FaqListQuerySchema,
  FaqPageSchema,
  FaqSchema,
  FaqSearchQuerySchema,
  SuggestionResponseSchema,
} from '@normas/contracts/faqs';
import { IdParamSchema } from '@normas/contracts/questions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { createCitedSectionsRepository } from '../questions/cited-sections.repository';
import { loadSeedFaqs } from './faq-seed';
import { createFaqsRepository } from './faqs.repository';
import { createFaqsService } from './faqs.service';

export const faqsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const repository = createFaqsRepository(ctx.db);
  const service = createFaqsService({
    faqs: repository,
    cited: createCitedSectionsRepository(ctx.db),
  });
  // Idempotent by slug, so every start brings the table in line with the shipped file.
  await repository.upsertSeed(loadSeedFaqs());

  const common = { tags: ['faqs'], security: [{ bearer: [] }] };

  app.get(
    '/faqs',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Perguntas frequentes, na ordem de exibição',
        querystring: FaqListQuerySchema,
        response: { 200: FaqPageSchema },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      return { ...(await service.list(page, limit)), page, limit };
    },
  );

  app.get(
    '/faqs/search',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary:
          'Busca nas perguntas frequentes, sem distinguir acentos nem maiúsculas; suggestionMode=true devolve sugestões',
        querystring: FaqSearchQuerySchema,
        response: { 200: z.union([FaqPageSchema, SuggestionResponseSchema]) },
      },
    },
    async (request) => {
      const { search, page, limit, suggestionMode, suggestionLimit } = request.query;
      if (suggestionMode === 'true') {
        if (search === '') return { data: [] };
        return { data: (await service.search(search, 1, suggestionLimit)).data };
      }
      const found =
        search === '' ? await service.list(page, limit) : await service.search(search, page, limit);
      return { ...found, page, limit };
    },
  );

  app.get(
    '/faqs/:id',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Uma pergunta frequente com a resposta e as normas citadas',
        params: IdParamSchema,
        response: { 200: FaqSchema },
      },
    },
    async (request) => service.get(request.params.id),
  );
};
