import type { ConversationTurn } from '../answers/answer-engine';
import { sectorsNamed } from '../answers/regulation-scope';
import { parseQuery } from '../retrieval/query';
import type { ContextPassage } from '../retrieval/retrieval.types';
import { canonicalCode } from '../retrieval/text/normalize';
import { resolveFollowUp } from './follow-up';

/** Earlier messages handed to the answer engine: about five exchanges. */
export const CONTEXT_MESSAGES = 10;

/** What the conversation so far is made of, oldest first: the chat's opening question and answer, then its messages. */
export interface ChatSoFar {
  initialQuestion: string | null;
  initialAnswer: string | null;
  initialRegulations: readonly { title: string; code?: string }[];
  messages: readonly { content: string; isUserMessage: boolean; regulations: unknown }[];
}

export interface TurnInput {
  /** Text given to retrieval. */
  query: string;
  /**
   * The message as a question of its own ("Com que frequência esse equipamento…" → "…cinto de
   * segurança tipo paraquedista…"), for the answer engine and the calculated answers; absent when
   * the message is one already.
   */
  question?: string;
  /**
   * Regulations the last answer cited, weighed in by retrieval (`SearchOptions.focus`) unless the
   * message or the conversation named an NR; absent without context.
   */
  focus?: string[];
  /** Words the conversation carries into the message, for retrieval (`SearchOptions.context`). */
  context?: ContextPassage[];
  /** Earlier turns given to the answer engine; absent without context. */
  conversation?: ConversationTurn[];
  /** The message was read as a follow-up of the conversation (`SearchOptions.continues`). */
  continues?: boolean;
  /**
   * The NR the user named earlier, which confines a message that names nothing of its own
   * (`SearchOptions.within`); absent otherwise.
   */
  within?: string[];
}

/**
 * The weight, in a follow-up's search, of the words of the previous question (and of the subject
 * a follow-up carries); each older question weighs half as much, down to `CONTEXT_QUESTIONS`
 * questions back. 1 is the weight of the message's own words. Any weight from 0.4 to 0.7 gave the
 * same follow-up results (decision 0051).
 */
export const CONTEXT_WEIGHT = 0.5;
/**
 * How much of a follow-up's context a message that stands on its own takes: enough to tell which
 * forno, mina or plataforma it is about, too little to pull a new subject back to the old one.
 */
export const STANDALONE_CONTEXT = 0.5;
export const CONTEXT_QUESTIONS = 2;

/** The user's earlier questions (resolved), latest first, as context passages of decaying weight. */
function earlierPassages(asked: readonly string[]): ContextPassage[] {
  return asked
    .slice(-CONTEXT_QUESTIONS)
    .reverse()
    .map((text, back) => ({ text, weight: CONTEXT_WEIGHT / 2 ** back }));
}

const NR_CODE = /\bnr\s*-?\s*\d{1,2}\b/gi;
/** How a question asks for a time: "de quanto em quanto tempo", "em quanto tempo", "com que frequência". */
const TIME_QUESTION =
  /(?<!\p{L})(?:(?:de quanto em quanto|a cada quanto|por quanto|em quanto|quanto)\s+tempo|com que frequ[êe]ncia|de quanto em quanto|a cada quanto)(?!\p{L})/giu;

type Turn = ConversationTurn & { titles: string[]; codes: string[] };

function turnsOf(chat: ChatSoFar): Turn[] {
  const turns: Turn[] = [];
  if (chat.initialQuestion?.trim())
    turns.push({ role: 'user', content: chat.initialQuestion, titles: [], codes: [] });
  if (chat.initialAnswer?.trim()) {
    turns.push({
      role: 'assistant',
      content: chat.initialAnswer,
      titles: chat.initialRegulations.map((r) => r.title),
      codes: chat.initialRegulations.flatMap((r) => (r.code ? [r.code] : [])),
    });
  }
  for (const m of chat.messages) {
    const regulations = Array.isArray(m.regulations)
      ? (m.regulations as { title?: unknown; code?: unknown }[])
      : [];
    turns.push({
      role: m.isUserMessage ? 'user' : 'assistant',
      content: m.content,
      titles: regulations.flatMap((r) => (typeof r.title === 'string' ? [r.title] : [])),
      codes: regulations.flatMap((r) => (typeof r.code === 'string' ? [r.code] : [])),
    });
  }
  return turns;
}

/** A message that asks: it ends with a question mark. */
const QUESTION_END = /\?\s*$/;

/**
 * Without context a message is answered on its own (Free: "no context between questions"). With
 * context, each user message of the chat is read as a question of its own in turn (follow-up.ts):
 * a follow-up ("e com que frequência?", "esse equipamento", "e para 150 empregados?") becomes the
 * previous question's subject with the new ask, and is searched within the regulations the last
 * answer cited, unless it names an NR of its own; a message that stands on its own is searched as
 * written, with those regulations in focus and the earlier questions weighing in at a fraction of a
 * follow-up's context, so that the previous question tells what it is about without pulling it back.
 */
