import type { ConversationTurn } from '../answers/answer-engine';

/** Earlier messages handed to the answer engine: about five exchanges. */
export const CONTEXT_MESSAGES = 10;

/** What the conversation so far is made of, oldest first: the chat's opening question and answer, then its messages. */
export interface ChatSoFar {
  initialQuestion: string | null;
  initialAnswer: string | null;
  initialRegulations: readonly { title: string }[];
  messages: readonly { content: string; isUserMessage: boolean; regulations: unknown }[];
}

export interface TurnInput {
  /** Text given to retrieval. */
  query: string;
  /** Earlier turns given to the answer engine; absent without context. */
  conversation?: ConversationTurn[];
}

const NR_CODE = /\bnr\s*-?\s*\d{1,2}\b/gi;

function turnsOf(chat: ChatSoFar): (ConversationTurn & { titles: string[] })[] {
  const turns: (ConversationTurn & { titles: string[] })[] = [];
  if (chat.initialQuestion?.trim())
    turns.push({ role: 'user', content: chat.initialQuestion, titles: [] });
  if (chat.initialAnswer?.trim()) {
    turns.push({
      role: 'assistant',
      content: chat.initialAnswer,
      titles: chat.initialRegulations.map((r) => r.title),
    });
  }
  for (const m of chat.messages) {
    const regulations = Array.isArray(m.regulations)
      ? (m.regulations as { title?: unknown }[])
      : [];
    turns.push({
      role: m.isUserMessage ? 'user' : 'assistant',
      content: m.content,
      titles: regulations.flatMap((r) => (typeof r.title === 'string' ? [r.title] : [])),
    });
  }
  return turns;
}

/**
 * Without context a message is answered on its own (Free: "no context between questions"). With context,
 * a follow-up such as "e com que frequência?" is searched together with the previous user question and
 * the titles of the regulations the last answer cited, so that it lands in the same NR; the regulation
 * codes of that earlier question are dropped when the new message names an NR of its own, because the
 * retrieval engine treats a named code as a hard filter.
 */
export function buildTurnInput(content: string, chat: ChatSoFar, keepsContext: boolean): TurnInput {
  if (!keepsContext) return { query: content };
  const turns = turnsOf(chat);
  const previousQuestion = turns.findLast((t) => t.role === 'user')?.content ?? '';
  const lastAnswerTitles = [
    ...new Set(turns.findLast((t) => t.role === 'assistant')?.titles ?? []),
  ];
  const namesOwnCode = new RegExp(NR_CODE.source, 'i').test(content);
  const carried = namesOwnCode ? previousQuestion.replace(NR_CODE, ' ') : previousQuestion;
  const query = [content, carried, ...lastAnswerTitles]
    .map((part) => part.trim())
    .filter(Boolean)
    .join('\n');
  const conversation = turns
    .slice(-CONTEXT_MESSAGES)
    .map(({ role, content: text }) => ({ role, content: text }));
  return { query, conversation };
}
