import { z } from 'zod';
import { ChatSchema } from './chats';

export const PROJECT_NAME_REQUIRED = 'O nome do projeto é obrigatório';
export const PROJECT_NAME_MAX_CHARS = 120;
export const PROJECT_DESCRIPTION_MAX_CHARS = 1000;

export const ProjectBodySchema = z.object({
  name: z
    .string({ error: PROJECT_NAME_REQUIRED })
    .trim()
    .min(1, { error: PROJECT_NAME_REQUIRED })
    .max(PROJECT_NAME_MAX_CHARS, {
      error: `O nome do projeto pode ter no máximo ${PROJECT_NAME_MAX_CHARS} caracteres.`,
    }),
  description: z
    .string({ error: 'A descrição do projeto deve ser um texto.' })
    .trim()
    .max(PROJECT_DESCRIPTION_MAX_CHARS, {
      error: `A descrição do projeto pode ter no máximo ${PROJECT_DESCRIPTION_MAX_CHARS} caracteres.`,
    })
    .nullish()
    .transform((v) => v ?? ''),
});
export type ProjectBody = z.infer<typeof ProjectBodySchema>;

/** A project with its chats, most recently active first (spec §3 Project). */
export const ProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  createdAt: z.string(),
  chats: z.array(ChatSchema),
});
export type Project = z.infer<typeof ProjectSchema>;

export const ProjectListResponseSchema = z.object({ data: z.array(ProjectSchema) });
export type ProjectListResponse = z.infer<typeof ProjectListResponseSchema>;

export const ProjectParamsSchema = z.object({
  id: z.uuid({ error: 'Identificador de projeto inválido.' }),
});
