import type { FastifyRequest } from 'fastify';
import {
  INVITE_TTL_DAYS,
  type Invite,
  type InviteBody,
  type Workspace,
} from '@normas/contracts/workspaces';
import { planOf, type PlanId } from '@normas/contracts/plans';
import { AppError } from '../../lib/app-error';
import { planQuota } from '../billing/plan-period';
import type { RoomEvents } from '../rooms/room-events';
import type {
  InviteRow,
  ProjectSharesRepository,
  WorkspacesRepository,
} from './workspaces.repository';
import type { SharedProject } from '@normas/contracts/workspaces';
import { toChatDto, type ChatsRepository } from '../chats/chats.repository';

export interface WorkspaceUser {
  id: string;
  email: string;
  plan: string | null | undefined;
}

function toInviteDto(row: InviteRow): Invite {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    workspaceName: row.workspaceName,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export function createWorkspacesService(deps: {
  workspaces: WorkspacesRepository;
  shares?: ProjectSharesRepository;
  chats?: Pick<ChatsRepository, 'listForUser'>;
  events: RoomEvents;
  now?: () => Date;
  onError?: (error: unknown, message: string) => void;
}) {
  const now = deps.now ?? (() => new Date());
  const { workspaces } = deps;

  async function membership(userId: string) {
    const m = await workspaces.membershipOf(userId);
    if (!m) throw new AppError('WORKSPACE_NOT_FOUND');
    return m;
  }

  async function adminMembership(userId: string) {
    const m = await membership(userId);
    if (m.role === 'member') throw new AppError('WORKSPACE_ADMIN_ONLY');
    return m;
  }

  async function get(userId: string): Promise<Workspace> {
    const m = await membership(userId);
    const members = await workspaces.members(m.workspaceId);
    const counts =
      m.role === 'member'
        ? null
        : await workspaces.questionsThisMonth(
            m.workspaceId,
            planQuota('business', now()).periodKey,
          );
    return {
      id: m.workspaceId,
      name: m.workspaceName,
      role: m.role,
      createdAt: m.createdAt.toISOString(),
      members: members.map((r) => ({
        userId: r.userId,
        name: r.name,
        email: r.email,
        role: r.role,
        joinedAt: r.joinedAt.toISOString(),
        questionsThisMonth: counts ? (counts.get(r.userId) ?? 0) : null,
      })),
    };
  }

  return {
    get,

    /** Only a Business user creates a workspace, and only one (they become its owner). */
    async create(user: WorkspaceUser, name: string): Promise<Workspace> {
      if (planOf(user.plan) !== 'business') throw new AppError('WORKSPACE_REQUIRES_BUSINESS');
      const id = await workspaces.create(user.id, name);
      if (!id) throw new AppError('WORKSPACE_EXISTS');
      return get(user.id);
    },

    async invite(user: WorkspaceUser, body: InviteBody): Promise<Invite> {
      const m = await adminMembership(user.id);
      const members = await workspaces.members(m.workspaceId);
      if (members.some((x) => x.email === body.email)) throw new AppError('ALREADY_MEMBER');
      const expiresAt = new Date(now().getTime() + INVITE_TTL_DAYS * 24 * 3600 * 1000);
      return toInviteDto(
        await workspaces.invite({
          workspaceId: m.workspaceId,
          email: body.email,
          role: body.role,
          invitedBy: user.id,
          expiresAt,
        }),
      );
    },

    async pendingInvites(user: WorkspaceUser): Promise<Invite[]> {
      const m = await adminMembership(user.id);
      return (await workspaces.pendingInvites({ workspaceId: m.workspaceId })).map(toInviteDto);
    },

    async myInvites(user: WorkspaceUser): Promise<Invite[]> {
      return (await workspaces.pendingInvites({ email: user.email.toLowerCase() })).map(
        toInviteDto,
      );
    },

    async accept(user: WorkspaceUser, inviteId: string): Promise<Workspace> {
      const result = await workspaces.accept(inviteId, user.id, user.email.toLowerCase());
      if (result === 'missing') throw new AppError('INVITE_NOT_FOUND');
      if (result === 'gone') throw new AppError('INVITE_EXPIRED');
      if (result === 'member') throw new AppError('WORKSPACE_EXISTS');
      return get(user.id);
    },

    async revoke(user: WorkspaceUser, inviteId: string): Promise<void> {
      const m = await adminMembership(user.id);
      if (!(await workspaces.revokeInvite(m.workspaceId, inviteId)))
        throw new AppError('INVITE_NOT_FOUND');
    },

    /** Ends a member's access at once: their rooms, and every open socket of theirs on every replica. */
    async removeMember(user: WorkspaceUser, memberId: string): Promise<void> {
      const m = await adminMembership(user.id);
      const target = (await workspaces.members(m.workspaceId)).find((x) => x.userId === memberId);
      if (!target) throw new AppError('MEMBER_NOT_FOUND');
      if (target.role === 'owner') throw new AppError('OWNER_CANNOT_LEAVE');
      if (target.role === 'admin' && m.role !== 'owner') throw new AppError('WORKSPACE_ADMIN_ONLY');
      const rooms = await workspaces.removeMember(m.workspaceId, memberId);
      await deps.events.publish({ k: 'user-removed', userId: memberId });
      for (const roomId of rooms)
        await deps.events
          .publish({ k: 'members', roomId, added: [], removed: [memberId] })
          .catch((e: unknown) => deps.onError?.(e, 'room members event failed'));
    },

    /** Shares one of the caller's projects with their workspace. */
    async shareProject(user: WorkspaceUser, projectId: string): Promise<SharedProject[]> {
      const m = await membership(user.id);
      if (!(await deps.shares!.share(m.workspaceId, user.id, projectId)))
        throw new AppError('PROJECT_NOT_FOUND');
      return this.sharedProjects(user);
    },

    /** Stops sharing: the project's owner, or an owner or admin of the workspace. */
    async unshareProject(user: WorkspaceUser, projectId: string): Promise<void> {
      const m = await membership(user.id);
      const onlyOwn = m.role === 'member' ? user.id : undefined;
      if (!(await deps.shares!.unshare(m.workspaceId, projectId, onlyOwn)))
        throw new AppError('PROJECT_NOT_FOUND');
    },

    /** The workspace's shared projects with their chats, for every member. */
    async sharedProjects(user: WorkspaceUser): Promise<SharedProject[]> {
      const m = await membership(user.id);
      const rows = await deps.shares!.list(m.workspaceId);
      return Promise.all(
        rows.map(async (r) => ({
          id: r.id,
          name: r.name,
          description: r.description,
          owner: { id: r.ownerId, name: r.ownerName },
          sharedAt: r.sharedAt.toISOString(),
          chats: (await deps.chats!.listForUser(r.ownerId, { projectId: r.id })).map(toChatDto),
        })),
      );
    },

    async setRole(
      user: WorkspaceUser,
      memberId: string,
      role: 'admin' | 'member',
    ): Promise<Workspace> {
      const m = await membership(user.id);
      if (m.role !== 'owner')
        throw new AppError(
          'WORKSPACE_ADMIN_ONLY',
          403,
          'Só o proprietário da equipe pode mudar papéis.',
        );
      if (!(await workspaces.setRole(m.workspaceId, memberId, role)))
        throw new AppError('MEMBER_NOT_FOUND');
      return get(user.id);
    },
  };
}

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;

/**
 * The plan a user's quotas follow: `business` while they belong to a workspace (issue 11), their
 * own otherwise. The questions and chats routes call this before counting a question.
 */
export function createPlanOverride(workspaces: Pick<WorkspacesRepository, 'membershipOf'>) {
  return async function effectiveUser<U extends { id: string; plan: string | null | undefined }>(
    user: U,
  ): Promise<U> {
    if (planOf(user.plan) === 'business') return user;
    const m = await workspaces.membershipOf(user.id);
    return m ? { ...user, plan: 'business' satisfies PlanId } : user;
  };
}

/**
 * A preHandler for the routes whose rights follow the plan (questions, chats, projects): the
 * request's user carries the Business plan while a member of a workspace.
 */
export function memberPlanHook(effectiveUser: ReturnType<typeof createPlanOverride>) {
  return async (request: FastifyRequest): Promise<void> => {
    if (request.auth)
      request.auth = { ...request.auth, user: await effectiveUser(request.auth.user) };
  };
}
