import {
  InviteBodySchema,
  InviteListResponseSchema,
  InviteParamsSchema,
  InviteSchema,
  MemberParamsSchema,
  MemberRoleBodySchema,
  ProjectShareParamsSchema,
  SharedProjectListResponseSchema,
  WorkspaceBodySchema,
  WorkspaceSchema,
} from '@normas/contracts/workspaces';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { createChatsRepository } from '../chats/chats.repository';
import { createProjectSharesRepository } from './workspaces.repository';
import { createWorkspacesService } from './workspaces.service';

export const workspacesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const service = createWorkspacesService({
    workspaces: ctx.workspaces,
    shares: createProjectSharesRepository(ctx.db),
    chats: createChatsRepository(ctx.db),
    events: ctx.roomEvents,
    onError: (error, message) => app.log.error({ err: error }, message),
  });
  const common = { tags: ['workspace'], security: [{ bearer: [] }] };

  app.get(
    '/workspace',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'A equipe do usuário, seu papel e os membros',
        response: { 200: WorkspaceSchema },
      },
    },
    async (request) => service.get(request.auth!.user.id),
  );

  app.post(
    '/workspace',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Cria a equipe (plano Business); quem cria é o proprietário',
        body: WorkspaceBodySchema,
        response: { 201: WorkspaceSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.auth!.user, request.body.name)),
  );

  app.post(
    '/workspace/invites',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Convida por e-mail (proprietário ou administrador); vale 7 dias',
        body: InviteBodySchema,
        response: { 201: InviteSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.invite(request.auth!.user, request.body)),
  );

  app.get(
    '/workspace/invites',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Convites pendentes da equipe (proprietário ou administrador)',
        response: { 200: InviteListResponseSchema },
      },
    },
    async (request) => ({ data: await service.pendingInvites(request.auth!.user) }),
  );

  app.get(
    '/workspace/invites/mine',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Convites pendentes para o e-mail de quem está conectado',
        response: { 200: InviteListResponseSchema },
      },
    },
    async (request) => ({ data: await service.myInvites(request.auth!.user) }),
  );

  app.post(
    '/workspace/invites/:id/accept',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Aceita um convite endereçado ao e-mail de quem está conectado',
        params: InviteParamsSchema,
        response: { 200: WorkspaceSchema },
      },
    },
    async (request) => service.accept(request.auth!.user, request.params.id),
  );

  app.delete(
    '/workspace/invites/:id',
    {
      onRequest: app.requireUser,
      schema: { ...common, summary: 'Cancela um convite pendente', params: InviteParamsSchema },
    },
    async (request, reply) => {
      await service.revoke(request.auth!.user, request.params.id);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/workspace/members/:userId',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Remove um membro: o acesso termina na hora, conexões abertas incluídas',
        params: MemberParamsSchema,
      },
    },
    async (request, reply) => {
      await service.removeMember(request.auth!.user, request.params.userId);
      return reply.status(204).send();
    },
  );

  app.patch(
    '/workspace/members/:userId',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Muda o papel de um membro (proprietário)',
        params: MemberParamsSchema,
        body: MemberRoleBodySchema,
        response: { 200: WorkspaceSchema },
      },
    },
    async (request) =>
      service.setRole(request.auth!.user, request.params.userId, request.body.role),
  );

  app.get(
    '/workspace/projects',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Projetos compartilhados com a equipe, com seus chats',
        response: { 200: SharedProjectListResponseSchema },
      },
    },
    async (request) => ({ data: await service.sharedProjects(request.auth!.user) }),
  );

  app.put(
    '/workspace/projects/:projectId',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Compartilha um projeto seu com a equipe',
        params: ProjectShareParamsSchema,
        response: { 200: SharedProjectListResponseSchema },
      },
    },
    async (request) => ({
      data: await service.shareProject(request.auth!.user, request.params.projectId),
    }),
  );

  app.delete(
    '/workspace/projects/:projectId',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary:
          'Deixa de compartilhar um projeto (dono do projeto, proprietário ou administrador)',
        params: ProjectShareParamsSchema,
      },
    },
    async (request, reply) => {
      await service.unshareProject(request.auth!.user, request.params.projectId);
      return reply.status(204).send();
    },
  );
};
