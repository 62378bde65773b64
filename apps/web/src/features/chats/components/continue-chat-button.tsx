import type { AnswerRegulation } from '@normas/contracts/questions';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { isEarlyAccessError, toChatRegulations, useCreateChat } from '../api/create-chat';
import { EarlyAccessModal } from './early-access-modal';

export const CHAT_CREATE_ERROR = 'Erro ao criar o chat. Por favor, tente novamente.';
export const CHAT_KEY_MISSING = 'Erro ao criar o chat: chatKey não encontrada.';

/** "Continuar chat": turns an answered question into a chat and opens it (spec §2, §8). */
export function ContinueChatButton({
  chatKey,
  question,
  answer,
  regulations,
}: {
  chatKey: string | null | undefined;
  question: string;
  answer: string;
  regulations: AnswerRegulation[];
}) {
  const navigate = useNavigate();
  const createChat = useCreateChat();
  const [error, setError] = useState<string | null>(null);
  const [earlyAccess, setEarlyAccess] = useState(false);

  function handleClick() {
    if (createChat.isPending) return;
    setError(null);
    if (!chatKey?.trim()) {
      setError(CHAT_KEY_MISSING);
      return;
    }
    createChat.mutate(
      {
        chatKey,
        initialQuestion: question,
        initialAnswer: answer,
        initialRegulations: toChatRegulations(regulations),
      },
      {
        onSuccess: (chat) =>
          navigate(`/chat/${encodeURIComponent(chat.chatKey)}`, { state: { chat } }),
        onError: (failure) => {
          if (isEarlyAccessError(failure)) setEarlyAccess(true);
          else setError(CHAT_CREATE_ERROR);
        },
      },
    );
  }

  return (
    <div className="continue-chat">
      <button
        type="button"
        className="button button--primary"
        onClick={handleClick}
        // Not `disabled`: a browser drops focus from a button that becomes disabled, and the
        // early-access modal could then not give focus back to it when it closes.
        aria-disabled={createChat.isPending}
        aria-busy={createChat.isPending}
      >
        Continuar chat
        {createChat.isPending && <Spinner />}
      </button>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <EarlyAccessModal open={earlyAccess} onClose={() => setEarlyAccess(false)} />
    </div>
  );
}
