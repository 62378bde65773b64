import {
  RegulationListResponseSchema,
  RegulationParamsSchema,
  RegulationSchema,
  RegulationSectionParamsSchema,
  RegulationSectionSchema,
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
        summary: 'Normas importadas, por código',
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
