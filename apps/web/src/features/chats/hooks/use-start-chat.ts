import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isEarlyAccessError } from '../api/create-chat';
import {
  CREATE_CHAT_ERROR,
  CREATE_CHAT_EXCEPTION,
  useCreateChatAction,
} from '../api/create-chat-action';

/** How much of the first message names the chat in lists, ellipsis included. */
export const CHAT_TITLE_FROM_MESSAGE_CHARS = 60;

/**
 * The first message as the chat's title: whole when it fits, else cut at the last word that fits
 * and ended with "…", so that a cut title reads as one.
 */
export function titleFromMessage(text: string): string {
  const whole = text.trim().replace(/\s+/g, ' ');
  if (whole.length <= CHAT_TITLE_FROM_MESSAGE_CHARS) return whole;
  const room = whole.slice(0, CHAT_TITLE_FROM_MESSAGE_CHARS - 1);
  // A word that ends exactly at the edge is whole; otherwise back up to the last space.
  const wordEnds = whole[room.length] === ' ';
  const lastSpace = room.lastIndexOf(' ');
  const cut =
    wordEnds || lastSpace <= CHAT_TITLE_FROM_MESSAGE_CHARS / 2 ? room : room.slice(0, lastSpace);
  return `${cut.replace(/[\s,.;:!?–—-]+$/, '')}…`;
}

/** What /chat/{chatKey} reads from navigation state (spec §2). */
export interface ChatNavigationState {
  chat?: unknown;
  autoSendMessage?: unknown;
}

/**
 * Spec §4: on /chat the first message creates an independent chat, then the screen moves to
 * /chat/{chatKey}, which sends that message by itself. Plans without chats get the early-access modal.
 */
export function useStartChat() {
  const navigate = useNavigate();
  const mutation = useCreateChatAction();
  const [error, setError] = useState<string | null>(null);
  const [earlyAccess, setEarlyAccess] = useState(false);

  async function start(text: string): Promise<boolean> {
    setError(null);
    try {
      const result = await mutation.mutateAsync({ title: titleFromMessage(text), projectId: '' });
      if (result.success) {
        const state: ChatNavigationState = { chat: result.data, autoSendMessage: text };
        await navigate(`/chat/${encodeURIComponent(result.data.chatKey)}`, { state });
        return true;
      }
      if (isEarlyAccessError(result.cause)) setEarlyAccess(true);
      else setError(result.error || CREATE_CHAT_ERROR);
    } catch {
      setError(CREATE_CHAT_EXCEPTION);
    }
    return false;
  }

  return {
    start,
    starting: mutation.isPending,
    error,
    earlyAccess,
    closeEarlyAccess: () => setEarlyAccess(false),
  };
}
