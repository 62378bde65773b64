import { useState } from 'react';
import { EarlyAccessModal } from '../../features/chats/components/early-access-modal';
import { ChatWelcome } from '../../features/chats/components/chat-welcome';
import { MessageBox } from '../../features/chats/components/message-box';
import { useStartChat } from '../../features/chats/hooks/use-start-chat';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /chat: new-chat mode; the first message creates the chat (spec §2, §4). */
export function ChatRoute() {
  useDocumentTitle('Chat de Normas');
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
