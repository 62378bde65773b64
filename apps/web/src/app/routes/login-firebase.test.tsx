import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { firebaseConfig, makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

// The Firebase SDK is the sign-in service's boundary: it is replaced, our code is not.
const firebase = vi.hoisted(() => ({
  initializeApp: vi.fn((options: unknown) => ({ options })),
  initializeAuth: vi.fn(() => ({ name: 'auth' })),
  signInWithPopup: vi.fn(),
}));

vi.mock('firebase/app', () => ({ initializeApp: firebase.initializeApp }));
vi.mock('firebase/auth', () => ({
  initializeAuth: firebase.initializeAuth,
  inMemoryPersistence: { type: 'NONE' },
  browserPopupRedirectResolver: {},
  GoogleAuthProvider: class {
    setCustomParameters() {}
  },
  signInWithPopup: firebase.signInWithPopup,
}));

const GOOGLE_BUTTON = { name: 'Continuar com Google' };

function failWith(code: string) {
  firebase.signInWithPopup.mockRejectedValue(
    Object.assign(new Error(`Firebase: (${code}).`), { code }),
  );
}

describe('/login with Firebase', () => {
  beforeEach(() => {
    firebase.signInWithPopup.mockReset();
  });

  it('exchanges the Firebase ID token for a session', async () => {
    const api = installFakeApi();
    api.on('POST /api/v1/auth/login', { body: { token: 'firebase-session', user: makeUser() } });
    api.on('GET /api/v1/auth/me', { body: makeUser() });
    firebase.signInWithPopup.mockResolvedValue({
      user: { getIdToken: async () => 'firebase-id-token' },
    });
    const { user, router } = renderApp('/login', { api, config: firebaseConfig });

    await user.click(screen.getByRole('button', GOOGLE_BUTTON));

    // A new Free user starts on the question page.
    await waitFor(() => expect(router.state.location.pathname).toBe('/regulations'));
    expect(firebase.initializeApp).toHaveBeenCalledWith(
      expect.objectContaining({
        apiKey: 'test-key',
        authDomain: 'normas.firebaseapp.com',
        projectId: 'normas',
      }),
    );
    expect(api.requestsTo('POST /api/v1/auth/login')[0]?.body).toEqual({
      idToken: 'firebase-id-token',
    });
    expect(localStorage.getItem('token')).toBe('firebase-session');
  });

  it.each([
    [
      'auth/popup-closed-by-user',
      'A janela de login foi fechada antes de concluir. Tente novamente.',
    ],
    [
      'auth/popup-blocked',
      'O navegador bloqueou a janela de login. Permita pop-ups para este site e tente novamente.',
    ],
    [
      'auth/cancelled-popup-request',
      'Já existe uma janela de login aberta. Conclua o login nela ou feche-a e tente novamente.',
    ],
    [
      'auth/network-request-failed',
      'Falha de conexão durante o login. Verifique sua internet e tente novamente.',
    ],
    ['auth/user-disabled', 'Esta conta Google foi desativada. Fale com o suporte.'],
    [
      'auth/too-many-requests',
      'Muitas tentativas de login em pouco tempo. Aguarde alguns minutos e tente novamente.',
    ],
    [
      'auth/unauthorized-domain',
      'Este endereço não está autorizado para login com Google. Fale com o suporte.',
    ],
    ['auth/operation-not-allowed', 'O login com Google não está habilitado. Fale com o suporte.'],
    ['auth/internal-error', 'O serviço de login encontrou um erro interno. Tente novamente.'],
    ['auth/something-new', 'Ocorreu um erro ao tentar fazer login com Google'],
  ])('shows our message for %s', async (code, message) => {
    failWith(code);
    const { user } = renderApp('/login', { config: firebaseConfig });

    await user.click(screen.getByRole('button', GOOGLE_BUTTON));

    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${escape(message)}$`));
    expect(screen.getByRole('button', GOOGLE_BUTTON)).toBeEnabled();
  });

  it('shows the fallback for an error without a code', async () => {
    firebase.signInWithPopup.mockRejectedValue(new Error('boom'));
    const { user } = renderApp('/login', { config: firebaseConfig });

    await user.click(screen.getByRole('button', GOOGLE_BUTTON));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ocorreu um erro ao tentar fazer login com Google',
    );
  });

  it('clears the previous error when the user tries again', async () => {
    failWith('auth/popup-blocked');
    const { user } = renderApp('/login', { config: firebaseConfig });
    await user.click(screen.getByRole('button', GOOGLE_BUTTON));
    await screen.findByRole('alert');

    firebase.signInWithPopup.mockReturnValue(new Promise(() => undefined));
    await user.click(screen.getByRole('button', GOOGLE_BUTTON));

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', GOOGLE_BUTTON)).toBeDisabled();
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
