import crypto from 'node:crypto';
import type {
  Chat,
  ChatCreateBody,
  ChatHistoryResponse,
  ChatListQuery,
  Message,
} from '@normas/contracts/chats';
import type { AnswerRegulation } from '@normas/contracts/questions';
import { AppError } from '../../lib/app-error';
import { withAnswerDeadline } from '../../lib/deadline';
import type { AnswerEngine } from '../answers/answer-engine';
import type { CitedSectionsRepository } from '../questions/cited-sections.repository';
import type { RetrievalService } from '../retrieval/retrieval.service';
import type { CalculatedAnswers } from '../establishments/sizing-answers/calculated-answers';
import { buildTurnInput, CONTEXT_MESSAGES, type TurnInput } from './chat-context';
import { toChatDto, toMessageDto, type ChatRow, type ChatsRepository } from './chats.repository';
import { assertPlanAllowsChats, planKeepsContext } from '../billing/plan-rights';

/** Sections handed from retrieval to the answer engine, as on the question page. */
const RETRIEVAL_LIMIT = 8;

export interface ChatsServiceDeps {
  chats: ChatsRepository;
  /** Tells whether a project exists and is the user's. */
  ownsProject: (userId: string, projectId: string) => Promise<boolean>;
  cited: Pick<CitedSectionsRepository, 'byCitations' | 'hasKnowledge'>;
  retrieval: Pick<RetrievalService, 'search'>;
  answers: Pick<AnswerEngine, 'answer'>;
  /** Sizing questions are computed from the NR tables before the engines are asked. */
  calculated?: CalculatedAnswers;
  timeoutMs: number;
  now?: () => Date;
  onError?: (error: unknown, message: string) => void;
}

export interface ChatUser {
  id: string;
  plan: string | null | undefined;
}

/** A message accepted for a chat (plan, chat and content checked); `answerTurn` must run next. */
export interface Turn {
  chat: ChatRow;
  content: string;
  sentAt: Date;
  input: TurnInput;
}

export interface TurnOptions {
  signal?: AbortSignal;
  onDelta?: (text: string) => void;
}

