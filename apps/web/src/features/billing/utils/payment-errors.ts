import { ApiError } from '../../../lib/api-client';

export const PAYMENT_NETWORK_ERROR =
  'Não foi possível conectar ao servidor de pagamento. Verifique sua conexão.';
export const NO_CLIENT_SECRET = 'Não foi possível obter o client secret para o pagamento';
export const SIGN_IN_TO_SUBSCRIBE = 'Você precisa estar logado para assinar um plano.';
export const CHECKOUT_MISSING =
  'Informação de pagamento não encontrada. Por favor, volte e tente novamente.';
export const STRIPE_CONFIG_MISSING = 'Configuração do Stripe não encontrada.';
export const STRIPE_NOT_READY = 'Stripe não está pronto.';
export const PAYMENT_FAILED = 'Erro ao processar o pagamento';

/** Spec §8 Payment: "Erro do servidor: {message}", or the connection text when nothing answered. */
export function paymentErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return PAYMENT_NETWORK_ERROR;
    // The session ended: the app signs out and opens /login, which brings the user back here.
    if (error.status === 401) return SIGN_IN_TO_SUBSCRIBE;
    return `Erro do servidor: ${error.message}`;
  }
  return error instanceof Error && error.message ? error.message : PAYMENT_FAILED;
}
