import { z } from 'zod';
import { AnswerRegulationSchema } from './questions';

/** Rooms of a workspace: groups and direct chats, live over /chat/ws (issue 11). */
export const ROOM_MESSAGE_MAX_CHARS = 4000;
export const ROOM_NAME_MAX = 80;
export const ROOM_PAGE_MAX = 200;
/** The assistant's sender id in rooms, and the mention that calls it. */
export const ASSISTANT_SENDER_ID = 'assistente';
export const ASSISTANT_NAME = 'Assistente';
export const ASSISTANT_MENTION = /(^|[^\w@])@assistente\b/i;

export const RoomSenderSchema = z.object({ id: z.string(), name: z.string() });

export const RoomMessageSchema = z.object({
  id: z.string(),
  roomId: z.string(),
  seq: z.number().int(),
  sender: RoomSenderSchema,
  content: z.string(),
  createdAt: z.string(),
  /** The regulations an assistant answer cites; [] for people's messages. */
  regulations: z.array(AnswerRegulationSchema),
});
export type RoomMessage = z.infer<typeof RoomMessageSchema>;

export const RoomMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  lastReadSeq: z.number().int(),
});

export const RoomSchema = z.object({
  id: z.string(),
  kind: z.enum(['group', 'direct']),
  /** The group's name, or the other person's name for a direct room. */
  name: z.string(),
  members: z.array(RoomMemberSchema),
  lastSeq: z.number().int(),
  lastMessage: RoomMessageSchema.nullable(),
  unread: z.number().int(),
  updatedAt: z.string(),
});
export type Room = z.infer<typeof RoomSchema>;

export const RoomListResponseSchema = z.object({ data: z.array(RoomSchema) });
export type RoomListResponse = z.infer<typeof RoomListResponseSchema>;

const memberIds = z
  .array(z.uuid({ error: 'Membro inválido.' }), { error: 'memberIds deve ser uma lista.' })
  .max(200, { error: 'Um grupo pode ter no máximo 200 membros.' });

export const GroupBodySchema = z.object({
  name: z
    .string({ error: 'Dê um nome ao grupo.' })
    .trim()
    .min(1, { error: 'Dê um nome ao grupo.' })
    .max(ROOM_NAME_MAX, {
      error: `O nome do grupo pode ter no máximo ${ROOM_NAME_MAX} caracteres.`,
    }),
  memberIds: memberIds.default([]),
});
export type GroupBody = z.infer<typeof GroupBodySchema>;

export const GroupMembersBodySchema = z.object({
  memberIds: memberIds.min(1, { error: 'Escolha ao menos uma pessoa.' }),
});

export const DirectBodySchema = z.object({
  userId: z.uuid({ error: 'Escolha um membro da equipe.' }),
});

export const RoomParamsSchema = z.object({ roomId: z.uuid({ error: 'Conversa inválida.' }) });
export const RoomMemberParamsSchema = z.object({
  roomId: z.uuid({ error: 'Conversa inválida.' }),
  userId: z.uuid({ error: 'Membro inválido.' }),
});

export const RoomMessageBodySchema = z.object({
  content: z
    .string({ error: 'A mensagem deve ser um texto.' })
    .trim()
    .min(1, { error: 'Escreva sua mensagem.' })
    .max(ROOM_MESSAGE_MAX_CHARS, {
      error: `A mensagem pode ter no máximo ${ROOM_MESSAGE_MAX_CHARS} caracteres.`,
    }),
  clientId: z
    .string({ error: 'clientId inválido.' })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'clientId inválido.' })
    .optional(),
});
export type RoomMessageBody = z.infer<typeof RoomMessageBodySchema>;

export const RoomMessagesQuerySchema = z.object({
  after: z.coerce
    .number({ error: 'after deve ser um número.' })
    .int({ error: 'after deve ser um número inteiro.' })
    .min(0, { error: 'after não pode ser negativo.' })
    .default(0),
  limit: z.coerce
    .number({ error: 'limit deve ser um número.' })
    .int({ error: 'limit deve ser um número inteiro.' })
    .min(1, { error: 'limit deve ser ao menos 1.' })
    .max(ROOM_PAGE_MAX, { error: `limit pode ser no máximo ${ROOM_PAGE_MAX}.` })
    .default(50),
});

export const RoomMessagesResponseSchema = z.object({ data: z.array(RoomMessageSchema) });

export const ReadBodySchema = z.object({
  seq: z.number({ error: 'seq deve ser um número.' }).int().min(0),
});

// ---- websocket frames ----

/** Largest frame the server accepts, in bytes. */
export const WS_MAX_FRAME_BYTES = 16 * 1024;
/** Close codes: 4401 not signed in, 4403 access ended, 4408 too slow, 4429 too many frames. */
export const WS_CLOSE = {
  unauthenticated: 4401,
  forbidden: 4403,
  slowConsumer: 4408,
  rateLimited: 4429,
} as const;

export const ClientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  z.object({
    type: z.literal('send'),
    roomId: z.uuid(),
    content: RoomMessageBodySchema.shape.content,
    clientId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  }),
  z.object({ type: z.literal('typing'), roomId: z.uuid() }),
  z.object({ type: z.literal('resume'), roomId: z.uuid(), after: z.number().int().min(0) }),
  z.object({ type: z.literal('read'), roomId: z.uuid(), seq: z.number().int().min(0) }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientFrame = z.infer<typeof ClientFrameSchema>;

export type ServerFrame =
  | { type: 'ready'; userId: string }
  | { type: 'message'; roomId: string; message: RoomMessage }
  | { type: 'ack'; clientId: string; message: RoomMessage }
  | { type: 'typing'; roomId: string; userId: string; name: string }
  | { type: 'read'; roomId: string; userId: string; seq: number }
  | { type: 'members'; roomId: string }
  | { type: 'room-removed'; roomId: string }
  | { type: 'assistant-delta'; roomId: string; replyTo: number; text: string }
  | { type: 'assistant-error'; roomId: string; replyTo: number; message: string }
  | { type: 'resumed'; roomId: string; lastSeq: number }
  | { type: 'pong' }
  | { type: 'error'; code: string; message: string; clientId?: string };