export function createChatsService(deps: ChatsServiceDeps) {
  const now = deps.now ?? (() => new Date());
  let knowledgeSeen = false;

  async function findChat(user: ChatUser, ref: string): Promise<ChatRow> {
    const chat = await deps.chats.findForUser(user.id, ref);
    if (!chat) throw new AppError('CHAT_NOT_FOUND');
    return chat;
  }

  /**
   * Chat continuing a question: the stored question is the truth, whatever the client copied into the
   * body; a chat already made from it is answered as is.
   */
  async function createFromQuestion(user: ChatUser, body: ChatCreateBody & { chatKey: string }) {
    const question = await deps.chats.findQuestion(user.id, body.chatKey);
    if (!question) throw new AppError('QUESTION_NOT_FOUND');
    if (body.projectId && !(await deps.ownsProject(user.id, body.projectId)))
      throw new AppError('PROJECT_NOT_FOUND');
    const { row, created } = await deps.chats.insertOrGet({
      chatKey: question.chatKey,
      userId: user.id,
      projectId: body.projectId,
      title: body.title || null,
      initialQuestion: question.question,
      initialAnswer: question.answer,
      initialRegulations: question.regulations,
    });
    if (row.userId !== user.id) throw new AppError('QUESTION_NOT_FOUND');
    return { chat: toChatDto(row), created };
  }

  async function createBlank(user: ChatUser, title: string, projectId: string | null) {
    if (projectId && !(await deps.ownsProject(user.id, projectId)))
      throw new AppError('PROJECT_NOT_FOUND');
    const { row } = await deps.chats.insertOrGet({
      chatKey: crypto.randomBytes(16).toString('base64url'),
      userId: user.id,
      projectId,
      title,
    });
    return { chat: toChatDto(row), created: true };
  }

  async function prepareTurn(user: ChatUser, ref: string, content: string): Promise<Turn> {
    assertPlanAllowsChats(user.plan);
    const chat = await findChat(user, ref);
    if (!knowledgeSeen) {
      knowledgeSeen = await deps.cited.hasKnowledge();
      if (!knowledgeSeen) throw new AppError('KNOWLEDGE_BASE_EMPTY');
    }
    const keepsContext = planKeepsContext(user.plan);
    const recent = keepsContext ? await deps.chats.recentMessages(chat.id, CONTEXT_MESSAGES) : [];
    const input = buildTurnInput(
      content,
      {
        ...chat,
        initialRegulations: chat.initialRegulations as { title: string; code?: string }[],
        messages: recent,
      },
      keepsContext,
    );
    return { chat, content, sentAt: now(), input };
  }

  async function answerTurn(turn: Turn, options: TurnOptions = {}): Promise<Message> {
    let regulations: AnswerRegulation[];
    let markdown: string;
    try {
      ({ markdown, regulations } = await withAnswerDeadline(
        deps.timeoutMs,
        options.signal,
        async (signal) => {
          // A follow-up is answered as the question it stands for ("e para 150 empregados?").
          const question = turn.input.question ?? turn.content;
          const calculated = await deps.calculated?.tryAnswer({
            question,
            userId: turn.chat.userId,
          });
          if (calculated) options.onDelta?.(calculated.markdown);
          const result =
            calculated ??
            (await deps.answers.answer(
              {
                question,
                retrieval: await deps.retrieval.search(turn.input.query, {
                  limit: RETRIEVAL_LIMIT,
                  focus: turn.input.focus,
                  context: turn.input.context,
                  continues: turn.input.continues,
                  within: turn.input.within,
                }),
                conversation: turn.input.conversation,
                context: turn.input.context,
              },
              { signal, onDelta: options.onDelta },
            ));
          signal.throwIfAborted();
          return {
            markdown: result.markdown,
            regulations: await deps.cited.byCitations(result.citations),
          };
        },
      ));
    } catch (error) {
      if (options.signal?.aborted || error instanceof AppError) throw error;
      deps.onError?.(error, 'chat answer failed');
      throw new AppError('ANSWER_FAILED');
    }
    // The answer must sort after the question even when both land in the same millisecond.
    const answeredAt = new Date(Math.max(now().getTime(), turn.sentAt.getTime() + 1));
    const { answer } = await deps.chats.addExchange({
      chatId: turn.chat.id,
      question: { content: turn.content, at: turn.sentAt },
      answer: { content: markdown, regulations, at: answeredAt },
    });
    return toMessageDto(answer);
  }

  return {
    /** Independent chats (onlyWithoutProject=true), the chats of one of the user's projects, or all. */
    async list(user: ChatUser, query: ChatListQuery): Promise<Chat[]> {
      if (query.projectId && !(await deps.ownsProject(user.id, query.projectId)))
        throw new AppError('PROJECT_NOT_FOUND');
      const filter = query.projectId
        ? { projectId: query.projectId }
        : query.onlyWithoutProject === 'true'
          ? { projectId: null }
          : {};
      return (await deps.chats.listForUser(user.id, filter)).map(toChatDto);
    },

    /** Creates a chat, or answers the existing chat of that chatKey (`created: false`). */
    async create(user: ChatUser, body: ChatCreateBody): Promise<{ chat: Chat; created: boolean }> {
      assertPlanAllowsChats(user.plan);
      if (body.chatKey) return createFromQuestion(user, { ...body, chatKey: body.chatKey });
      return createBlank(user, body.title!, body.projectId);
    },

    async history(user: ChatUser, ref: string): Promise<ChatHistoryResponse> {
      const chat = await findChat(user, ref);
      const rows = await deps.chats.listMessages(chat.id);
      return { chat: toChatDto(chat), messages: rows.map(toMessageDto) };
    },

    prepareTurn,
    answerTurn,

    /** Prepare and answer in one go (the JSON endpoint). */
    async send(
      user: ChatUser,
      ref: string,
      content: string,
      options: TurnOptions = {},
    ): Promise<Message> {
      return answerTurn(await prepareTurn(user, ref, content), options);
    },
  };
}

export type ChatsService = ReturnType<typeof createChatsService>;
