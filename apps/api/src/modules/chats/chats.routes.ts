import { ChatListQuerySchema, ChatListResponseSchema } from '@normas/contracts/chats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { createChatsRepository, toChatDto } from './chats.repository';

export const chatsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const repository = createChatsRepository(ctx.db);

  app.get(
    '/regulation/chats',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['chats'],
        summary: 'Chats do usuário: independentes (onlyWithoutProject=true) ou de um projeto',
        security: [{ bearer: [] }],
        querystring: ChatListQuerySchema,
        response: { 200: ChatListResponseSchema },
      },
    },
    async (request) => {
      const { onlyWithoutProject, projectId } = request.query;
      const filter = projectId ? { projectId } : onlyWithoutProject === 'true' ? { projectId: null } : {};
      const rows = await repository.listForUser(request.auth!.user.id, filter);
      return { data: rows.map(toChatDto) };
    },
  );
};
