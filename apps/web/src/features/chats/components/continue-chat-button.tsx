import { PLAN_LIMITS, planOf } from '@normas/contracts/plans';
import type { AnswerRegulation } from '@normas/contracts/questions';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useSignedInUser } from '../../../lib/session';
import { isEarlyAccessError, toChatRegulations, useCreateChat } from '../api/create-chat';
import { EarlyAccessModal } from './early-access-modal';

export const CHAT_CREATE_ERROR = 'Erro ao criar o chat. Por favor, tente novamente.';
export const CHAT_KEY_MISSING = 'Erro ao criar o chat: chatKey não encontrada.';

export interface ContinueChatProps {
  chatKey: string | null | undefined;
  question: string;
  answer: string;
  regulations: AnswerRegulation[];
}

/**
 * "Continuar chat" (spec §2, §8). A plan without chats (Free) would only meet the early-access
 * modal behind it, so it is shown what a chat would give instead. The server still decides.
 */
export function ContinueChatButton(props: ContinueChatProps) {
  const user = useSignedInUser();
  return PLAN_LIMITS[planOf(user.plan)].chats ? <ContinueChatAction {...props} /> : <ChatUpsell />;
}

function ChatUpsell() {
  const headingId = useId();
  return (
    <div className="chat-upsell" role="group" aria-labelledby={headingId}>
      <h2 id={headingId} className="chat-upsell-title">
        Continue esta resposta como chat no Plano Pro
      </h2>
      <p>
        No chat você faz perguntas de acompanhamento com o contexto desta resposta, e a conversa
        fica salva para você voltar a ela.
      </p>
      <Link className="button button--primary" to="/payment">
        Conhecer o Plano Pro
      </Link>
    </div>
  );
}

/** Turns an answered question into a chat and opens it. */
function ContinueChatAction({ chatKey, question, answer, regulations }: ContinueChatProps) {
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
