import {
  LimitExceededSchema,
  QuestionAnswerResponseSchema,
  type LimitExceeded,
  type QuestionAnswerResponse,
  type QuestionBody,
} from '@normas/contracts/questions';
import { ApiBodyError, postEventStream } from '../../../lib/sse';

/** Asks over the streaming endpoint: text arrives through `onDelta`, then the full answer resolves. */
export function askQuestionStream(
  question: string,
  options: { onDelta: (text: string) => void; signal?: AbortSignal },
): Promise<QuestionAnswerResponse> {
  const body: QuestionBody = { question };
  return postEventStream('/regulation/question/stream', {
    body,
    schema: QuestionAnswerResponseSchema,
    ...options,
  });
}

/** The plan limit carried by a 429, or null for any other failure. */
export function limitExceededOf(error: unknown): LimitExceeded | null {
  if (!(error instanceof ApiBodyError) || error.status !== 429) return null;
  const parsed = LimitExceededSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}
