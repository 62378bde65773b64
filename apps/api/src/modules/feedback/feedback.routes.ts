import { FeedbackBodySchema, FeedbackSchema } from '@normas/contracts/chats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { createChatsRepository } from '../chats/chats.repository';
import { createFeedbackRepository } from './feedback.repository';
import { createFeedbackService } from './feedback.service';

export const feedbackRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createFeedbackService({
    chats: createChatsRepository(ctx.db),
    feedback: createFeedbackRepository(ctx.db),
  });

  app.post(
    '/chat/feedback',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['chats'],
        summary:
          'Avaliação de uma resposta (ou do chat, sem messageId); uma segunda avaliação substitui a primeira',
        security: [{ bearer: [] }],
        body: FeedbackBodySchema,
        response: { 200: FeedbackSchema },
      },
    },
    async (request) => service.give(request.auth!.user.id, request.body),
  );
};
