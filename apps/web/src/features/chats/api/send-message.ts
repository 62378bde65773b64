import { MessageSchema, type Message, type MessageBody } from '@normas/contracts/chats';
import { toActionResult, type ActionResult } from '../../../lib/action-result';
import { postEventStream } from '../../../lib/sse';

/** Spec §8: the wrapper's text when the server gave none. */
export const SEND_MESSAGE_WRAPPER_ERROR = 'Erro ao enviar mensagem';

export interface SendMessageOptions {
  onDelta: (text: string) => void;
  signal?: AbortSignal;
}

/**
 * POST /regulation/chat/{id}/message/stream: the answer arrives in pieces through `onDelta`; the
 * result holds the stored assistant message once the stream is done.
 */
export function sendMessage(
  chatRef: string,
  content: string,
  options: SendMessageOptions,
): Promise<ActionResult<Message>> {
  const body: MessageBody = { content };
  return toActionResult(
    () =>
      postEventStream(`/regulation/chat/${encodeURIComponent(chatRef)}/message/stream`, {
        body,
        schema: MessageSchema,
        onDelta: options.onDelta,
        signal: options.signal,
      }),
    SEND_MESSAGE_WRAPPER_ERROR,
  );
}
