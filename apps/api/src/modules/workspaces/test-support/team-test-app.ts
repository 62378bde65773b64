import type { PlanId } from '@normas/contracts/plans';
import type { Workspace } from '@normas/contracts/workspaces';
import type { AppContext } from '../../../context';
import { bearer, signIn } from '../../../test/sign-in';
import { createChatTestApp } from '../../chats/test-support/chat-test-app';
import { createUsersRepository } from '../../users/users.repository';

export type Headers = Record<string, string>;

export interface TeamUser {
  id: string;
  email: string;
  name: string;
  token: string;
  headers: Headers;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** An app over the fixture NRs with helpers to make workspaces, members and rooms. */
export async function createTeamTestApp(
  options: { realEngines?: boolean; overrides?: Partial<AppContext> } = {},
) {
  const t = await createChatTestApp(options);
  let count = 0;

  async function person(plan: PlanId = 'free'): Promise<TeamUser> {
    const n = ++count;
    const email = `team${n}-${plan}@example.com`;
    const name = `Pessoa ${n}`;
    const login = await signIn(t.app, { email, name });
    if (plan !== 'free') await createUsersRepository(t.database.db).setPlanByEmail(email, plan);
    return { id: login.user.id, email, name, token: login.token, headers: bearer(login.token) };
  }

  const call = (method: Method, url: string, u: TeamUser | null, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: u?.headers ?? {},
      payload: payload as object | undefined,
    });

  async function ok<T>(method: Method, url: string, u: TeamUser, payload?: unknown): Promise<T> {
    const res = await call(method, url, u, payload);
    if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode}: ${res.body}`);
    return (res.body ? res.json() : undefined) as T;
  }

  /** A Business owner with a workspace and `members` people who accepted invites. */
  async function team(
    members = 1,
  ): Promise<{ owner: TeamUser; people: TeamUser[]; workspace: Workspace }> {
    const owner = await person('business');
    await ok('POST', '/workspace', owner, { name: `Equipe ${count}` });
    const people: TeamUser[] = [];
    for (let i = 0; i < members; i++) people.push(await join(owner, await person('free')));
    return { owner, people, workspace: await ok<Workspace>('GET', '/workspace', owner) };
  }

  async function join(inviter: TeamUser, u: TeamUser, role: 'member' | 'admin' = 'member') {
    const invite = await ok<{ id: string }>('POST', '/workspace/invites', inviter, {
      email: u.email,
      role,
    });
    await ok('POST', `/workspace/invites/${invite.id}/accept`, u);
    return u;
  }

  return { ...t, person, call, ok, team, join };
}

export type TeamTestApp = Awaited<ReturnType<typeof createTeamTestApp>>;
