import type { Chat } from '@normas/contracts/chats';

const TITLE_PREFIX = 'Chat: ';
export const UNTITLED_CHAT = 'Chat sem título';

/** Spec §2: the title without a leading "Chat: ", else the initial question, else "Chat sem título". */
export function chatTitle(chat: Pick<Chat, 'title' | 'initialQuestion'>): string {
  const title = chat.title?.startsWith(TITLE_PREFIX)
    ? chat.title.slice(TITLE_PREFIX.length)
    : chat.title;
  if (title?.trim()) return title.trim();
  if (chat.initialQuestion?.trim()) return chat.initialQuestion.trim();
  return UNTITLED_CHAT;
}
