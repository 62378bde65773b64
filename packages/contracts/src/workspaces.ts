import { z } from 'zod';
import { ChatSchema } from './chats';

/** Business workspaces (issue 11): a company's people share one account. */
export const WORKSPACE_ROLES = ['owner', 'admin', 'member'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];
export const INVITE_ROLES = ['admin', 'member'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

export const WORKSPACE_ROLE_NAMES: Record<WorkspaceRole, string> = {
  owner: 'Proprietário',
  admin: 'Administrador',
  member: 'Membro',
};

/** Invites are valid this long. */
export const INVITE_TTL_DAYS = 7;
export const WORKSPACE_NAME_MAX = 120;

export const WorkspaceBodySchema = z.object({
  name: z
    .string({ error: 'O nome da equipe deve ser um texto.' })
    .trim()
    .min(1, { error: 'Dê um nome à equipe.' })
    .max(WORKSPACE_NAME_MAX, {
      error: `O nome da equipe pode ter no máximo ${WORKSPACE_NAME_MAX} caracteres.`,
    }),
});
export type WorkspaceBody = z.infer<typeof WorkspaceBodySchema>;

export const WorkspaceMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  joinedAt: z.string(),
  /** Questions asked this month (admins and owners only; null for the others). */
  questionsThisMonth: z.number().int().nullable(),
});
export type WorkspaceMember = z.infer<typeof WorkspaceMemberSchema>;

export const WorkspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  createdAt: z.string(),
  members: z.array(WorkspaceMemberSchema),
});
export type Workspace = z.infer<typeof WorkspaceSchema>;

export const InviteBodySchema = z.object({
  email: z
    .string({ error: 'Informe o e-mail de quem você quer convidar.' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Informe um e-mail válido.' })),
  role: z.enum(INVITE_ROLES, { error: 'Escolha o papel: admin ou member.' }).default('member'),
});
export type InviteBody = z.infer<typeof InviteBodySchema>;

export const InviteSchema = z.object({
  id: z.string(),
  workspaceId: z.string(),
  workspaceName: z.string(),
  email: z.string(),
  role: z.enum(INVITE_ROLES),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invite = z.infer<typeof InviteSchema>;

export const InviteListResponseSchema = z.object({ data: z.array(InviteSchema) });
export type InviteListResponse = z.infer<typeof InviteListResponseSchema>;

export const InviteParamsSchema = z.object({ id: z.uuid({ error: 'Convite inválido.' }) });
export const MemberParamsSchema = z.object({ userId: z.uuid({ error: 'Membro inválido.' }) });

export const MemberRoleBodySchema = z.object({
  role: z.enum(INVITE_ROLES, { error: 'Escolha o papel: admin ou member.' }),
});

/** A project a member shared with the workspace: every member sees it and its chats. */
export const SharedProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  owner: z.object({ id: z.string(), name: z.string() }),
  sharedAt: z.string(),
  chats: z.array(ChatSchema),
});
export type SharedProject = z.infer<typeof SharedProjectSchema>;

export const SharedProjectListResponseSchema = z.object({ data: z.array(SharedProjectSchema) });

export const ProjectShareParamsSchema = z.object({
  projectId: z.uuid({ error: 'Projeto inválido.' }),
});
