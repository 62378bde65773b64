import { FeedbackSchema, type Feedback, type FeedbackBody } from '@normas/contracts/chats';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function sendFeedback(body: FeedbackBody): Promise<Feedback> {
  return apiRequest('/chat/feedback', { method: 'POST', body, schema: FeedbackSchema });
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
