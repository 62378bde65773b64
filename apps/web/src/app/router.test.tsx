import { screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/fixtures';
import { renderApp } from '../test/render-app';

describe('routes', () => {
  it.each([
    ['pro', '/chat', 'Chat de Normas'],
    ['business', '/chat', 'Chat de Normas'],
    // Free has no chats: it starts where a question gets its answer.
    ['free', '/regulations', 'Assistente de Normas'],
  ] as const)('sends / on the %s plan to %s', async (plan, path, heading) => {
    const { router } = renderApp('/', { storedUser: makeUser({ plan }) });

    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each([
    ['/chat', 'Chat de Normas'],
    ['/chat/abc', 'Chat'],
    ['/regulations', 'Assistente de Normas'],
    ['/history', 'Histórico de perguntas'],
    ['/history/42', 'Histórico de perguntas'],
    ['/faq', 'Perguntas frequentes'],
    ['/payment', 'Planos'],
    ['/projects', 'Chats Independentes'],
    ['/projects/7d0c1c5e-5b8a-4b1e-9a51-3f1f0f1a2b3c', 'Projeto'],
    ['/profile', 'Perfil'],
  ])('%s shows its page inside the signed-in layout', (path, heading) => {
    renderApp(path, { storedUser: makeUser() });

    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { level: 1, name: heading }),
    );
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeInTheDocument();
    expect(document.title).toBe(
      heading === 'Assistente de Normas' ? heading : `${heading} | Assistente de Normas`,
    );
  });

  it('shows a not-found page for unknown paths', () => {
    renderApp('/nao-existe', { storedUser: makeUser() });

    expect(
      screen.getByRole('heading', { level: 1, name: 'Página não encontrada' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o Chat de Normas' })).toHaveAttribute(
      'href',
      '/chat',
    );
  });

  it.each(['/', '/chat', '/profile', '/nao-existe'])(
    'sends a signed-out visitor from %s to /login',
    async (path) => {
      const { router } = renderApp(path);

      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(router.state.location.state).toEqual({ from: path });
    },
  );
});

describe('accessibility (axe-core, rules that work without layout)', () => {
  // jsdom computes no colours or boxes; contrast is checked by the end-to-end run in a browser.
  const options: axe.RunOptions = { rules: { 'color-contrast': { enabled: false } } };

  it('/login has no violations', async () => {
    document.documentElement.lang = 'pt-BR';
    renderApp('/login');
    await screen.findByRole('button', { name: 'Continuar com Google' });

    const results = await axe.run(document, options);
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('/profile has no violations, with the drawer open or closed', async () => {
    document.documentElement.lang = 'pt-BR';
    const { user } = renderApp('/profile', { storedUser: makeUser() });
    await screen.findByRole('link', { name: /^Suporte/ });

    expect((await axe.run(document, options)).violations.map((violation) => violation.id)).toEqual(
      [],
    );
    await user.click(screen.getByRole('button', { name: 'Fechar menu' }));
    expect((await axe.run(document, options)).violations.map((violation) => violation.id)).toEqual(
      [],
    );
  });
});
