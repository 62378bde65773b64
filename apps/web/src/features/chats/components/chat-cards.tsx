import type { Chat } from '@normas/contracts/chats';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates';
import { chatTitle } from '../utils/chat-title';

/** Chats as cards (title with the drawer's fallbacks, and the date of the last activity). */
export function ChatCards({ chats, label }: { chats: Chat[]; label: string }) {
  return (
    <ul className="chat-cards" aria-label={label}>
      {chats.map((chat) => (
        <li key={chat.id}>
          <Link
            className="card chat-card"
            to={`/chat/${encodeURIComponent(chat.chatKey)}`}
            state={{ chat }}
          >
            <span className="chat-card-title">{chatTitle(chat)}</span>
            <span className="chat-card-date">{formatDate(chat.updatedAt)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A chat list with its loading, error and empty rows. */
export function ChatCardsState({
  chats,
  loading,
  failed,
  label,
  emptyText,
  errorText,
}: {
  chats: Chat[] | undefined;
  loading: boolean;
  failed: boolean;
  label: string;
  emptyText: string;
  errorText: string;
}) {
  if (loading) {
    return (
      <p className="chat-status" role="status">
        Carregando chats...
      </p>
    );
  }
  if (failed) {
    return (
      <p className="form-error" role="alert">
        {errorText}
      </p>
    );
  }
  if (!chats || chats.length === 0) return <p className="chat-status">{emptyText}</p>;
  return <ChatCards chats={chats} label={label} />;
}
