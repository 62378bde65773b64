import { ApiError } from '../../../lib/api-client';

export const LOGIN_FAILED_MESSAGE = 'Erro ao tentar fazer login com Google';
export const SIGN_IN_FALLBACK_MESSAGE = 'Ocorreu um erro ao tentar fazer login com Google';

/** Our own words for the sign-in service's error codes (spec §8 leaves them to us). */
export const SIGN_IN_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  'auth/popup-closed-by-user': 'A janela de login foi fechada antes de concluir. Tente novamente.',
  'auth/popup-blocked':
    'O navegador bloqueou a janela de login. Permita pop-ups para este site e tente novamente.',
  'auth/cancelled-popup-request':
    'Já existe uma janela de login aberta. Conclua o login nela ou feche-a e tente novamente.',
  'auth/network-request-failed':
    'Falha de conexão durante o login. Verifique sua internet e tente novamente.',
  'auth/user-disabled': 'Esta conta Google foi desativada. Fale com o suporte.',
  'auth/too-many-requests':
    'Muitas tentativas de login em pouco tempo. Aguarde alguns minutos e tente novamente.',
  'auth/unauthorized-domain':
    'Este endereço não está autorizado para login com Google. Fale com o suporte.',
  'auth/operation-not-allowed': 'O login com Google não está habilitado. Fale com o suporte.',
  'auth/internal-error': 'O serviço de login encontrou um erro interno. Tente novamente.',
  'auth/timeout': 'O login demorou demais para responder. Tente novamente.',
  'auth/web-storage-unsupported':
    'O navegador bloqueia o armazenamento necessário para o login. Ative os cookies e tente novamente.',
  'auth/account-exists-with-different-credential':
    'Já existe uma conta com este e-mail usando outra forma de login.',
};

/** An error carrying a sign-in service code, raised by our own development popup flow. */
export class SignInError extends Error {
  override readonly name = 'SignInError';

  constructor(readonly code: string) {
    super(code);
  }
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

export function signInErrorMessage(error: unknown): string {
  // Our server's failures carry a pt-BR message of their own (spec §8).
  if (error instanceof ApiError) return error.fromServer ? error.message : LOGIN_FAILED_MESSAGE;
  const code = codeOf(error);
  return (code && SIGN_IN_ERROR_MESSAGES[code]) || SIGN_IN_FALLBACK_MESSAGE;
}
