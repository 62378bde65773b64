import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { makeChat, makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { resizeViewport, setViewportWidth } from '../../test/viewport';

const CHATS = 'GET /api/v1/regulation/chats?onlyWithoutProject=true';
const DRAWER = { name: 'Menu principal' };

function chatList() {
  return screen.getByRole('list', { name: 'Chats Independentes' });
}

describe('signed-in layout', () => {
  it('opens the drawer by default above 768 px, with the toggle labelled to close it', async () => {
    setViewportWidth(1024);
    renderApp('/chat', { storedUser: makeUser() });

    const toggle = screen.getByRole('button', { name: 'Fechar menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', DRAWER)).toBeInTheDocument();
    expect(screen.queryByTestId('drawer-overlay')).not.toBeInTheDocument();

    await act(() => toggle.click());
    expect(screen.getByRole('button', { name: 'Abrir menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.queryByRole('navigation', DRAWER)).not.toBeInTheDocument();
  });

  it('keeps the drawer closed by default at 768 px; the overlay closes it again', async () => {
    setViewportWidth(768);
    const { user } = renderApp('/chat', { storedUser: makeUser() });

    const toggle = screen.getByRole('button', { name: 'Abrir menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', DRAWER)).not.toBeInTheDocument();
    expect(screen.queryByTestId('drawer-overlay')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Fechar menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('navigation', DRAWER)).toBeInTheDocument();

    await user.click(screen.getByTestId('drawer-overlay'));
    expect(screen.getByRole('button', { name: 'Abrir menu' })).toBeInTheDocument();
    expect(screen.queryByTestId('drawer-overlay')).not.toBeInTheDocument();
  });

  it('closes the drawer on Escape on mobile', async () => {
    setViewportWidth(375);
    const { user } = renderApp('/chat', { storedUser: makeUser() });

    await user.click(screen.getByRole('button', { name: 'Abrir menu' }));
    await user.keyboard('{Escape}');

    expect(screen.getByRole('button', { name: 'Abrir menu' })).toBeInTheDocument();
  });

  it('follows the window across the breakpoint', async () => {
    setViewportWidth(1024);
    renderApp('/chat', { storedUser: makeUser() });
    expect(screen.getByRole('button', { name: 'Fechar menu' })).toBeInTheDocument();

    act(() => resizeViewport(600));
    expect(screen.getByRole('button', { name: 'Abrir menu' })).toBeInTheDocument();

    act(() => resizeViewport(1280));
    expect(screen.getByRole('button', { name: 'Fechar menu' })).toBeInTheDocument();
  });

  it.each([
    ['Ver perfil', 'link', '/profile', 'Perfil'],
    ['Chat de Normas', 'link', '/chat', 'Chat de Normas'],
    ['Ver mais', 'button', '/projects', 'Chats Independentes'],
  ] as const)(
    'on mobile, "%s" navigates and closes the drawer',
    async (name, role, path, heading) => {
      setViewportWidth(400);
      const { user, router } = renderApp('/history', { storedUser: makeUser() });

      await user.click(screen.getByRole('button', { name: 'Abrir menu' }));
      await user.click(within(screen.getByRole('navigation', DRAWER)).getByRole(role, { name }));

      await waitFor(() => expect(router.state.location.pathname).toBe(path));
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Abrir menu' })).toBeInTheDocument();
    },
  );

  it('on desktop, following a link keeps the drawer open', async () => {
    const { user, router } = renderApp('/chat', { storedUser: makeUser() });

    await user.click(screen.getByRole('link', { name: 'Ver perfil' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(screen.getByRole('button', { name: 'Fechar menu' })).toBeInTheDocument();
  });

  it('shows the logo link, the highlighted "Chat de Normas" link and the user', async () => {
    renderApp('/chat', {
      storedUser: makeUser({ name: 'beatriz Reis', email: 'bia@exemplo.com.br' }),
    });
    const drawer = screen.getByRole('navigation', DRAWER);

    expect(within(drawer).getByRole('link', { name: 'Assistente de Normas' })).toHaveAttribute(
      'href',
      '/chat',
    );
    expect(within(drawer).getByRole('heading', { name: 'Painel de Normas' })).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Chat de Normas' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(drawer).getByTestId('avatar')).toHaveTextContent(/^B$/);
    expect(within(drawer).getByText('beatriz Reis')).toBeInTheDocument();
    expect(within(drawer).getByText('bia@exemplo.com.br')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Ver perfil' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('does not highlight "Chat de Normas" elsewhere', () => {
    renderApp('/faq', { storedUser: makeUser() });

    expect(screen.getByRole('link', { name: 'Chat de Normas' })).not.toHaveAttribute(
      'aria-current',
    );
  });
});

describe('independent chats in the drawer', () => {
  it('shows three placeholder rows while loading, then the titles', async () => {
    const api = installFakeApi();
    const release = api.deferred(CHATS);
    renderApp('/chat', { api, storedUser: makeUser() });

    const rows = within(chatList()).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Carregando chats...',
      'Carregando chats...',
      'Carregando chats...',
    ]);
    expect(within(chatList()).queryAllByRole('link')).toHaveLength(0);

    release({
      body: {
        data: [
          makeChat({ id: 'c1', chatKey: 'k1', title: 'Chat: Altura de guarda-corpo' }),
          makeChat({
            id: 'c2',
            chatKey: 'k2',
            title: null,
            initialQuestion: 'Qual a NR de andaimes?',
          }),
          makeChat({
            id: 'c3',
            chatKey: 'k3',
            title: 'Chat: ',
            initialQuestion: 'Extintores por área',
          }),
          makeChat({ id: 'c4', chatKey: 'k4', title: null, initialQuestion: null }),
          makeChat({ id: 'c5', chatKey: 'k5', title: 'Resumo: Chat: NR-35' }),
        ],
      },
    });

    const links = await within(chatList()).findAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Altura de guarda-corpo', '/chat/k1'],
      ['Qual a NR de andaimes?', '/chat/k2'],
      ['Extintores por área', '/chat/k3'],
      ['Chat sem título', '/chat/k4'],
      ['Resumo: Chat: NR-35', '/chat/k5'],
    ]);
    expect(api.requestsTo(CHATS)[0]?.headers.get('Authorization')).toBe('Bearer session-token');
  });

  it('shows one non-clickable row when there are no chats', async () => {
    renderApp('/chat', { storedUser: makeUser() });

    expect(
      await within(chatList()).findByText('Ainda não há chats independentes'),
    ).toBeInTheDocument();
    expect(within(chatList()).getAllByRole('listitem')).toHaveLength(1);
    expect(within(chatList()).queryAllByRole('link')).toHaveLength(0);
  });

  it('shows one non-clickable row when the list cannot load', async () => {
    const api = installFakeApi();
    api.on(CHATS, { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Erro.' } });
    renderApp('/chat', { api, storedUser: makeUser() });

    expect(
      await within(chatList()).findByText('Não foi possível carregar os chats'),
    ).toBeInTheDocument();
    expect(within(chatList()).getAllByRole('listitem')).toHaveLength(1);
    expect(within(chatList()).queryAllByRole('link')).toHaveLength(0);
  });

  it('opens a chat and closes the drawer on mobile', async () => {
    setViewportWidth(375);
    const api = installFakeApi();
    const chat = makeChat({ chatKey: 'abc-123', title: 'Chat: Sinalização' });
    api.on(CHATS, { body: { data: [chat] } });
    const { user, router } = renderApp('/chat', { api, storedUser: makeUser() });

    await user.click(screen.getByRole('button', { name: 'Abrir menu' }));
    await user.click(await within(chatList()).findByRole('link', { name: 'Sinalização' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/abc-123'));
    expect(router.state.location.state).toEqual({ chat });
    expect(screen.getByRole('button', { name: 'Abrir menu' })).toBeInTheDocument();
  });

  it("starts again from placeholders after sign-out and loads the next user's chats", async () => {
    const api = installFakeApi();
    const first = makeUser({ id: 'u1', name: 'Primeira Pessoa' });
    const second = makeUser({ id: 'u2', name: 'Segunda Pessoa', email: 'segunda@exemplo.com.br' });
    api.on(CHATS, { body: { data: [makeChat({ title: 'Chat: Da primeira' })] } });
    api.on('POST /api/v1/auth/logout', { body: { ok: true } });
    api.on('POST /api/v1/auth/login', { body: { token: 'second-token', user: second } });
    const { user, router } = renderApp('/profile', { api, storedUser: first });
    expect(
      await within(chatList()).findByRole('link', { name: 'Da primeira' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sair da conta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    const release = api.deferred(CHATS);
    api.on('GET /api/v1/auth/me', { body: second });
    vi.spyOn(window, 'open').mockReturnValue({ closed: false, close() {} } as unknown as Window);
    await user.click(await screen.findByRole('button', { name: 'Continuar com Google' }));
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { type: 'dev-auth:id-token', idToken: 'id-2' },
        }),
      );
    });

    // A Free user starts on the question page (lib/home-path.ts).
    await waitFor(() => expect(router.state.location.pathname).toBe('/regulations'));
    expect(
      await within(await screen.findByRole('list', { name: 'Chats Independentes' })).findAllByText(
        'Carregando chats...',
      ),
    ).toHaveLength(3);
    release({ body: { data: [makeChat({ id: 'c9', title: 'Chat: Da segunda' })] } });
    expect(await within(chatList()).findByRole('link', { name: 'Da segunda' })).toBeInTheDocument();
    expect(screen.getByText('Segunda Pessoa')).toBeInTheDocument();
    expect(api.requestsTo(CHATS).at(-1)?.headers.get('Authorization')).toBe('Bearer second-token');
  });
});
