import {
  CheckProfileSchema,
  CnaeSearchQuerySchema,
  CnaeSearchResponseSchema,
  EstablishmentBodySchema,
  EstablishmentListSchema,
  EstablishmentParamsSchema,
  EstablishmentSchema,
} from '@normas/contracts/establishments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { createEstablishmentsRepository } from './establishments.repository';
import { createEstablishmentsService } from './establishments.service';

/** The user's establishment profiles (spec §7 "/delivery…"), with SESMT and CIPA sizing. */
export const establishmentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const service = createEstablishmentsService({
    establishments: createEstablishmentsRepository(ctx.db),
    tables: ctx.sizingTables,
  });
  const common = { tags: ['establishments'], security: [{ bearer: [] }] };

  app.post(
    '/delivery',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary:
          'Cria um perfil de estabelecimento; responde com o grau de risco (NR-04 Anexo I) e o dimensionamento do SESMT e da CIPA',
        body: EstablishmentBodySchema,
        response: { 201: EstablishmentSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.auth!.user.id, request.body)),
  );

  app.get(
    '/delivery/my-profiles',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Os perfis de estabelecimento do usuário, o mais novo primeiro',
        response: { 200: EstablishmentListSchema },
      },
    },
    async (request) => ({ data: await service.list(request.auth!.user.id) }),
  );

  app.get(
    '/delivery/check-profile',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary:
          'Se o usuário tem um perfil e se o perfil ativo está completo para o dimensionamento',
        response: { 200: CheckProfileSchema },
      },
    },
    async (request) => service.checkProfile(request.auth!.user.id),
  );

  app.get(
    '/delivery/cnae',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary:
          'Busca classes CNAE do Anexo I da NR-04 por código ou palavras, com o grau de risco',
        querystring: CnaeSearchQuerySchema,
        response: { 200: CnaeSearchResponseSchema },
      },
    },
    async (request) => ({ data: await service.searchCnae(request.query.search) }),
  );

  app.get(
    '/delivery/:id',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Um perfil de estabelecimento do usuário',
        params: EstablishmentParamsSchema,
        response: { 200: EstablishmentSchema },
      },
    },
    async (request) => service.get(request.auth!.user.id, request.params.id),
  );

  app.put(
    '/delivery/:id',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Substitui os dados de um perfil; com active=true ele passa a ser o perfil ativo',
        params: EstablishmentParamsSchema,
        body: EstablishmentBodySchema,
        response: { 200: EstablishmentSchema },
      },
    },
    async (request) => service.update(request.auth!.user.id, request.params.id, request.body),
  );

  app.delete(
    '/delivery/:id',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Exclui um perfil; se era o ativo, o mais novo dos restantes passa a ser o ativo',
        params: EstablishmentParamsSchema,
      },
    },
    async (request, reply) => {
      await service.remove(request.auth!.user.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
