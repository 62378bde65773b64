import type { PublicConfig, User } from '@normas/contracts/auth';
import type { Chat } from '@normas/contracts/chats';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    uid: 'google-uid-1',
    email: 'ana@exemplo.com.br',
    name: 'Ana Souza',
    photoURL: null,
    plan: 'free',
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
    ...overrides,
  };
}

export function makeChat(overrides: Partial<Chat> = {}): Chat {
  return {
    id: 'chat-1',
    chatKey: 'key-1',
    userId: 'user-1',
    type: 'regulation',
    createdBy: 'user-1',
    projectId: null,
    title: 'Chat: Altura de guarda-corpo',
    initialQuestion: 'Qual a altura mínima do guarda-corpo?',
    initialAnswer: null,
    initialRegulations: [],
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
    ...overrides,
  };
}

export const devConfig: PublicConfig = {
  auth: { mode: 'dev', signInUrl: '/dev-auth/sign-in' },
  supportWhatsapp: '5511999998888',
  privacyUrl: 'https://exemplo.com.br/privacidade',
  version: '1.0.0',
};

export const firebaseConfig: PublicConfig = {
  ...devConfig,
  auth: {
    mode: 'firebase',
    firebase: { apiKey: 'test-key', authDomain: 'normas.firebaseapp.com', projectId: 'normas' },
  },
};
