import {
  RegulationListResponseSchema,
  RegulationParamsSchema,
  RegulationSchema,
  RegulationSectionParamsSchema,
  RegulationSectionSchema,
  RegulationVersionsResponseSchema,
} from '@normas/contracts/regulations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { createRegulationsRepository } from './regulations.repository';
import { createRegulationsService } from './regulations.service';

export const regulationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const service = createRegulationsService(createRegulationsRepository(ctx.db));
  const common = { tags: ['regulations'], security: [{ bearer: [] }] };

  app.get(
    '/regulations',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Índice das normas importadas, por código, com a versão em vigor',
        response: { 200: RegulationListResponseSchema },
      },
    },
    async () => ({ data: await service.list() }),
  );

  app.get(
    '/regulations/:id',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Uma norma com todas as suas seções, na ordem do documento',
        params: RegulationParamsSchema,
        response: { 200: RegulationSchema },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.get(
    '/regulations/:id/versions',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary:
          'As versões oficiais da norma importadas aqui, da mais nova à mais antiga, com os itens incluídos, removidos e alterados',
        params: RegulationParamsSchema,
        response: { 200: RegulationVersionsResponseSchema },
      },
    },
    async (request) => ({ data: await service.versions(request.params.id) }),
  );

  app.get(
    '/regulations/:id/sections/:n',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'A seção n (a partir de 1) de uma norma',
        params: RegulationSectionParamsSchema,
        response: { 200: RegulationSectionSchema },
      },
    },
    async (request) => service.getSection(request.params.id, request.params.n),
  );
};
