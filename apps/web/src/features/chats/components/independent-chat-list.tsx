import { DRAWER_PLACEHOLDER_ROWS } from '@normas/contracts/constants';
import { Link } from 'react-router';
import { useIndependentChats } from '../api/get-independent-chats';
import { chatTitle } from '../utils/chat-title';

export const CHATS_LOADING = 'Carregando chats...';
export const CHATS_EMPTY = 'Ainda não há chats independentes';
export const CHATS_ERROR = 'Não foi possível carregar os chats';

function PlaceholderRows({ text, count = 1 }: { text: string; count?: number }) {
  return Array.from({ length: count }, (_, index) => (
    <li key={index} className="chat-row chat-row--placeholder">
      {text}
    </li>
  ));
}

/** The drawer's independent chats. `onSelect` lets the drawer close when a chat is opened. */
export function IndependentChatList({
  userId,
  labelledBy,
  onSelect,
}: {
  userId: string;
  labelledBy: string;
  onSelect: () => void;
}) {
  const chats = useIndependentChats(userId);

  return (
    <ul className="chat-list" aria-labelledby={labelledBy} aria-busy={chats.isPending}>
      {chats.isPending ? (
        <PlaceholderRows text={CHATS_LOADING} count={DRAWER_PLACEHOLDER_ROWS} />
      ) : chats.isError ? (
        <PlaceholderRows text={CHATS_ERROR} />
      ) : chats.data.length === 0 ? (
        <PlaceholderRows text={CHATS_EMPTY} />
      ) : (
        chats.data.map((chat) => (
          <li key={chat.id}>
            <Link
              className="chat-row chat-row--link"
              to={`/chat/${encodeURIComponent(chat.chatKey)}`}
              state={{ chat }}
              onClick={onSelect}
            >
              {chatTitle(chat)}
            </Link>
          </li>
        ))
      )}
    </ul>
  );
}
