import { sql } from 'drizzle-orm';
import type { InviteRole, WorkspaceRole } from '@normas/contracts/workspaces';
import type { Db } from '../../db/client';

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface MembershipRow {
  workspaceId: string;
  workspaceName: string;
  role: WorkspaceRole;
  createdAt: Date;
}

export interface MemberRow {
  userId: string;
  name: string;
  email: string;
  role: WorkspaceRole;
  joinedAt: Date;
}

export interface InviteRow {
  id: string;
  workspaceId: string;
  workspaceName: string;
  email: string;
  role: InviteRole;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

const inviteColumns = sql`i.id, i.workspace_id as "workspaceId", w.name as "workspaceName", i.email,
  i.role, i.invited_by as "invitedBy", i.created_at as "createdAt", i.expires_at as "expiresAt",
  i.accepted_at as "acceptedAt", i.revoked_at as "revokedAt"`;

const toDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const fixInvite = (r: InviteRow): InviteRow => ({
  ...r,
  createdAt: toDate(r.createdAt),
  expiresAt: toDate(r.expiresAt),
  acceptedAt: r.acceptedAt ? toDate(r.acceptedAt) : null,
  revokedAt: r.revokedAt ? toDate(r.revokedAt) : null,
});

/** Workspaces, their members and invites. */
export function createWorkspacesRepository(db: Db) {
  return {
    async membershipOf(userId: string): Promise<MembershipRow | undefined> {
      const [row] = rowsOf<MembershipRow>(
        await db.execute(sql`
          select m.workspace_id as "workspaceId", w.name as "workspaceName", m.role,
                 w.created_at as "createdAt"
          from workspace_members m join workspaces w on w.id = m.workspace_id
          where m.user_id = ${userId}`),
      );
      return row && { ...row, createdAt: toDate(row.createdAt) };
    },

    /** Creates the workspace with its owner as first member; null when the user already has one. */
    async create(ownerId: string, name: string): Promise<string | null> {
      try {
        const [row] = rowsOf<{ id: string }>(
          await db.execute(sql`
            with w as (insert into workspaces (name, owner_id) values (${name}, ${ownerId}) returning id)
            insert into workspace_members (workspace_id, user_id, role)
            select w.id, ${ownerId}, 'owner' from w returning workspace_id as id`),
        );
        return row?.id ?? null;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    async members(workspaceId: string): Promise<MemberRow[]> {
      const rows = rowsOf<MemberRow>(
        await db.execute(sql`
          select m.user_id as "userId", u.name, u.email, m.role, m.joined_at as "joinedAt"
          from workspace_members m join users u on u.id = m.user_id
          where m.workspace_id = ${workspaceId}
          order by case m.role when 'owner' then 0 when 'admin' then 1 else 2 end, m.joined_at, u.email`),
      );
      return rows.map((r) => ({ ...r, joinedAt: toDate(r.joinedAt) }));
    },

    /** Questions counted this month per member (period key "2026-11"). */
    async questionsThisMonth(workspaceId: string, periodKey: string): Promise<Map<string, number>> {
      const rows = rowsOf<{ userId: string; used: number }>(
        await db.execute(sql`
          select m.user_id as "userId", coalesce(q.used, 0) as used
          from workspace_members m
          left join question_usage q on q.user_id = m.user_id and q.period_key = ${periodKey}
          where m.workspace_id = ${workspaceId}`),
      );
      return new Map(rows.map((r) => [r.userId, Number(r.used)]));
    },

    async invite(input: {
      workspaceId: string;
      email: string;
      role: InviteRole;
      invitedBy: string;
      expiresAt: Date;
    }): Promise<InviteRow> {
      // A new invite to the same e-mail replaces the pending one.
      await db.execute(sql`
        update workspace_invites set revoked_at = now()
        where workspace_id = ${input.workspaceId} and email = ${input.email}
          and accepted_at is null and revoked_at is null`);
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`
          insert into workspace_invites (workspace_id, email, role, invited_by, expires_at)
          values (${input.workspaceId}, ${input.email}, ${input.role}, ${input.invitedBy},
                  ${input.expiresAt.toISOString()})
          returning id`),
      );
      return (await this.findInvite(row!.id))!;
    },

    async findInvite(id: string): Promise<InviteRow | undefined> {
      const [row] = rowsOf<InviteRow>(
        await db.execute(sql`
          select ${inviteColumns} from workspace_invites i join workspaces w on w.id = i.workspace_id
          where i.id = ${id}`),
      );
      return row && fixInvite(row);
    },

    /** Pending invites (not accepted, revoked or expired) of a workspace or to an e-mail. */
    async pendingInvites(
      filter: { workspaceId: string } | { email: string },
    ): Promise<InviteRow[]> {
      const where =
        'workspaceId' in filter
          ? sql`i.workspace_id = ${filter.workspaceId}`
          : sql`i.email = ${filter.email}`;
      const rows = rowsOf<InviteRow>(
        await db.execute(sql`
          select ${inviteColumns} from workspace_invites i join workspaces w on w.id = i.workspace_id
          where ${where} and i.accepted_at is null and i.revoked_at is null and i.expires_at > now()
          order by i.created_at desc limit 200`),
      );
      return rows.map(fixInvite);
    },

    async revokeInvite(workspaceId: string, id: string): Promise<boolean> {
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`
          update workspace_invites set revoked_at = now()
          where id = ${id} and workspace_id = ${workspaceId} and accepted_at is null
            and revoked_at is null
          returning id`),
      );
      return rows.length > 0;
    },

