import {
  ChatCreateBodySchema,
  ChatHistoryResponseSchema,
  ChatListQuerySchema,
  ChatListResponseSchema,
  ChatParamsSchema,
  ChatSchema,
  MessageBodySchema,
  MessageSchema,
} from '@normas/contracts/chats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { memberPlanHook } from '../workspaces/workspaces.service';
import { createProjectsRepository } from '../projects/projects.repository';
import { createCitedSectionsRepository } from '../questions/cited-sections.repository';
import { streamAnswer } from '../../lib/sse';
import { createChatsRepository } from './chats.repository';
import { createChatsService } from './chats.service';

export const chatsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Workspace members have the Business plan's rights (issue 11).
  app.addHook('preHandler', memberPlanHook(ctx.effectiveUser));
  const repository = createChatsRepository(ctx.db);
  const projects = createProjectsRepository(ctx.db);
  const service = createChatsService({
    chats: repository,
    ownsProject: async (userId, projectId) =>
      (await projects.findForUser(userId, projectId)) !== undefined,
    cited: createCitedSectionsRepository(ctx.db),
    retrieval: ctx.retrieval,
    answers: ctx.answers,
    calculated: ctx.calculatedAnswers,
    timeoutMs: ctx.config.answerTimeoutMs,
    onError: (error, message) => app.log.error({ err: error }, message),
  });
  const common = { tags: ['chats'], security: [{ bearer: [] }] };

  app.get(
    '/regulation/chats',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Chats do usuário: independentes (onlyWithoutProject=true) ou de um projeto',
        querystring: ChatListQuerySchema,
        response: { 200: ChatListResponseSchema },
      },
    },
    async (request) => ({ data: await service.list(request.auth!.user, request.query) }),
  );

  app.post(
    '/regulation/chat/create',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary:
          'Cria um chat a partir de uma pergunta (chatKey) ou em branco ({title, projectId}); o mesmo chatKey devolve o chat existente',
        body: ChatCreateBodySchema,
        response: { 200: ChatSchema, 201: ChatSchema },
      },
    },
    async (request, reply) => {
      const { chat, created } = await service.create(request.auth!.user, request.body);
      return reply.status(created ? 201 : 200).send(chat);
    },
  );

  app.get(
    '/regulation/chat/:id',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Histórico do chat, pelo id ou pelo chatKey',
        params: ChatParamsSchema,
        response: { 200: ChatHistoryResponseSchema },
      },
    },
    async (request) => service.history(request.auth!.user, request.params.id),
  );

  app.post(
    '/regulation/chat/:id/message',
    {
      onRequest: app.requireUser,
      config: { rateLimitClass: 'chatMessage' },
      schema: {
        ...common,
        summary: 'Envia uma mensagem e devolve a resposta do assistente, com os itens citados',
        params: ChatParamsSchema,
        body: MessageBodySchema,
        response: { 201: MessageSchema },
      },
    },
    async (request, reply) => {
      const message = await service.send(
        request.auth!.user,
        request.params.id,
        request.body.content,
      );
      return reply.status(201).send(message);
    },
  );

  app.post(
    '/regulation/chat/:id/message/stream',
    {
      onRequest: app.requireUser,
      config: { rateLimitClass: 'chatMessage' },
      schema: {
        ...common,
        summary:
          'A mesma resposta como Server-Sent Events: "delta" {text} a cada trecho, depois "done" com a mensagem do assistente, ou "error" {code, message}',
        params: ChatParamsSchema,
        body: MessageBodySchema,
      },
    },
    async (request, reply) => {
      // Plan, chat and validation errors still go out as ordinary JSON answers.
      const turn = await service.prepareTurn(
        request.auth!.user,
        request.params.id,
        request.body.content,
      );
      await streamAnswer(reply, (options) => service.answerTurn(turn, options));
    },
  );
};
