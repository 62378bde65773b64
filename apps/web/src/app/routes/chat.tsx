import { PLAN_LIMITS, planOf } from '@normas/contracts/plans';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ChatWelcome } from '../../features/chats/components/chat-welcome';
import { EarlyAccessModal } from '../../features/chats/components/early-access-modal';
import { MessageBox } from '../../features/chats/components/message-box';
import { useStartChat } from '../../features/chats/hooks/use-start-chat';
import { useUsage } from '../../features/questions/api/get-usage';
import { UsageMeter } from '../../features/questions/components/usage-meter';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSignedInUser } from '../../lib/session';
import type { RegulationsNavigationState } from './regulations';

/** /chat: new-chat mode; the first message creates the chat (spec §2, §4). */
export function ChatRoute() {
  useDocumentTitle('Chat de Normas');
  const user = useSignedInUser();
  return PLAN_LIMITS[planOf(user.plan)].chats ? <NewChat /> : <QuestionInsteadOfChat />;
}

function NewChat() {
  const [draft, setDraft] = useState('');
  const { start, starting, error, earlyAccess, closeEarlyAccess } = useStartChat();

  async function send(text: string) {
    const started = await start(text);
    // The text stays in the box when no chat could be created, ready to try again.
    if (!started) setDraft(text);
  }

  return (
    <div className="page chat-page">
      <h1 className="page-title">Chat de Normas</h1>
      <ChatWelcome disabled={starting} onPick={(question) => void send(question)} />
      {starting && (
        <p className="chat-status" role="status">
          Criando chat...
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <MessageBox
        value={draft}
        onChange={setDraft}
        onSend={(text) => void send(text)}
        busy={starting}
        autoFocus
      />
      <EarlyAccessModal open={earlyAccess} onClose={closeEarlyAccess} />
    </div>
  );
}

/**
 * A plan without chats is never stopped here: its first message is asked as a question on
 * /regulations, which answers it and shows what a chat would add (docs/decisions/0035).
 */
function QuestionInsteadOfChat() {
  const user = useSignedInUser();
  const usage = useUsage(user.id);
  const navigate = useNavigate();
  const [draft, setDraft] = useState('');

  function ask(text: string) {
    const state: RegulationsNavigationState = { initialQuestion: text, autoAsk: true };
    void navigate('/regulations', { state });
  }

  return (
    <div className="page chat-page">
      <h1 className="page-title">Chat de Normas</h1>
      <ChatWelcome disabled={false} onPick={ask}>
        <p className="notice chat-plan-note">
          No plano Gratuito, sua mensagem é respondida como uma pergunta às normas, com os itens
          citados. Continuar a conversa em um chat faz parte do <Link to="/payment">Plano Pro</Link>
          .
        </p>
      </ChatWelcome>
      {/* A line kept for the count, so that it arriving does not push the box down. */}
      <div className="chat-usage">
        <UsageMeter status={usage.data} />
      </div>
      <MessageBox value={draft} onChange={setDraft} onSend={ask} autoFocus />
    </div>
  );
}
