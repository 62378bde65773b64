import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isEarlyAccessError } from '../api/create-chat';
import { chatHistoryQueryOptions } from '../api/get-chat-history';
import { sendMessage } from '../api/send-message';

export const SEND_ERROR = 'Não foi possível enviar a mensagem. Tente novamente.';

/** The exchange in flight: the user's text and the assistant's text as it streams in. */
export interface PendingExchange {
  question: string;
  answer: string;
}

/**
 * Spec §4 sending sequence: the user message and the typing indicator appear, the message is sent
 * (its answer streamed as it arrives), then the history is reloaded.
 */
export function useChatConversation(chatKey: string, chatRef: string, onEarlyAccess: () => void) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingExchange | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Kept in a ref so that `send` stays the same function while the screen re-renders.
  const onEarlyAccessRef = useRef(onEarlyAccess);
  useEffect(() => {
    onEarlyAccessRef.current = onEarlyAccess;
  });
  const send = useCallback(
    async (text: string): Promise<boolean> => {
      setError(null);
      setPending({ question: text, answer: '' });
      const result = await sendMessage(chatRef, text, {
        onDelta: (delta) =>
          setPending((current) => current && { ...current, answer: current.answer + delta }),
      });
      if (!result.success) {
        if (isEarlyAccessError(result.cause)) onEarlyAccessRef.current();
        else setError(SEND_ERROR);
      }
      await queryClient.refetchQueries({ queryKey: chatHistoryQueryOptions(chatKey).queryKey });
      setPending(null);
      return result.success;
    },
    [chatKey, chatRef, queryClient],
  );

  return { pending, error, send };
}
