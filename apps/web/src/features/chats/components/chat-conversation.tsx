import type { Chat } from '@normas/contracts/chats';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { preloadMarkdown } from '../../../components/markdown/markdown';
import { useChatHistory } from '../api/get-chat-history';
import { useChatConversation } from '../hooks/use-chat-conversation';
import { MessageBox } from './message-box';
import { MessageBubble } from './message-bubble';
import { MessageSources } from './message-sources';
import { TypingIndicator } from './typing-indicator';

export const HISTORY_ERROR = 'Não foi possível carregar o histórico de mensagens.';
export const HISTORY_LOADING = 'Carregando mensagens...';

/**
 * An existing chat (spec §2 /chat/{chatKey}). `autoSendMessage` is the first message typed on /chat;
 * it is sent once, even when React runs effects twice in development.
 */
export function ChatConversation({
  chatKey,
  initialChat,
  autoSendMessage,
  onAutoSent,
  onEarlyAccess,
  renderFeedback,
}: {
  chatKey: string;
  initialChat: Chat | null;
  autoSendMessage: string | null;
  onAutoSent: () => void;
  onEarlyAccess: () => void;
  /** The feedback control under each answer; the route supplies it so features stay apart. */
  renderFeedback: (chatId: string, messageId: string) => ReactNode;
}) {
  const history = useChatHistory(chatKey);
  const chat = history.data?.chat ?? initialChat;
  const conversation = useChatConversation(chatKey, chat?.id ?? chatKey, onEarlyAccess);
  const [draft, setDraft] = useState('');
  const autoSent = useRef(false);
  useEffect(() => {
    void preloadMarkdown();
  }, []);
  const endRef = useRef<HTMLDivElement>(null);
  const { send } = conversation;

  useEffect(() => {
    if (!autoSendMessage || autoSent.current) return;
    autoSent.current = true;
    onAutoSent();
    void send(autoSendMessage);
  }, [autoSendMessage, onAutoSent, send]);

  const messageCount = history.data?.messages.length ?? 0;
  const pendingAnswer = conversation.pending?.answer;
  useEffect(() => {
    // jsdom and old browsers lack scrollIntoView; the newest message simply stays where it is there.
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messageCount, pendingAnswer]);

  async function handleSend(text: string) {
    setDraft('');
    const sent = await send(text);
    // A failed message goes back into the box so that it can be sent again.
    if (!sent) setDraft((current) => (current === '' ? text : current));
  }

  return (
    <div className="chat-conversation">
      <ol className="message-list" aria-label="Mensagens">
        {chat?.initialQuestion && <MessageBubble fromUser content={chat.initialQuestion} />}
        {chat?.initialAnswer && (
          <MessageBubble fromUser={false} content={chat.initialAnswer}>
            <MessageSources regulations={chat.initialRegulations} />
          </MessageBubble>
        )}
        {history.data?.messages.map((message) =>
          message.isUserMessage ? (
            <MessageBubble key={message.id} fromUser content={message.content} />
          ) : (
            <MessageBubble key={message.id} fromUser={false} content={message.content}>
              <MessageSources regulations={message.regulations} />
              {renderFeedback(history.data.chat.id, message.id)}
            </MessageBubble>
          ),
        )}
        {conversation.pending && <MessageBubble fromUser content={conversation.pending.question} />}
        {conversation.pending?.answer && (
          <MessageBubble fromUser={false} content={conversation.pending.answer} streaming />
        )}
      </ol>
      {conversation.pending && !conversation.pending.answer && <TypingIndicator />}
      {history.isPending && (
        <p className="chat-status" role="status">
          {HISTORY_LOADING}
        </p>
      )}
      {history.isError && (
        <p className="form-error" role="alert">
          {HISTORY_ERROR} {chat === null && <Link to="/chat">Começar um novo chat</Link>}
        </p>
      )}
      {conversation.error && (
        <p className="form-error" role="alert">
          {conversation.error}
        </p>
      )}
      <div ref={endRef} />
      <MessageBox
        value={draft}
        onChange={setDraft}
        onSend={(text) => void handleSend(text)}
        busy={conversation.pending !== null}
        // Without the chat (still loading, or a key that does not exist) there is nowhere to write.
        disabled={chat === null}
      />
    </div>
  );
}
