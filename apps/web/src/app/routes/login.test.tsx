import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const GOOGLE_BUTTON = { name: 'Continuar com Google' };

/** A stand-in for the development sign-in popup window. */
function stubPopup(popup: { closed: boolean; close?: () => void } | null = { closed: false }) {
  if (popup) {
    popup.close = () => {
      popup.closed = true;
    };
  }
  return vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
}

function postIdToken(idToken: string, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { origin, data: { type: 'dev-auth:id-token', idToken } }),
    );
  });
}

describe('/login', () => {
  it('shows the product, one Google button and no error while idle', async () => {
    renderApp('/login');

    expect(
      screen.getByRole('heading', { level: 1, name: 'Assistente de Normas' }),
    ).toBeInTheDocument();
    const button = screen.getByRole('button', GOOGLE_BUTTON);
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy', 'true');
    expect(within(button).queryByTestId('spinner')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('signs in through the development popup, stores the session and opens /chat', async () => {
    const api = installFakeApi();
    const loginUser = makeUser({ name: 'Ana (login)' });
    const profile = makeUser({ name: 'Ana Souza', plan: 'pro' });
    api.on('POST /api/v1/auth/login', { body: { token: 'new-session', user: loginUser } });
    api.on('GET /api/v1/auth/me', { body: profile });
    const open = stubPopup();
    const { user, router } = renderApp('/login', { api });

    await user.click(screen.getByRole('button', GOOGLE_BUTTON));

    expect(open).toHaveBeenCalledWith(
      '/dev-auth/sign-in',
      'dev-auth',
      'popup,width=480,height=640',
    );
    const button = screen.getByRole('button', GOOGLE_BUTTON);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(within(button).getByTestId('spinner')).toBeInTheDocument();

    postIdToken('google-id-token');

    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Chat de Normas' }),
    ).toBeInTheDocument();
    expect(api.requestsTo('POST /api/v1/auth/login')[0]?.body).toEqual({
      idToken: 'google-id-token',
    });
    expect(api.requestsTo('GET /api/v1/auth/me')[0]?.headers.get('Authorization')).toBe(
      'Bearer new-session',
    );
    expect(localStorage.getItem('token')).toBe('new-session');
    expect(JSON.parse(localStorage.getItem('userData')!)).toEqual(profile);
  });

  it('ignores messages from another origin', async () => {
    const api = installFakeApi();
    stubPopup();
    const { user } = renderApp('/login', { api });

    await user.click(screen.getByRole('button', GOOGLE_BUTTON));
    postIdToken('forged', 'https://evil.example');

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requestsTo('POST /api/v1/auth/login')).toHaveLength(0);
    expect(screen.getByRole('button', GOOGLE_BUTTON)).toBeDisabled();
  });

  it('uses the login response user when the profile fetch fails right after login', async () => {
    const api = installFakeApi();
    const loginUser = makeUser({ name: 'Ana do Login' });
    api.on('POST /api/v1/auth/login', { body: { token: 'new-session', user: loginUser } });
    api.on('GET /api/v1/auth/me', {
      status: 500,
      body: { code: 'INTERNAL_ERROR', message: 'Falhou.' },
    });
    stubPopup();
    const { user, router } = renderApp('/login', { api });

    await user.click(screen.getByRole('button', GOOGLE_BUTTON));
    postIdToken('google-id-token');

    await waitFor(() => expect(router.state.location.pathname).toBe('/regulations'));
    expect(await screen.findByText('Ana do Login')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('userData')!)).toEqual(loginUser);
    expect(localStorage.getItem('token')).toBe('new-session');
  });

  it('treats a popup that could not open as a blocked popup', async () => {
    stubPopup(null);
    const { user } = renderApp('/login');

    await user.click(screen.getByRole('button', GOOGLE_BUTTON));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'O navegador bloqueou a janela de login. Permita pop-ups para este site e tente novamente.',
    );
    expect(screen.getByRole('button', GOOGLE_BUTTON)).toBeEnabled();
  });

  it('says so when the user closes the popup before signing in', async () => {
    const popup = { closed: false };
    stubPopup(popup);
    const { user } = renderApp('/login');

    await user.click(screen.getByRole('button', GOOGLE_BUTTON));
    popup.closed = true;

    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'A janela de login foi fechada antes de concluir. Tente novamente.',
    );
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('still signs in when the popup is seen closed just before its token arrives', async () => {
    const api = installFakeApi();
    api.on('POST /api/v1/auth/login', { body: { token: 'late-session', user: makeUser() } });
    api.on('GET /api/v1/auth/me', { body: makeUser() });
    const popup = { closed: false };
    stubPopup(popup);
    const { user, router } = renderApp('/login', { api });

    await user.click(screen.getByRole('button', GOOGLE_BUTTON));
    popup.closed = true;
    // Past the next look at the popup (every 500 ms), within the grace the token is given.
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
    postIdToken('late-id-token');

    await waitFor(() => expect(router.state.location.pathname).toBe('/regulations'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('late-session');
  });

  it("shows the server's message when the login call is refused", async () => {
    const api = installFakeApi();
    api.on('POST /api/v1/auth/login', {
      status: 401,
      body: {
        code: 'INVALID_ID_TOKEN',
        message: 'Não foi possível validar o login com o Google. Tente novamente.',
      },
    });
    stubPopup();
    const { user, router } = renderApp('/login', { api });

    await user.click(screen.getByRole('button', GOOGLE_BUTTON));
    postIdToken('bad-token');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível validar o login com o Google. Tente novamente.',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('falls back to the generic login message when the server sends no message', async () => {
    const api = installFakeApi();
    api.on('POST /api/v1/auth/login', { status: 502 });
    stubPopup();
    const { user } = renderApp('/login', { api });

    await user.click(screen.getByRole('button', GOOGLE_BUTTON));
    postIdToken('google-id-token');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Erro ao tentar fazer login com Google$/,
    );
  });

  it.each([
    ['pro', '/chat'],
    ['free', '/regulations'],
  ] as const)('sends a signed-in %s user to %s', async (plan, path) => {
    const { router } = renderApp('/login', { storedUser: makeUser({ plan }) });

    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    expect(screen.queryByRole('button', GOOGLE_BUTTON)).not.toBeInTheDocument();
  });

  it('returns a visitor to the page they asked for after signing in', async () => {
    const api = installFakeApi();
    api.on('POST /api/v1/auth/login', { body: { token: 'new-session', user: makeUser() } });
    api.on('GET /api/v1/auth/me', { body: makeUser() });
    stubPopup();
    const { user, router } = renderApp('/history?page=2', { api });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await user.click(await screen.findByRole('button', GOOGLE_BUTTON));
    postIdToken('google-id-token');

    await waitFor(() => expect(router.state.location.pathname).toBe('/history'));
    expect(router.state.location.search).toBe('?page=2');
  });
});
