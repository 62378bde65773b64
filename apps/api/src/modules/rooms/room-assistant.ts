import { ASSISTANT_MENTION, type RoomMessage } from '@normas/contracts/rooms';
import { AppError } from '../../lib/app-error';
import { withAnswerDeadline } from '../../lib/deadline';
import type { ConversationTurn } from '../answers/answer-engine';
import type { AnswerPort, RetrievalPort } from '../questions/engine-ports';
import type { CitedSectionsRepository } from '../questions/cited-sections.repository';
import type { CalculatedAnswers } from '../establishments/sizing-answers/calculated-answers';
import { planQuota } from '../billing/plan-period';
import type { UsageRepository } from '../billing/usage.repository';
import type { RoomEvents } from './room-events';
import type { RoomRow, RoomsRepository } from './rooms.repository';
import type { RoomUser } from './rooms.service';

/** Sections handed from retrieval to the answer engine, as on the question page. */
const RETRIEVAL_LIMIT = 8;
/** Earlier messages of the room given to the engine as the conversation. */
export const ROOM_CONTEXT_MESSAGES = 10;
/** Deltas are sent in pieces of at most this many characters, at most every DELTA_MS. */
const DELTA_CHARS = 1_500;
const DELTA_MS = 60;

export interface RoomAssistantDeps {
  rooms: RoomsRepository;
  events: RoomEvents;
  retrieval: RetrievalPort;
  answers: AnswerPort & {
    answer(
      input: { question: string; retrieval: unknown; conversation?: ConversationTurn[] },
      options: { signal: AbortSignal; onDelta?: (text: string) => void },
    ): ReturnType<AnswerPort['answer']>;
  };
  calculated?: CalculatedAnswers;
  cited: Pick<CitedSectionsRepository, 'byCitations'>;
  usage: Pick<UsageRepository, 'reserve' | 'release'>;
  timeoutMs: number;
  now?: () => Date;
  onError?: (error: unknown, message: string) => void;
}

/** The question without the mention: "@assistente qual o prazo?" → "qual o prazo?". */
export function questionOf(content: string): string {
  return content.replace(new RegExp(ASSISTANT_MENTION.source, 'gi'), '$1').trim();
}

/**
 * Answers a message that mentions @assistente, in the room: the answer streams to every member as
 * deltas, then is stored as the assistant's message (with its citations) and announced. It counts
 * as a question of the asker (a workspace member: Business, unlimited, counted per month).
 */
export function createRoomAssistant(deps: RoomAssistantDeps) {
  const now = deps.now ?? (() => new Date());
  const pending = new Set<Promise<void>>();

  async function answer(room: RoomRow, mention: RoomMessage, asker: RoomUser): Promise<void> {
    const question = questionOf(mention.content) || mention.content;
    const quota = planQuota('business', now());
    await deps.usage.reserve(asker.id, quota.periodKey, null);
    let published = Promise.resolve();
    let buffer = '';
    let timer: NodeJS.Timeout | undefined;
    const flush = () => {
      timer = undefined;
      while (buffer) {
        const text = buffer.slice(0, DELTA_CHARS);
        buffer = buffer.slice(DELTA_CHARS);
        published = published.then(() =>
          deps.events
            .publish({ k: 'delta', roomId: room.id, replyTo: mention.seq, text })
            .catch((e: unknown) => deps.onError?.(e, 'assistant delta not published')),
        );
      }
    };
    const onDelta = (text: string) => {
      buffer += text;
      if (buffer.length >= DELTA_CHARS) flush();
      else timer ??= setTimeout(flush, DELTA_MS);
    };
    try {
      const recent = await deps.rooms.recent(room.id, ROOM_CONTEXT_MESSAGES + 1);
      const conversation: ConversationTurn[] = recent
        .filter((m) => m.seq < mention.seq)
        .slice(-ROOM_CONTEXT_MESSAGES)
        .map((m) =>
          m.sender.id === 'assistente'
            ? { role: 'assistant', content: m.content }
            : { role: 'user', content: `${m.sender.name}: ${m.content}` },
        );
      const lastQuestion = recent
        .filter((m) => m.seq < mention.seq && ASSISTANT_MENTION.test(m.content))
        .at(-1);
      const query = [question, lastQuestion ? questionOf(lastQuestion.content) : '']
        .filter(Boolean)
        .join('\n');
      const { markdown, regulations } = await withAnswerDeadline(
        deps.timeoutMs,
        undefined,
        async (signal) => {
          const calculated = await deps.calculated?.tryAnswer({ question, userId: asker.id });
          if (calculated) onDelta(calculated.markdown);
          const result =
            calculated ??
            (await deps.answers.answer(
              {
                question,
                retrieval: await deps.retrieval.search(query, { limit: RETRIEVAL_LIMIT }),
                conversation,
              },
              { signal, onDelta },
            ));
          return {
            markdown: result.markdown,
            regulations: await deps.cited.byCitations(result.citations),
          };
        },
      );
      if (timer) clearTimeout(timer);
      flush();
      await published;
      const stored = await deps.rooms.insertMessage({
        roomId: room.id,
        sender: 'assistant',
        content: markdown,
        regulations,
      });
      if (stored)
        await deps.events.publish({
          k: 'msg',
          roomId: room.id,
          seq: stored.message.seq,
          message: stored.message,
        });
    } catch (error) {
      if (timer) clearTimeout(timer);
      await deps.usage
        .release(asker.id, quota.periodKey)
        .catch((e: unknown) => deps.onError?.(e, 'quota not given back'));
      if (!(error instanceof AppError)) deps.onError?.(error, 'room answer failed');
      const message =
        error instanceof AppError && error.code === 'ANSWER_TIMEOUT'
          ? error.message
          : 'Ocorreu um erro ao processar sua pergunta. Por favor, tente novamente.';
      await deps.events
        .publish({ k: 'assistant-error', roomId: room.id, replyTo: mention.seq, message })
        .catch(() => {});
    }
  }

  return {
    /** Starts the answer without waiting for it (the sender's request returns at once). */
    start(room: RoomRow, mention: RoomMessage, asker: RoomUser) {
      const run = answer(room, mention, asker).finally(() => pending.delete(run));
      pending.add(run);
    },
    /** Waits for answers under way (shutdown, tests). */
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

export type RoomAssistant = ReturnType<typeof createRoomAssistant>;
