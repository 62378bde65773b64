import {
  WorkspaceSchema,
  type Invite,
  type SharedProject,
  type Workspace,
} from '@normas/contracts/workspaces';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamTestApp, type TeamTestApp } from './test-support/team-test-app';

let t: TeamTestApp;
beforeAll(async () => {
  t = await createTeamTestApp();
});
afterAll(async () => t.close());

describe('POST /workspace', () => {
  it('lets a Business user create one workspace, as its owner', async () => {
    const owner = await t.person('business');
    const res = await t.call('POST', '/workspace', owner, { name: '  Segurança Acme  ' });
    expect(res.statusCode).toBe(201);
    const ws = WorkspaceSchema.parse(res.json());
    expect(ws).toMatchObject({ name: 'Segurança Acme', role: 'owner' });
    expect(ws.members).toEqual([
      {
        userId: owner.id,
        name: owner.name,
        email: owner.email,
        role: 'owner',
        joinedAt: expect.any(String),
        questionsThisMonth: 0,
      },
    ]);
    const again = await t.call('POST', '/workspace', owner, { name: 'Outra' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'WORKSPACE_EXISTS' });
  });

  it('refuses Free and Pro users, and an empty name, in pt-BR', async () => {
    for (const plan of ['free', 'pro'] as const) {
      const res = await t.call('POST', '/workspace', await t.person(plan), { name: 'X' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'WORKSPACE_REQUIRES_BUSINESS',
        message: 'Criar uma equipe é um recurso do plano Business.',
      });
    }
    const res = await t.call('POST', '/workspace', await t.person('business'), { name: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Dê um nome à equipe.');
  });

  it('answers 404 to someone outside any workspace, and 401 without a session', async () => {
    expect((await t.call('GET', '/workspace', await t.person())).statusCode).toBe(404);
    expect((await t.call('GET', '/workspace', null)).statusCode).toBe(401);
  });
});

describe('invites', () => {
  it('an invited person sees the invite under their e-mail, accepts it and becomes a member', async () => {
    const { owner } = await t.team(0);
    const colleague = await t.person('free');
    const invite = await t.ok<Invite>('POST', '/workspace/invites', owner, {
      email: colleague.email.toUpperCase(),
      role: 'admin',
    });
    expect(invite).toMatchObject({ email: colleague.email, role: 'admin' });
    const days = (Date.parse(invite.expiresAt) - Date.parse(invite.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    const outsider = await t.person('business');
    expect(
      (await t.ok<{ data: Invite[] }>('GET', '/workspace/invites/mine', outsider)).data,
    ).toEqual([]);
    const accept = await t.call('POST', `/workspace/invites/${invite.id}/accept`, outsider);
    expect(accept.statusCode).toBe(404);

    const mine = await t.ok<{ data: Invite[] }>('GET', '/workspace/invites/mine', colleague);
    expect(mine.data.map((i) => i.id)).toEqual([invite.id]);
    const ws = await t.ok<Workspace>('POST', `/workspace/invites/${invite.id}/accept`, colleague);
    expect(ws.role).toBe('admin');
    expect(ws.members.map((m) => m.email)).toEqual([owner.email, colleague.email]);
    // Accepted once: it is no longer pending.
    const twice = await t.call('POST', `/workspace/invites/${invite.id}/accept`, colleague);
    expect(twice.statusCode).toBe(410);
  });

  it('revoked and expired invites cannot be accepted', async () => {
    const { owner } = await t.team(0);
    const a = await t.person();
    const b = await t.person();
    const ia = await t.ok<Invite>('POST', '/workspace/invites', owner, { email: a.email });
    expect((await t.ok<{ data: Invite[] }>('GET', '/workspace/invites', owner)).data).toHaveLength(
      1,
    );
    expect((await t.call('DELETE', `/workspace/invites/${ia.id}`, owner)).statusCode).toBe(204);
    const ra = await t.call('POST', `/workspace/invites/${ia.id}/accept`, a);
    expect(ra.statusCode).toBe(410);
    expect(ra.json().message).toBe('Este convite expirou ou foi cancelado. Peça um novo convite.');

    const ib = await t.ok<Invite>('POST', '/workspace/invites', owner, { email: b.email });
    await t.database.db.execute(
      sql`update workspace_invites set expires_at = now() - interval '1 minute' where id = ${ib.id}`,
    );
    expect((await t.ok<{ data: Invite[] }>('GET', '/workspace/invites/mine', b)).data).toEqual([]);
    expect((await t.call('POST', `/workspace/invites/${ib.id}/accept`, b)).statusCode).toBe(410);
  });

  it('only owners and admins invite; bad e-mails are 400', async () => {
    const { owner, people } = await t.team(1);
    const res = await t.call('POST', '/workspace/invites', people[0]!, { email: 'x@example.com' });
    expect(res.statusCode).toBe(403);
    const bad = await t.call('POST', '/workspace/invites', owner, { email: 'não é e-mail' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Informe um e-mail válido.');
  });

  it('someone already in a workspace cannot join another', async () => {
    const first = await t.team(1);
    const second = await t.team(0);
    const invite = await t.ok<Invite>('POST', '/workspace/invites', second.owner, {
      email: first.people[0]!.email,
    });
    const res = await t.call('POST', `/workspace/invites/${invite.id}/accept`, first.people[0]!);
    expect(res.statusCode).toBe(409);
  });
});

describe('members', () => {
  it('another workspace is invisible: each sees only its own members', async () => {
    const a = await t.team(1);
    const b = await t.team(1);
    const seenByA = await t.ok<Workspace>('GET', '/workspace', a.people[0]!);
    expect(seenByA.id).toBe(a.workspace.id);
    expect(seenByA.members.map((m) => m.userId)).not.toContain(b.owner.id);
    // A member does not see the questions counts; removing someone of another workspace is 404.
    expect(seenByA.members.every((m) => m.questionsThisMonth === null)).toBe(true);
    const res = await t.call('DELETE', `/workspace/members/${b.people[0]!.id}`, a.owner);
    expect(res.statusCode).toBe(404);
  });

  it('a member has the Business rights while in the workspace, and loses them when removed', async () => {
    const { owner, people } = await t.team(1);
    const member = people[0]!;
    // The app is told the plan the member uses, so it offers chats instead of the Pro plan.
    expect((await t.ok<{ plan: string }>('GET', '/auth/me', member)).plan).toBe('business');
    // A Free user may not create chats; as a member they may.
    const created = await t.call('POST', '/regulation/chat/create', member, { title: 'Dúvidas' });
    expect(created.statusCode).toBe(201);
    for (let i = 0; i < 4; i++) {
      const q = await t.call('POST', '/regulation/question', member, {
        question: 'O que é trabalho em altura?',
      });
      expect(q.statusCode).toBe(200);
    }
    const ws = await t.ok<Workspace>('GET', '/workspace', owner);
    expect(ws.members.find((m) => m.userId === member.id)!.questionsThisMonth).toBe(4);

    expect((await t.call('DELETE', `/workspace/members/${member.id}`, owner)).statusCode).toBe(204);
    expect((await t.call('GET', '/workspace', member)).statusCode).toBe(404);
    const after = await t.call('POST', '/regulation/chat/create', member, { title: 'De novo' });
    expect(after.statusCode).toBe(403);
    expect((await t.ok<{ plan: string }>('GET', '/auth/me', member)).plan).toBe('free');
  });

  it('the owner cannot be removed; a member cannot remove anyone', async () => {
    const { owner, people } = await t.team(2);
    expect((await t.call('DELETE', `/workspace/members/${owner.id}`, owner)).statusCode).toBe(400);
    const res = await t.call('DELETE', `/workspace/members/${people[1]!.id}`, people[0]!);
    expect(res.statusCode).toBe(403);
  });

  it('the owner changes roles', async () => {
    const { owner, people } = await t.team(1);
    const ws = await t.ok<Workspace>('PATCH', `/workspace/members/${people[0]!.id}`, owner, {
      role: 'admin',
    });
    expect(ws.members.find((m) => m.userId === people[0]!.id)!.role).toBe('admin');
  });
});

describe('projects shared with the workspace', () => {
  it('a member shares a project; every member sees it with its chats, nobody else does', async () => {
    const { owner, people } = await t.team(2);
    const [author, reader] = people as [(typeof people)[0], (typeof people)[0]];
    const project = await t.ok<{ id: string }>('POST', '/regulation/projects', author, {
      name: 'Obra Norte',
      description: 'Andaimes',
    });
    await t.ok('POST', '/regulation/chat/create', author, {
      title: 'Guarda-corpo',
      projectId: project.id,
    });
    // Only one's own project can be shared.
    expect((await t.call('PUT', `/workspace/projects/${project.id}`, reader)).statusCode).toBe(404);
    const shared = await t.ok<{ data: SharedProject[] }>(
      'PUT',
      `/workspace/projects/${project.id}`,
      author,
    );
    expect(shared.data).toMatchObject([
      {
        id: project.id,
        name: 'Obra Norte',
        owner: { id: author.id, name: author.name },
        chats: [{ title: 'Guarda-corpo' }],
      },
    ]);
    for (const u of [owner, reader]) {
      const seen = await t.ok<{ data: SharedProject[] }>('GET', '/workspace/projects', u);
      expect(seen.data.map((p) => p.id)).toEqual([project.id]);
    }
    const other = await t.team(0);
    expect(
      (await t.ok<{ data: SharedProject[] }>('GET', '/workspace/projects', other.owner)).data,
    ).toEqual([]);
    expect((await t.call('GET', '/workspace/projects', await t.person('pro'))).statusCode).toBe(
      404,
    );

    // A reader cannot unshare it; the author can. A removed author's shares disappear.
    expect((await t.call('DELETE', `/workspace/projects/${project.id}`, reader)).statusCode).toBe(
      404,
    );
    await t.ok('DELETE', `/workspace/projects/${project.id}`, author);
    expect(
      (await t.ok<{ data: SharedProject[] }>('GET', '/workspace/projects', reader)).data,
    ).toEqual([]);
    await t.ok('PUT', `/workspace/projects/${project.id}`, author);
    await t.ok('DELETE', `/workspace/members/${author.id}`, owner);
    expect(
      (await t.ok<{ data: SharedProject[] }>('GET', '/workspace/projects', reader)).data,
    ).toEqual([]);
  });
});
