import { z } from 'zod';

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

export const ChatListResponseSchema = z.object({ data: z.array(ChatSchema) });
export type ChatListResponse = z.infer<typeof ChatListResponseSchema>;
