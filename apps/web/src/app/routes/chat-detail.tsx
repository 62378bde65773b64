import { ChatSchema, type Chat } from '@normas/contracts/chats';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useChatHistory } from '../../features/chats/api/get-chat-history';
import { ChatConversation } from '../../features/chats/components/chat-conversation';
import { EarlyAccessModal } from '../../features/chats/components/early-access-modal';
import type { ChatNavigationState } from '../../features/chats/hooks/use-start-chat';
import { chatTitle } from '../../features/chats/utils/chat-title';
import { FeedbackControl } from '../../features/feedback/components/feedback-control';
import { useDocumentTitle } from '../../hooks/use-document-title';

function readState(state: unknown): { chat: Chat | null; autoSendMessage: string | null } {
  const { chat, autoSendMessage } = (state ?? {}) as ChatNavigationState;
  const parsed = ChatSchema.safeParse(chat);
  return {
    chat: parsed.success ? parsed.data : null,
    autoSendMessage:
      typeof autoSendMessage === 'string' && autoSendMessage.trim() ? autoSendMessage : null,
  };
}

/** /chat/{chatKey}: an existing chat; the chat and a first message may come as navigation state. */
export function ChatDetailRoute() {
  const { chatKey = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { chat: stateChat, autoSendMessage } = useMemo(
    () => readState(location.state),
    [location.state],
  );
  const history = useChatHistory(chatKey);
  const chat = history.data?.chat ?? (stateChat?.chatKey === chatKey ? stateChat : null);
  const title = chat ? chatTitle(chat) : 'Chat';
  useDocumentTitle(title);
  const [earlyAccess, setEarlyAccess] = useState(false);

  // Once sent, the message leaves the history entry, so a reload or "back" does not send it again.
  const { pathname } = location;
  const dropAutoSend = useCallback(() => {
    void navigate(pathname, { replace: true, state: stateChat ? { chat: stateChat } : null });
  }, [navigate, pathname, stateChat]);

  return (
    <div className="page chat-page">
      <h1 className="page-title">{title}</h1>
      <ChatConversation
        key={chatKey}
        chatKey={chatKey}
        initialChat={chat}
        autoSendMessage={autoSendMessage}
        onAutoSent={dropAutoSend}
        onEarlyAccess={() => setEarlyAccess(true)}
        renderFeedback={(chatId, messageId) => (
          <FeedbackControl chatId={chatId} messageId={messageId} />
        )}
      />
      <EarlyAccessModal open={earlyAccess} onClose={() => setEarlyAccess(false)} />
    </div>
  );
}
