import {
  ProjectBodySchema,
  ProjectListResponseSchema,
  ProjectParamsSchema,
  ProjectSchema,
} from '@normas/contracts/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { memberPlanHook } from '../workspaces/workspaces.service';
import { createChatsRepository } from '../chats/chats.repository';
import { createProjectsRepository } from './projects.repository';
import { createProjectsService } from './projects.service';

export const projectsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Workspace members have the Business plan's rights (issue 11).
  app.addHook('preHandler', memberPlanHook(ctx.effectiveUser));
  const service = createProjectsService({
    projects: createProjectsRepository(ctx.db),
    chats: createChatsRepository(ctx.db),
  });
  const common = { tags: ['projects'], security: [{ bearer: [] }] };

  app.get(
    '/regulation/projects',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Projetos do usuário com seus chats',
        response: { 200: ProjectListResponseSchema },
      },
    },
    async (request) => ({ data: await service.list(request.auth!.user.id) }),
  );

  app.post(
    '/regulation/projects',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Cria um projeto (planos que permitem chats)',
        body: ProjectBodySchema,
        response: { 201: ProjectSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.auth!.user, request.body)),
  );

  app.get(
    '/regulation/projects/:id',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Um projeto com seus chats',
        params: ProjectParamsSchema,
        response: { 200: ProjectSchema },
      },
    },
    async (request) => service.get(request.auth!.user.id, request.params.id),
  );
};
