import type { Project } from '@normas/contracts/projects';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { makeChat, makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const CHATS = 'GET /api/v1/regulation/chats?onlyWithoutProject=true';
const PROJECTS = 'GET /api/v1/regulation/projects';
const CREATE_PROJECT = 'POST /api/v1/regulation/projects';
const PRO = makeUser({ plan: 'pro' });

function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    id: '7d0c1c5e-5b8a-4b1e-9a51-3f1f0f1a2b3c',
    name: 'Obra Centro',
    description: 'Edifício comercial de 12 pavimentos',
    createdAt: '2026-01-05T12:00:00.000Z',
    chats: [],
    ...overrides,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('/projects', () => {
  it('lists the independent chats as cards with the title rules and the date', async () => {
    const api = installFakeApi();
    api.on(CHATS, {
      body: {
        data: [
          makeChat({
            id: 'c1',
            chatKey: 'k1',
            title: 'Chat: Guarda-corpo',
            updatedAt: '2026-02-03T15:00:00.000Z',
          }),
          makeChat({
            id: 'c2',
            chatKey: 'k2',
            title: null,
            initialQuestion: 'Extintores?',
            updatedAt: '2026-02-01T15:00:00.000Z',
          }),
          makeChat({
            id: 'c3',
            chatKey: 'k3',
            title: null,
            initialQuestion: null,
            updatedAt: '2026-01-31T15:00:00.000Z',
          }),
        ],
      },
    });
    api.on(PROJECTS, { body: { data: [] } });
    renderApp('/projects', { api, storedUser: PRO });

    expect(
      screen.getByRole('heading', { level: 1, name: 'Chats Independentes' }),
    ).toBeInTheDocument();
    const cards = await within(screen.getByRole('main')).findAllByRole('link');
    expect(cards.map((card) => [card.textContent, card.getAttribute('href')])).toEqual([
      ['Guarda-corpo03/02/2026', '/chat/k1'],
      ['Extintores?01/02/2026', '/chat/k2'],
      ['Chat sem título31/01/2026', '/chat/k3'],
    ]);
    // The drawer and the page show the same list from one request (spec §7: de-duplicated, cached).
    expect(api.requestsTo(CHATS)).toHaveLength(1);
  });

  it('has the projects section and "Novo projeto" in the page, hidden by style', async () => {
    const api = installFakeApi();
    api.on(PROJECTS, { body: { data: [makeProject()] } });
    renderApp('/projects', { api, storedUser: PRO });

    const section = screen.getByTestId('projects-section');
    expect(section).toHaveStyle({ display: 'none' });
    expect(section).not.toBeVisible();
    expect(
      within(section).getByRole('button', { name: 'Novo projeto', hidden: true }),
    ).not.toBeVisible();
    expect(
      await within(section).findByRole('link', { name: /Obra Centro/, hidden: true }),
    ).toHaveAttribute('href', '/projects/7d0c1c5e-5b8a-4b1e-9a51-3f1f0f1a2b3c');
    expect(screen.queryByRole('button', { name: 'Novo projeto' })).not.toBeInTheDocument();
  });

  it('shows the empty text, and the error texts of both lists', async () => {
    const api = installFakeApi();
    api.on(CHATS, { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Erro.' } });
    api.on(PROJECTS, { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Erro.' } });
    renderApp('/projects', { api, storedUser: PRO });

    expect(
      await within(screen.getByRole('main')).findByText(
        'Não foi possível carregar os chats independentes. Tente novamente mais tarde.',
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByTestId('projects-section')).getByText(
        'Não foi possível carregar os projetos. Tente novamente mais tarde.',
      ),
    ).toBeInTheDocument();
  });

  it('says there are no independent chats yet', async () => {
    renderApp('/projects', { storedUser: PRO });

    expect(
      await within(screen.getByRole('main')).findByText('Ainda não há chats independentes'),
    ).toBeInTheDocument();
  });

  it('reloads both lists on "Atualizar"', async () => {
    const api = installFakeApi();
    api.on(PROJECTS, { body: { data: [] } });
    const { user } = renderApp('/projects', { api, storedUser: PRO });
    await within(screen.getByRole('main')).findByText('Ainda não há chats independentes');
    api.on(CHATS, { body: { data: [makeChat({ title: 'Chat: Nova conversa' })] } });

    await user.click(screen.getByRole('button', { name: 'Atualizar' }));

    expect(
      await within(screen.getByRole('main')).findByRole('link', { name: /Nova conversa/ }),
    ).toBeInTheDocument();
    expect(api.requestsTo(CHATS)).toHaveLength(2);
    expect(api.requestsTo(PROJECTS)).toHaveLength(2);
  });

  it('keeps projects and independent chats for 10 s, then asks again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = installFakeApi();
    api.on(PROJECTS, { body: { data: [] } });
    const { router } = renderApp('/projects', { api, storedUser: PRO });
    await within(screen.getByRole('main')).findByText('Ainda não há chats independentes');

    await act(() => router.navigate('/profile'));
    await act(() => router.navigate('/projects'));
    expect(api.requestsTo(PROJECTS)).toHaveLength(1);
    expect(api.requestsTo(CHATS)).toHaveLength(1);

    act(() => vi.advanceTimersByTime(10_001));
    await act(() => router.navigate('/profile'));
    await act(() => router.navigate('/projects'));
    await waitFor(() => expect(api.requestsTo(PROJECTS)).toHaveLength(2));
    expect(api.requestsTo(CHATS)).toHaveLength(2);
  });
});

describe('/projects: "Novo projeto"', () => {
  async function openNewProject() {
    const api = installFakeApi();
    api.on(PROJECTS, { body: { data: [] } });
    const view = renderApp('/projects', { api, storedUser: PRO });
    await view.user.click(screen.getByRole('button', { name: 'Novo projeto', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo projeto' });
    return { ...view, api, dialog };
  }

  it('requires a name', async () => {
    const { user, api, dialog } = await openNewProject();

    await user.type(within(dialog).getByRole('textbox', { name: 'Nome do projeto' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Criar projeto' }));

    expect(within(dialog).getByRole('alert')).toHaveTextContent('O nome do projeto é obrigatório');
    expect(api.requestsTo(CREATE_PROJECT)).toHaveLength(0);
  });

  it('creates the project with a trimmed name and opens it', async () => {
    const { user, api, dialog, router } = await openNewProject();
    const project = makeProject();
    api.on(CREATE_PROJECT, { status: 201, body: project });

    await user.type(
      within(dialog).getByRole('textbox', { name: 'Nome do projeto' }),
      '  Obra Centro ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Criar projeto' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/${project.id}`));
    expect(api.requestsTo(CREATE_PROJECT)[0]!.body).toEqual({
      name: 'Obra Centro',
      description: '',
    });
  });

  it.each([
    [
      'the server message',
      {
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'O nome do projeto pode ter no máximo 120 caracteres.',
        },
      },
      'O nome do projeto pode ter no máximo 120 caracteres.',
    ],
    ['the wrapper text when there is none', 'network-error' as const, 'Erro ao criar projeto'],
  ])('shows %s when the project cannot be created', async (_case, reply, message) => {
    const { user, api, dialog } = await openNewProject();
    api.on(CREATE_PROJECT, reply);

    await user.type(within(dialog).getByRole('textbox', { name: 'Nome do projeto' }), 'Obra');
    await user.click(within(dialog).getByRole('button', { name: 'Criar projeto' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(new RegExp(`^${message}$`));
  });

  it('opens the early-access modal for plans without chats', async () => {
    const { user, api, dialog } = await openNewProject();
    api.on(CREATE_PROJECT, {
      status: 403,
      body: {
        code: 'PLAN_DOES_NOT_ALLOW_CHATS',
        message: 'Usuário não possui plano que permita chats',
      },
    });

    await user.type(within(dialog).getByRole('textbox', { name: 'Nome do projeto' }), 'Obra');
    await user.click(within(dialog).getByRole('button', { name: 'Criar projeto' }));

    expect(
      await screen.findByRole('dialog', { name: 'Chats em acesso antecipado' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Novo projeto' })).not.toBeInTheDocument();
  });
});
