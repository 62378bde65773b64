import { ProjectSchema } from '@normas/contracts/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatTestApp, type ChatTestApp } from '../chats/test-support/chat-test-app';

let t: ChatTestApp;
beforeAll(async () => {
  t = await createChatTestApp();
});
afterAll(async () => t.close());

describe('POST /regulation/projects', () => {
  it('creates a project with a trimmed name and description and no chats', async () => {
    const u = await t.user('pro');
    const res = await t.inject('POST', '/regulation/projects', u.headers, {
      name: '  Obra Centro  ',
      description: '  Prédio de 12 andares ',
    });
    expect(res.statusCode).toBe(201);
    const project = ProjectSchema.parse(res.json());
    expect(project).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Obra Centro',
      description: 'Prédio de 12 andares',
      createdAt: project.createdAt,
      chats: [],
    });
  });

  it.each([{}, { description: null }])('makes the description optional (%j)', async (extra) => {
    const u = await t.user('business');
    const res = await t.inject('POST', '/regulation/projects', u.headers, {
      name: 'Galpão',
      ...extra,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().description).toBe('');
  });

  it.each([
    [{}, 'O nome do projeto é obrigatório'],
    [{ name: '   ' }, 'O nome do projeto é obrigatório'],
    [{ name: null }, 'O nome do projeto é obrigatório'],
    [{ name: 'a'.repeat(121) }, 'O nome do projeto pode ter no máximo 120 caracteres.'],
    [{ name: 'Obra', description: 5 }, 'A descrição do projeto deve ser um texto.'],
  ])('refuses %j with a pt-BR 400', async (payload, message) => {
    const u = await t.user('pro');
    const res = await t.inject('POST', '/regulation/projects', u.headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });

  it('refuses a Free user with the early-access 403 and creates nothing', async () => {
    const u = await t.user('free');
    const res = await t.inject('POST', '/regulation/projects', u.headers, { name: 'Obra' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'PLAN_DOES_NOT_ALLOW_CHATS',
      message: 'Usuário não possui plano que permita chats',
    });
    expect((await t.inject('GET', '/regulation/projects', u.headers)).json()).toEqual({ data: [] });
  });
});

describe('GET /regulation/projects and /regulation/projects/{id}', () => {
  it("lists the user's projects newest first, each with its own chats", async () => {
    const u = await t.user('pro');
    const first = (
      await t.inject('POST', '/regulation/projects', u.headers, { name: 'Primeiro' })
    ).json();
    const second = (
      await t.inject('POST', '/regulation/projects', u.headers, { name: 'Segundo' })
    ).json();
    const a = await t.createChat(u, { title: 'A', projectId: first.id });
    const b = await t.createChat(u, { title: 'B', projectId: first.id });
    await t.createChat(u, { title: 'Independente', projectId: '' });
    const list = await t.inject('GET', '/regulation/projects', u.headers);
    expect(list.statusCode).toBe(200);
    const data = list.json().data as { id: string; name: string; chats: { id: string }[] }[];
    expect(data.map((p) => [p.name, p.chats.map((c) => c.id)])).toEqual([
      ['Segundo', []],
      ['Primeiro', [b.id, a.id]],
    ]);
    const one = await t.inject('GET', `/regulation/projects/${first.id}`, u.headers);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(data[1]);
    expect(
      (await t.inject('GET', `/regulation/projects/${second.id}`, u.headers)).json().chats,
    ).toEqual([]);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const u = await t.user('pro');
    const bad = await t.inject('GET', '/regulation/projects/123', u.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Identificador de projeto inválido.',
    });
    const unknown = await t.inject(
      'GET',
      '/regulation/projects/00000000-0000-4000-8000-000000000000',
      u.headers,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: 'PROJECT_NOT_FOUND',
      message: 'Projeto não encontrado.',
    });
    const chats = await t.inject(
      'GET',
      '/regulation/chats?projectId=00000000-0000-4000-8000-000000000000',
      u.headers,
    );
    expect(chats.statusCode).toBe(404);
  });

  it('lets a Free user read the (empty) list', async () => {
    const u = await t.user('free');
    const res = await t.inject('GET', '/regulation/projects', u.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });
});