export function buildTurnInput(content: string, chat: ChatSoFar, keepsContext: boolean): TurnInput {
  if (!keepsContext) return { query: content };
  const turns = turnsOf(chat);
  // Each user message resolved in turn; the older ones tell what the conversation has named.
  const asked: string[] = [];
  for (const turn of turns) {
    if (turn.role === 'user')
      asked.push(resolveFollowUp(turn.content, asked.at(-1) ?? null, asked.slice(0, -1)).question);
  }
  const previous = asked.at(-1) ?? null;
  // A message that only tells the case ("Tomo remédio de pressão todo dia.") is answered with
  // whatever matches it best: the answer to the last question says what the chat is about, or,
  // when no message asked one, the answer to the message that opened the chat.
  // An answer that cited nothing (the base had no answer) tells nothing either.
  const answered = (i: number) =>
    turns[i + 1]?.role === 'assistant' && turns[i + 1]!.codes.length > 0;
  const askedAt = turns.findLastIndex(
    (t, i) => t.role === 'user' && QUESTION_END.test(t.content) && answered(i),
  );
  const lastAnswer =
    askedAt >= 0
      ? turns[askedAt + 1]
      : turns.find((t) => t.role === 'assistant' && t.codes.length > 0);
  const cited = [...new Set(lastAnswer?.codes ?? [])];
  const resolved = resolveFollowUp(content, previous, asked.slice(0, -1));
  const namesOwnCode = new RegExp(NR_CODE.source, 'i').test(content);
  let query: string;
  let focus: string[] = [];
  let within: string[] = [];
  const context: ContextPassage[] = [];
  if (resolved.followUp) {
    // The NR the user named earlier stays a hard filter for a message that names nothing of its
    // own ("e para 150 empregados?", "e ele?"), as `within`: it confines the search but, unlike an
    // NR the message names, does not vouch that the message is about the NRs (decision 0070);
    // the regulations the last answer cited
    // only weigh in on the routing, so that an answer from the wrong NR does not lock the chat in
    // it, and their titles' words do not pull up the items that repeat them.
    // …named in the chat's latest message that named one ("A NR-32 fala sobre perfurocortantes.").
    const naming = asked.findLast((q) => new RegExp(NR_CODE.source, 'i').test(q));
    const named = namesOwnCode ? [] : [...new Set(naming?.match(NR_CODE) ?? [])];
    const namedCodes = named.map((n) => canonicalCode(n.replace(/\D/g, '')));
    // "e pro pessoal da colheita de laranja, vale essas 8 horas?" after a question on NR-35: the
    // message names another regulation's sector, whose rule may be its own.
    const elsewhere = sectorsNamed(content).filter((code) => !namedCodes.includes(code));
    // The regulations whose topics the message itself names ("forno" is NR-14's), when none is
    // the NR named before.
    const ownTopics = [...parseQuery(content).topicCodes]
      .filter(([, hits]) => hits >= 1)
      .map(([code]) => code);
    const topics = ownTopics.some((code) => namedCodes.includes(code)) ? [] : ownTopics;
    // What the message says is searched as written; what the conversation carries weighs less.
    const own = resolved.background?.own ?? resolved.question;
    if (resolved.background)
      context.push({ text: resolved.background.carried, weight: CONTEXT_WEIGHT });
    context.push(...earlierPassages(asked));
    if (named.length > 0 && elsewhere.length > 0) {
      // The NR named earlier and the sector's weigh in; neither confines the search.
      query = resolved.question;
      focus = [...new Set([...elsewhere, ...namedCodes, ...cited])];
    } else if (resolved.background && named.length > 0) {
      // The message names a thing of its own ("e a reciclagem?", "Funcionário se recusa a usar o
      // protetor auricular… posso aplicar advertência nele?" after a question on NR-21), which may
      // be another NR's: the NR named earlier weighs in, as the last answer's do, but does not
      // confine the search to it (decision 0062).
      query = own;
      focus = [...new Set([...namedCodes, ...cited])];
    } else if (named.length > 0 && topics.length > 0) {
      // "e pro forno, tem alguma regra? tipo sobre a chaminé" after a question on NR-12: what the
      // message asks about is another regulation's topic, and the NR named before only weighs in.
      query = resolved.question;
      focus = [...new Set([...topics, ...namedCodes, ...cited])];
    } else {
      query = own;
      within = namedCodes;
      if (!namesOwnCode && named.length === 0) focus = cited;
    }
  } else {
    query = content;
    if (!namesOwnCode) {
      // "agora fui transferido pra uma pedreira…" after a chat on a construction site: the sector
      // the message names is where the answer is, not the regulations the last answer cited.
      const sectors = sectorsNamed(content).filter((code) => !cited.includes(code));
      focus = sectors.length > 0 ? sectors : cited;
      // "Quais sistemas de proteção são obrigatórios?" after "Temos um forno a gás…" stands on its
      // own but asks about the forno: the earlier questions weigh in lightly, below a follow-up's.
      // What the earlier questions asked about comes along; how they asked ("de quanto em quanto
      // tempo") is theirs: its "tempo" would pick "por tempo extremamente reduzido" in this answer.
      context.push(
        ...earlierPassages(asked).map((p) => ({
          text: p.text.replace(TIME_QUESTION, ' '),
          weight: p.weight * STANDALONE_CONTEXT,
        })),
      );
    }
  }
  const answerAs = resolved.background?.own ?? resolved.question;
  const conversation = turns
    .slice(-CONTEXT_MESSAGES)
    .map(({ role, content: text }) => ({ role, content: text }));
  return {
    query: query.trim(),
    // A message that names its own thing is answered as written: the subject it carried is
    // background (in `context`, at its weight), not words of the question the lead must state.
    ...(answerAs !== content.trim() ? { question: answerAs } : {}),
    ...(focus.length > 0 ? { focus } : {}),
    ...(context.length > 0 ? { context } : {}),
    ...(within.length > 0 ? { within } : {}),
    ...(resolved.followUp ? { continues: true } : {}),
    conversation,
  };
}
