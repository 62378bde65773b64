import { z } from 'zod';
import { FEEDBACK_COMMENT_MAX, QUESTION_MAX_CHARS } from './constants';
import { AnswerRegulationSchema } from './questions';

/** A regulation attached to an answer or a chat (spec §3 Chat creation payload). */
export const ChatRegulationSchema = z.object({
  id: z.string(),
  title: z.string(),
  code: z.string(),
  authority: z.string(),
  status: z.string(),
  sections: z.array(z.object({ number: z.number().int(), item: z.string(), content: z.string() })),
});
export type ChatRegulation = z.infer<typeof ChatRegulationSchema>;

export const ChatSchema = z.object({
  id: z.string(),
  chatKey: z.string(),
  userId: z.string(),
  type: z.string(),
  createdBy: z.string(),
  projectId: z.string().nullable(),
  title: z.string().nullable(),
  initialQuestion: z.string().nullable(),
  initialAnswer: z.string().nullable(),
  initialRegulations: z.array(ChatRegulationSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Chat = z.infer<typeof ChatSchema>;

export const ChatListQuerySchema = z.object({
  onlyWithoutProject: z
    .enum(['true', 'false'], { error: 'onlyWithoutProject deve ser true ou false.' })
    .optional(),
  projectId: z.uuid({ error: 'projectId inválido.' }).optional(),
});
export type ChatListQuery = z.infer<typeof ChatListQuerySchema>;

export const ChatListResponseSchema = z.object({ data: z.array(ChatSchema) });
export type ChatListResponse = z.infer<typeof ChatListResponseSchema>;

/** A chat's uuid or its chatKey (url-safe base64); both address the same chat. */
export const ChatRefSchema = z
  .string({ error: 'Identificador de chat inválido.' })
  .regex(/^[A-Za-z0-9_-]{1,128}$/, { error: 'Identificador de chat inválido.' });

export const ChatParamsSchema = z.object({ id: ChatRefSchema });

export const CHAT_TITLE_MAX_CHARS = 200;
export const CHAT_KEY_REQUIRED = 'chatKey é obrigatória para criar um chat';
export const CHAT_TITLE_REQUIRED = 'O título do chat é obrigatório.';

/**
 * POST /regulation/chat/create: either a chat continuing a question (chatKey of the question, plus the
 * spec's initialQuestion, initialAnswer, initialRegulations) or a blank chat `{title, projectId}` where
 * projectId "" means an independent chat. Without a title, chatKey is required.
 */
export const ChatCreateBodySchema = z
  .object({
    chatKey: z
      .string({ error: CHAT_KEY_REQUIRED })
      .trim()
      .max(128, { error: 'chatKey inválida.' })
      .optional(),
    initialQuestion: z.string({ error: 'initialQuestion deve ser um texto.' }).optional(),
    initialAnswer: z.string({ error: 'initialAnswer deve ser um texto.' }).optional(),
    initialRegulations: z
      .array(ChatRegulationSchema, { error: 'initialRegulations deve ser uma lista.' })
      .optional(),
    title: z
      .string({ error: 'O título do chat deve ser um texto.' })
      .trim()
      .max(CHAT_TITLE_MAX_CHARS, {
        error: `O título do chat pode ter no máximo ${CHAT_TITLE_MAX_CHARS} caracteres.`,
      })
      .optional(),
    projectId: z
      .union([z.literal(''), z.uuid({ error: 'projectId inválido.' })], {
        error: 'projectId inválido.',
      })
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((body, issue) => {
    if (body.chatKey) return;
    if (body.title === undefined)
      issue.addIssue({ code: 'custom', path: ['chatKey'], message: CHAT_KEY_REQUIRED });
    else if (body.title === '')
      issue.addIssue({ code: 'custom', path: ['title'], message: CHAT_TITLE_REQUIRED });
  });
export type ChatCreateBody = z.infer<typeof ChatCreateBodySchema>;

export const MessageSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  content: z.string(),
  /** "user" or "assistant". */
  sender: z.string(),
  isUserMessage: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The regulations an assistant answer cites, shaped like a question answer's `data`; [] for user messages. */
  regulations: z.array(AnswerRegulationSchema),
});
export type Message = z.infer<typeof MessageSchema>;

export const MessageBodySchema = z.object({
  content: z
    .string({ error: 'A mensagem deve ser um texto.' })
    .trim()
    .min(1, { error: 'Escreva sua mensagem.' })
    .max(QUESTION_MAX_CHARS, {
      error: `A mensagem pode ter no máximo ${QUESTION_MAX_CHARS} caracteres.`,
    }),
});
export type MessageBody = z.infer<typeof MessageBodySchema>;

/** GET /regulation/chat/{id}: messages oldest first; messages with empty content are never returned. */
export const ChatHistoryResponseSchema = z.object({
  chat: ChatSchema,
  messages: z.array(MessageSchema),
});
export type ChatHistoryResponse = z.infer<typeof ChatHistoryResponseSchema>;

export const FEEDBACK_TYPES = ['POSITIVE', 'NEGATIVE'] as const;

export const FeedbackBodySchema = z.object({
  chatId: z
    .string({
      error: (issue) => (issue.input === undefined ? 'chatId é obrigatório.' : 'chatId inválido.'),
    })
    .regex(/^[A-Za-z0-9_-]{1,128}$/, { error: 'chatId inválido.' }),
  messageId: z.uuid({ error: 'messageId inválido.' }).nullish(),
  type: z.enum(FEEDBACK_TYPES, { error: 'Escolha o tipo da avaliação: POSITIVE ou NEGATIVE.' }),
  comment: z
    .string({ error: 'O comentário deve ser um texto.' })
    .trim()
    .max(FEEDBACK_COMMENT_MAX, {
      error: `O comentário pode ter no máximo ${FEEDBACK_COMMENT_MAX} caracteres.`,
    })
    .nullish(),
});
export type FeedbackBody = z.infer<typeof FeedbackBodySchema>;

export const FeedbackSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  messageId: z.string().nullable(),
  type: z.enum(FEEDBACK_TYPES),
  comment: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Feedback = z.infer<typeof FeedbackSchema>;
