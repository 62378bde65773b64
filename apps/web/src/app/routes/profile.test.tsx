import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

function main() {
  return screen.getByRole('main');
}

describe('/profile', () => {
  it('shows the initial, name and e-mail', async () => {
    renderApp('/profile', {
      storedUser: makeUser({ name: 'carla Dias', email: 'carla@exemplo.com.br' }),
    });

    expect(within(main()).getByRole('heading', { level: 1, name: 'Perfil' })).toBeInTheDocument();
    expect(within(main()).getByTestId('avatar')).toHaveTextContent(/^C$/);
    expect(
      within(main()).getByRole('heading', { level: 2, name: 'carla Dias' }),
    ).toBeInTheDocument();
    expect(within(main()).getByText('carla@exemplo.com.br')).toBeInTheDocument();
  });

  it('offers every profile action of the spec', async () => {
    renderApp('/profile', { storedUser: makeUser() });

    expect(within(main()).getByRole('button', { name: 'Editar perfil' })).toBeDisabled();
    expect(within(main()).getByRole('link', { name: /^Gerenciar plano/ })).toHaveAttribute(
      'href',
      '/payment',
    );
    expect(within(main()).getByText('Sobre')).toBeInTheDocument();
    expect(within(main()).getByText('Versão 1.0.0')).toBeInTheDocument();
    expect(within(main()).getByRole('button', { name: 'Sair da conta' })).toBeEnabled();

    const support = await within(main()).findByRole('link', { name: 'Suporte (abre em nova aba)' });
    expect(support).toHaveAttribute('href', 'https://wa.me/5511999998888');
    expect(support).toHaveAttribute('target', '_blank');
    expect(support).toHaveAttribute('rel', 'noopener noreferrer');
    const privacy = within(main()).getByRole('link', {
      name: 'Termos e privacidade (abre em nova aba)',
    });
    expect(privacy).toHaveAttribute('href', 'https://exemplo.com.br/privacidade');
    expect(privacy).toHaveAttribute('target', '_blank');
  });

  it.each([
    ['free', 'Gratuito'],
    ['pro', 'Pro'],
    ['business', 'Business'],
  ] as const)('shows the %s plan as "%s"', async (plan, name) => {
    renderApp('/profile', { storedUser: makeUser({ plan }) });

    expect(
      within(main()).getByRole('link', { name: `Gerenciar plano ${name}` }),
    ).toBeInTheDocument();
  });

  it('"Gerenciar plano" opens /payment', async () => {
    const { user, router } = renderApp('/profile', { storedUser: makeUser() });

    await user.click(within(main()).getByRole('link', { name: /^Gerenciar plano/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
  });

  it('"Sair da conta" calls logout, clears the session and the cache, and opens /login', async () => {
    const api = installFakeApi();
    api.on('POST /api/v1/auth/logout', { body: { ok: true } });
    const { user, router, queryClient } = renderApp('/profile', { api, storedUser: makeUser() });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    await user.click(within(main()).getByRole('button', { name: 'Sair da conta' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toBeNull();
    expect(api.requestsTo('POST /api/v1/auth/logout')[0]?.headers.get('Authorization')).toBe(
      'Bearer session-token',
    );
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
    expect(queryClient.getQueryData(['auth', 'me'])).toBeUndefined();
    expect(queryClient.getQueryCache().findAll({ queryKey: ['chats'] })).toHaveLength(0);
    expect(await screen.findByRole('button', { name: 'Continuar com Google' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('signs out anyway when the logout call fails, and says so', async () => {
    const api = installFakeApi();
    api.on('POST /api/v1/auth/logout', 'network-error');
    const { user, router } = renderApp('/profile', { api, storedUser: makeUser() });

    await user.click(within(main()).getByRole('button', { name: 'Sair da conta' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Erro ao tentar fazer logout$/);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
  });
});
