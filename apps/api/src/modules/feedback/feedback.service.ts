import type { Feedback, FeedbackBody } from '@normas/contracts/chats';
import { AppError } from '../../lib/app-error';
import type { ChatsRepository } from '../chats/chats.repository';
import { toFeedbackDto, type FeedbackRepository } from './feedback.repository';

export function createFeedbackService(deps: {
  chats: ChatsRepository;
  feedback: FeedbackRepository;
}) {
  return {
    /** Feedback only on the user's own chat and on a message of that chat; a blank comment counts as none. */
    async give(userId: string, body: FeedbackBody): Promise<Feedback> {
      const chat = await deps.chats.findForUser(userId, body.chatId);
      if (!chat) throw new AppError('CHAT_NOT_FOUND');
      if (body.messageId && !(await deps.chats.findMessage(chat.id, body.messageId)))
        throw new AppError('MESSAGE_NOT_FOUND');
      const row = await deps.feedback.upsert({
        userId,
        chatId: chat.id,
        messageId: body.messageId ?? null,
        type: body.type,
        comment: body.comment || null,
      });
      return toFeedbackDto(row);
    },
  };
}
