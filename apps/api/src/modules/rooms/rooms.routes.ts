import websocket from '@fastify/websocket';
import {
  DirectBodySchema,
  GroupBodySchema,
  GroupMembersBodySchema,
  ReadBodySchema,
  RoomListResponseSchema,
  RoomMemberParamsSchema,
  RoomMessageBodySchema,
  RoomMessageSchema,
  RoomMessagesQuerySchema,
  RoomMessagesResponseSchema,
  RoomParamsSchema,
  RoomSchema,
  WS_MAX_FRAME_BYTES,
} from '@normas/contracts/rooms';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { createCitedSectionsRepository } from '../questions/cited-sections.repository';
import { createUsageRepository } from '../billing/usage.repository';
import { createRoomAssistant } from './room-assistant';
import { ROOMS_TOPIC, type RoomEvent } from './room-events';
import { createRoomsHub, type HubOptions } from './rooms.hub';
import { createRoomsRepository } from './rooms.repository';
import { createRoomsService } from './rooms.service';

export interface RoomsRoutesOptions {
  ctx: AppContext;
  /** Smaller limits and faster heartbeats in tests. */
  hub?: Partial<HubOptions>;
}

export const roomsRoutes: FastifyPluginAsyncZod<RoomsRoutesOptions> = async (
  app,
  { ctx, hub: hubOptions },
) => {
  const onError = (error: unknown, message: string) => app.log.error({ err: error }, message);
  const rooms = createRoomsRepository(ctx.db);
  const assistant = createRoomAssistant({
    rooms,
    events: ctx.roomEvents,
    retrieval: ctx.retrieval,
    answers: ctx.answers,
    calculated: ctx.calculatedAnswers,
    cited: createCitedSectionsRepository(ctx.db),
    usage: createUsageRepository(ctx.db),
    timeoutMs: ctx.config.answerTimeoutMs,
    onError,
  });
  const service = createRoomsService({
    rooms,
    workspaces: ctx.workspaces,
    events: ctx.roomEvents,
    onMention: (room, message, asker) => assistant.start(room, message, asker),
    onError,
  });
  const hub = createRoomsHub({
    rooms,
    service,
    authenticate: async (token) => {
      const { user } = await ctx.sessions.authenticate(token);
      return { id: user.id, name: user.name || user.email };
    },
    options: { ...ctx.roomsHubOptions, ...hubOptions },
    onError,
  });
  const unsubscribe = await ctx.broadcaster.subscribe(ROOMS_TOPIC, (payload) =>
    hub.handle(payload as RoomEvent),
  );
  const stopResync = ctx.broadcaster.onResync(() => hub.resync());
  app.addHook('preClose', async () => {
    hub.closeAll();
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    stopResync();
    await assistant.idle();
  });

  await app.register(websocket, { options: { maxPayload: WS_MAX_FRAME_BYTES } });

  const common = { tags: ['chat'], security: [{ bearer: [] }] };
  const me = (request: FastifyRequest) => {
    const user = request.auth!.user;
    return { id: user.id, name: user.name || user.email };
  };

  app.get(
    '/chat/ws',
    {
      websocket: true,
      schema: {
        tags: ['chat'],
        summary:
          'WebSocket das conversas da equipe: o primeiro quadro é {"type":"auth","token"}; o servidor responde {"type":"ready"} ou fecha com 4401',
      },
    },
    (socket) => hub.accept(socket),
  );

  app.get(
    '/chat',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Conversas do usuário (grupos e diretas) com a última mensagem e as não lidas',
        response: { 200: RoomListResponseSchema },
      },
    },
    async (request) => ({ data: await service.list(me(request)) }),
  );

  app.post(
    '/chat/groups',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Cria um grupo com membros da equipe',
        body: GroupBodySchema,
        response: { 201: RoomSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createGroup(me(request), request.body)),
  );

  app.post(
    '/chat/groups/:roomId/members',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Adiciona membros da equipe a um grupo',
        params: RoomParamsSchema,
        body: GroupMembersBodySchema,
        response: { 200: RoomSchema },
      },
    },
    async (request) =>
      service.addMembers(me(request), request.params.roomId, request.body.memberIds),
  );

  app.delete(
    '/chat/groups/:roomId/members/:userId',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Remove alguém de um grupo (ou sai dele)',
        params: RoomMemberParamsSchema,
      },
    },
    async (request, reply) => {
      await service.removeMember(me(request), request.params.roomId, request.params.userId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/chat/direct',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Abre a conversa direta com um membro da equipe (sempre a mesma para o par)',
        body: DirectBodySchema,
        response: { 200: RoomSchema, 201: RoomSchema },
      },
    },
    async (request, reply) => {
      const { room, created } = await service.openDirect(me(request), request.body.userId);
      return reply.status(created ? 201 : 200).send(room);
    },
  );

  app.get(
    '/chat/:roomId',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Uma conversa',
        params: RoomParamsSchema,
        response: { 200: RoomSchema },
      },
    },
    async (request) => service.one(me(request), request.params.roomId),
  );

  app.get(
    '/chat/:roomId/messages',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Mensagens com seq > after, em ordem',
        params: RoomParamsSchema,
        querystring: RoomMessagesQuerySchema,
        response: { 200: RoomMessagesResponseSchema },
      },
    },
    async (request) => ({
      data: await service.messages(
        me(request),
        request.params.roomId,
        request.query.after,
        request.query.limit,
      ),
    }),
  );

  app.post(
    '/chat/:roomId/messages',
    {
      onRequest: app.requireUser,
      config: { rateLimitClass: 'chatMessage' },
      schema: {
        ...common,
        summary: 'Envia uma mensagem; @assistente responde na conversa',
        params: RoomParamsSchema,
        body: RoomMessageBodySchema,
        response: { 200: RoomMessageSchema, 201: RoomMessageSchema },
      },
    },
    async (request, reply) => {
      const { message, duplicate } = await service.send(
        me(request),
        request.params.roomId,
        request.body.content,
        request.body.clientId,
      );
      return reply.status(duplicate ? 200 : 201).send(message);
    },
  );

  app.post(
    '/chat/:roomId/read',
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: 'Marca como lidas as mensagens até seq',
        params: RoomParamsSchema,
        body: ReadBodySchema,
        response: { 200: z.object({ seq: z.number().int() }) },
      },
    },
    async (request) => ({
      seq: await service.markRead(me(request), request.params.roomId, request.body.seq),
    }),
  );
};