    /**
     * Accepts a pending invite addressed to `email` in one statement: the invite is marked and the
     * member added together. 'gone' when it is no longer pending, 'member' when the user already
     * belongs to a workspace.
     */
    async accept(
      id: string,
      userId: string,
      email: string,
    ): Promise<'ok' | 'gone' | 'member' | 'missing'> {
      const invite = await this.findInvite(id);
      if (!invite || invite.email !== email) return 'missing';
      try {
        const rows = rowsOf<{ id: string }>(
          await db.execute(sql`
            with i as (
              update workspace_invites set accepted_at = now()
              where id = ${id} and email = ${email} and accepted_at is null and revoked_at is null
                and expires_at > now()
              returning workspace_id, role)
            insert into workspace_members (workspace_id, user_id, role)
            select workspace_id, ${userId}, role from i returning workspace_id as id`),
        );
        return rows.length > 0 ? 'ok' : 'gone';
      } catch (error) {
        if (isUniqueViolation(error)) return 'member';
        throw error;
      }
    },

    /** Removes a member and their place in every room of the workspace, in one transaction. */
    async removeMember(workspaceId: string, userId: string): Promise<string[]> {
      const rows = rowsOf<{ roomId: string }>(
        await db.execute(sql`
          with m as (
            delete from workspace_members
            where workspace_id = ${workspaceId} and user_id = ${userId} and role <> 'owner'
            returning user_id)
          delete from room_members rm using rooms r, m
          where rm.room_id = r.id and r.workspace_id = ${workspaceId} and rm.user_id = m.user_id
          returning rm.room_id as "roomId"`),
      );
      return rows.map((r) => r.roomId);
    },

    async setRole(workspaceId: string, userId: string, role: InviteRole): Promise<boolean> {
      const rows = rowsOf<{ userId: string }>(
        await db.execute(sql`
          update workspace_members set role = ${role}
          where workspace_id = ${workspaceId} and user_id = ${userId} and role <> 'owner'
          returning user_id as "userId"`),
      );
      return rows.length > 0;
    },

    async isMember(workspaceId: string, userId: string): Promise<boolean> {
      const rows = rowsOf<{ one: number }>(
        await db.execute(sql`
          select 1 as one from workspace_members
          where workspace_id = ${workspaceId} and user_id = ${userId}`),
      );
      return rows.length > 0;
    },
  };
}

export type WorkspacesRepository = ReturnType<typeof createWorkspacesRepository>;

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export interface SharedProjectRow {
  id: string;
  name: string;
  description: string;
  ownerId: string;
  ownerName: string;
  sharedAt: Date;
}

/** Projects shared with a workspace. */
export function createProjectSharesRepository(db: Db) {
  return {
    /** Shares a project of `userId` with their workspace; false when the project is not theirs. */
    async share(workspaceId: string, userId: string, projectId: string): Promise<boolean> {
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`
          insert into project_shares (project_id, workspace_id)
          select p.id, ${workspaceId} from projects p where p.id = ${projectId} and p.user_id = ${userId}
          on conflict (project_id) do update set workspace_id = excluded.workspace_id
          returning project_id as id`),
      );
      return rows.length > 0;
    },

    async unshare(workspaceId: string, projectId: string, byOwnerOnly?: string): Promise<boolean> {
      const owner = byOwnerOnly
        ? sql`and exists (select 1 from projects p where p.id = s.project_id and p.user_id = ${byOwnerOnly})`
        : sql``;
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`
          delete from project_shares s
          where s.project_id = ${projectId} and s.workspace_id = ${workspaceId} ${owner}
          returning s.project_id as id`),
      );
      return rows.length > 0;
    },

    /** Shared projects whose owner is still a member, newest share first. */
    async list(workspaceId: string): Promise<SharedProjectRow[]> {
      const rows = rowsOf<SharedProjectRow>(
        await db.execute(sql`
          select p.id, p.name, p.description, p.user_id as "ownerId", u.name as "ownerName",
                 s.shared_at as "sharedAt"
          from project_shares s
          join projects p on p.id = s.project_id
          join users u on u.id = p.user_id
          join workspace_members m on m.workspace_id = s.workspace_id and m.user_id = p.user_id
          where s.workspace_id = ${workspaceId}
          order by s.shared_at desc limit 200`),
      );
      return rows.map((r) => ({ ...r, sharedAt: toDate(r.sharedAt) }));
    },
  };
}

export type ProjectSharesRepository = ReturnType<typeof createProjectSharesRepository>;
