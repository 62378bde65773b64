import { z } from 'zod';
import { PLAN_IDS } from './plans';

export const PlanSchema = z.enum(PLAN_IDS);

export const UserSchema = z.object({
  id: z.string(),
  uid: z.string(),
  email: z.string(),
  name: z.string(),
  photoURL: z.string().nullable(),
  plan: PlanSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const LoginBodySchema = z.object(
  {
    idToken: z
      .string({ error: 'Informe o idToken do Google.' })
      .trim()
      .min(1, { error: 'Informe o idToken do Google.' })
      .max(8192, { error: 'O idToken é grande demais.' }),
  },
  { error: 'Informe o idToken do Google.' },
);
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const LoginResponseSchema = z.object({ token: z.string(), user: UserSchema });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const LogoutResponseSchema = z.object({ ok: z.literal(true) });

export const DevTokenBodySchema = z.object(
  {
    email: z.email({ error: 'Informe um e-mail válido.' }).max(254),
    name: z
      .string({ error: 'Informe o nome.' })
      .trim()
      .min(1, { error: 'Informe o nome.' })
      .max(120, { error: 'O nome pode ter no máximo 120 caracteres.' }),
  },
  { error: 'Informe o nome e o e-mail.' },
);
export type DevTokenBody = z.infer<typeof DevTokenBodySchema>;

export const DevTokenResponseSchema = z.object({ idToken: z.string() });

/** What the browser needs to know to sign in, served at runtime so one build fits every setup. */
export const PublicConfigSchema = z.object({
  auth: z.discriminatedUnion('mode', [
    z.object({
      mode: z.literal('firebase'),
      firebase: z.object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string() }),
    }),
    z.object({ mode: z.literal('dev'), signInUrl: z.string() }),
  ]),
  supportWhatsapp: z.string(),
  privacyUrl: z.string(),
  version: z.string(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
