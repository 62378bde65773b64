import type { Project } from '@normas/contracts/projects';
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { makeChat, makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const ID = '7d0c1c5e-5b8a-4b1e-9a51-3f1f0f1a2b3c';
const PROJECT = `GET /api/v1/regulation/projects/${ID}`;
const PROJECT_CHATS = `GET /api/v1/regulation/chats?projectId=${ID}`;
const CREATE = 'POST /api/v1/regulation/chat/create';
const PRO = makeUser({ plan: 'pro' });

const project: Project = {
  id: ID,
  name: 'Obra Centro',
  description: 'Edifício comercial de 12 pavimentos',
  createdAt: '2026-01-05T12:00:00.000Z',
  chats: [],
};

const PROJECTS = 'GET /api/v1/regulation/projects';

function setup() {
  const api = installFakeApi();
  api.on(PROJECTS, { body: { data: [project] } });
  api.on(PROJECT, { body: project });
  api.on(PROJECT_CHATS, {
    body: {
      data: [
        makeChat({
          id: 'c1',
          chatKey: 'k1',
          projectId: ID,
          title: 'Chat: Fundações',
          updatedAt: '2026-02-03T15:00:00.000Z',
        }),
      ],
    },
  });
  const view = renderApp(`/projects/${ID}`, { api, storedUser: PRO });
  return { ...view, api };
}

async function openNewChat(view: ReturnType<typeof setup>) {
  await view.user.click(await screen.findByRole('button', { name: 'Novo chat' }));
  return screen.findByRole('dialog', { name: 'Novo chat' });
}

describe('/projects/{id}', () => {
  it("shows the project's name, description and chats", async () => {
    setup();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Obra Centro' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Edifício comercial de 12 pavimentos')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Chats do projeto' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([['Fundações03/02/2026', '/chat/k1']]);
  });

  it("says so when the project's chats cannot load", async () => {
    const api = installFakeApi();
    api.on(PROJECT, { body: project });
    api.on(PROJECT_CHATS, { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Erro.' } });
    renderApp(`/projects/${ID}`, { api, storedUser: PRO });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar os chats deste projeto.',
    );
  });

  it('reloads on "Atualizar"', async () => {
    const { user, api } = setup();
    await screen.findByRole('list', { name: 'Chats do projeto' });
    api.on(PROJECT_CHATS, { body: { data: [] } });

    await user.click(screen.getByRole('button', { name: 'Atualizar' }));

    expect(await screen.findByText('Ainda não há chats neste projeto.')).toBeInTheDocument();
    expect(api.requestsTo(PROJECT_CHATS)).toHaveLength(2);
    expect(api.requestsTo(PROJECT)).toHaveLength(2);
  });

  it('sends an id that is not one back to /projects without asking the server', async () => {
    const api = installFakeApi();
    const { router } = renderApp('/projects/nao-existe', { api, storedUser: PRO });

    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Chats Independentes' }),
    ).toBeInTheDocument();
    expect(api.requests.filter((r) => r.path.includes('nao-existe'))).toEqual([]);
  });

  it("sends a project that is not among the user's back to /projects without a failing request", async () => {
    const api = installFakeApi();
    const other = '0b7e4f5a-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
    api.on(PROJECTS, { body: { data: [project] } });
    const { router } = renderApp(`/projects/${other}`, { api, storedUser: PRO });

    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    // The list is asked for once more, in case the project is newer than the cached list.
    expect(api.requestsTo(PROJECTS).length).toBeGreaterThanOrEqual(2);
    expect(api.requests.filter((r) => r.path.includes(other))).toEqual([]);
  });

  it('lets the project answer decide when the list cannot be loaded', async () => {
    const api = installFakeApi();
    api.on(PROJECTS, { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Erro.' } });
    api.on(PROJECT, {
      status: 404,
      body: { code: 'PROJECT_NOT_FOUND', message: 'Projeto não encontrado.' },
    });
    api.on(PROJECT_CHATS, {
      status: 404,
      body: { code: 'PROJECT_NOT_FOUND', message: 'Projeto não encontrado.' },
    });
    const { router } = renderApp(`/projects/${ID}`, { api, storedUser: PRO });

    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
  });

  it('has an options menu whose entries only close it', async () => {
    const { user, router } = setup();
    const button = await screen.findByRole('button', { name: 'Opções do projeto' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    const menu = screen.getByRole('menu', { name: 'Opções do projeto' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Editar Projeto', 'Compartilhar', 'Excluir']);

    await user.click(within(menu).getByRole('menuitem', { name: 'Excluir' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/projects/${ID}`);

    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});

describe('/projects/{id}: "Novo chat"', () => {
  it('keeps "Criar chat" disabled until a title that is not blank is typed', async () => {
    const view = setup();
    const dialog = await openNewChat(view);
    const create = within(dialog).getByRole('button', { name: 'Criar chat' });
    expect(create).toBeDisabled();

    await view.user.type(within(dialog).getByRole('textbox', { name: 'Título do chat' }), '   ');
    expect(create).toBeDisabled();
    await view.user.keyboard('{Enter}');
    expect(view.api.requestsTo(CREATE)).toHaveLength(0);

    await view.user.type(within(dialog).getByRole('textbox', { name: 'Título do chat' }), 'x');
    expect(create).toBeEnabled();
  });

  it('creates the chat in the project with a trimmed title and opens it', async () => {
    const view = setup();
    const chat = makeChat({ id: 'c2', chatKey: 'k2', projectId: ID, title: 'Estrutura' });
    view.api.on(CREATE, { status: 201, body: chat });
    const dialog = await openNewChat(view);

    await view.user.type(
      within(dialog).getByRole('textbox', { name: 'Título do chat' }),
      '  Estrutura  ',
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Criar chat' }));

    await waitFor(() => expect(view.router.state.location.pathname).toBe('/chat/k2'));
    expect(view.router.state.location.state).toEqual({ chat });
    expect(view.api.requestsTo(CREATE)[0]!.body).toEqual({ title: 'Estrutura', projectId: ID });
  });

  it.each([
    [
      'the server message',
      { status: 404, body: { code: 'PROJECT_NOT_FOUND', message: 'Projeto não encontrado.' } },
      'Projeto não encontrado.',
    ],
    ['the wrapper text when there is none', 'network-error' as const, 'Erro ao criar chat'],
  ])('shows %s when the chat cannot be created', async (_case, reply, message) => {
    const view = setup();
    view.api.on(CREATE, reply);
    const dialog = await openNewChat(view);

    await view.user.type(
      within(dialog).getByRole('textbox', { name: 'Título do chat' }),
      'Estrutura',
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Criar chat' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(new RegExp(`^${message}$`));
  });

  it('opens the early-access modal for plans without chats', async () => {
    const view = setup();
    view.api.on(CREATE, {
      status: 403,
      body: {
        code: 'PLAN_DOES_NOT_ALLOW_CHATS',
        message: 'Usuário não possui plano que permita chats',
      },
    });
    const dialog = await openNewChat(view);

    await view.user.type(
      within(dialog).getByRole('textbox', { name: 'Título do chat' }),
      'Estrutura',
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Criar chat' }));

    expect(
      await screen.findByRole('dialog', { name: 'Chats em acesso antecipado' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Novo chat' })).not.toBeInTheDocument();
  });
});

describe('/projects/{id}: accessibility (axe-core, rules that work without layout)', () => {
  it('has no violations with the options menu open and with the "Novo chat" modal open', async () => {
    document.documentElement.lang = 'pt-BR';
    const options: axe.RunOptions = { rules: { 'color-contrast': { enabled: false } } };
    const view = setup();
    await screen.findByRole('list', { name: 'Chats do projeto' });

    await view.user.click(screen.getByRole('button', { name: 'Opções do projeto' }));
    expect((await axe.run(document, options)).violations.map((violation) => violation.id)).toEqual(
      [],
    );
    await view.user.keyboard('{Escape}');

    await openNewChat(view);
    expect((await axe.run(document, options)).violations.map((violation) => violation.id)).toEqual(
      [],
    );
  });
});
