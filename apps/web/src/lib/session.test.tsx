import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../test/fake-api';
import { makeUser } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { createQueryClient } from './query-client';
import { AppProvider } from '../app/provider';
import { useSession } from './session';

const UNAUTHENTICATED = {
  status: 401,
  body: {
    code: 'UNAUTHENTICATED',
    message: 'Sua sessão expirou ou é inválida. Faça login novamente.',
  },
};

describe('session', () => {
  it('shows the stored user at once, then replaces it with the profile from /auth/me', async () => {
    const api = installFakeApi();
    const release = api.deferred('GET /api/v1/auth/me');
    const stored = makeUser({ name: 'Ana Antiga', email: 'antiga@exemplo.com.br' });
    const fresh = makeUser({ name: 'Ana Nova', email: 'nova@exemplo.com.br', plan: 'pro' });
    renderApp('/profile', { api, storedUser: stored, token: 'stored-token' });

    expect(screen.getByRole('heading', { name: 'Ana Antiga' })).toBeInTheDocument();
    expect(api.requestsTo('GET /api/v1/auth/me')[0]?.headers.get('Authorization')).toBe(
      'Bearer stored-token',
    );

    release({ body: fresh });

    expect(await screen.findByRole('heading', { name: 'Ana Nova' })).toBeInTheDocument();
    expect(screen.queryByText('Ana Antiga')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('userData')!)).toEqual(fresh);
    expect(localStorage.getItem('token')).toBe('stored-token');
  });

  it('waits for /auth/me when only a token is stored', async () => {
    const api = installFakeApi();
    const release = api.deferred('GET /api/v1/auth/me');
    renderApp('/profile', { api, token: 'stored-token' });

    expect(screen.getByRole('status')).toHaveTextContent('Carregando…');
    release({ body: makeUser({ name: 'Bruno Lima' }) });

    expect(await screen.findByRole('heading', { name: 'Bruno Lima' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('userData')!)).toMatchObject({ name: 'Bruno Lima' });
  });

  it.each([
    ['refused', UNAUTHENTICATED],
    ['failing', { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Erro.' } }],
  ] as const)('ends the session when the check is %s', async (_label, reply) => {
    const api = installFakeApi();
    api.on('GET /api/v1/auth/me', reply);
    const { router } = renderApp('/profile', { api, storedUser: makeUser() });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/profile' });
    expect(await screen.findByRole('button', { name: 'Continuar com Google' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
  });

  it('ignores a stored user without a token', async () => {
    localStorage.setItem('userData', JSON.stringify(makeUser()));
    const { router, api } = renderApp('/chat');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.requestsTo('GET /api/v1/auth/me')).toHaveLength(0);
  });

  it('signs the user out when any call answers 401', async () => {
    const api = installFakeApi();
    const release = api.deferred('GET /api/v1/regulation/chats?onlyWithoutProject=true');
    const { router } = renderApp('/chat', { api, storedUser: makeUser() });
    await screen.findByRole('heading', { level: 1, name: 'Chat de Normas' });
    await waitFor(() => expect(api.requestsTo('GET /api/v1/auth/me')).toHaveLength(1));

    release(UNAUTHENTICATED);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
  });

  it('refreshes the profile on demand and reports a failure in pt-BR', async () => {
    const api = installFakeApi();
    localStorage.setItem('token', 'stored-token');
    localStorage.setItem('userData', JSON.stringify(makeUser()));
    api.on('GET /api/v1/auth/me', { body: makeUser() });
    let session: ReturnType<typeof useSession> | null = null;
    function Probe() {
      session = useSession();
      return <p>{session.user?.plan ?? 'sem usuário'}</p>;
    }
    const queryClient = createQueryClient({ retry: false });
    render(
      <AppProvider queryClient={queryClient}>
        <Probe />
      </AppProvider>,
    );
    await waitFor(() => expect(api.requestsTo('GET /api/v1/auth/me')).toHaveLength(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.getByText('free')).toBeInTheDocument();

    api.on('GET /api/v1/auth/me', { body: makeUser({ plan: 'pro' }) });
    let refreshed: { plan: string } | undefined;
    await act(async () => {
      refreshed = await session!.refreshProfile();
    });
    expect(refreshed).toMatchObject({ plan: 'pro' });
    expect(await screen.findByText('pro')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('userData')!)).toMatchObject({ plan: 'pro' });

    api.on('GET /api/v1/auth/me', 'network-error');
    await expect(session!.refreshProfile()).rejects.toThrow('Erro ao atualizar perfil do usuário');
  });
});
