/**
 * The one table of error codes: HTTP status and the pt-BR text people read.
 * The API answers `{ code, message, details? }`; the web reacts to `code`.
 */
export const ERRORS = {
  VALIDATION_ERROR: { status: 400, message: 'Os dados enviados são inválidos.' },
  INVALID_JSON: { status: 400, message: 'O corpo da requisição não é um JSON válido.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Envie o corpo da requisição como JSON.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'O corpo da requisição é grande demais.' },
  NUL_CHARACTER: {
    status: 400,
    message:
      'O texto contém um caractere nulo (U+0000), que não é aceito. Remova-o e tente novamente.',
  },
  UNAUTHENTICATED: {
    status: 401,
    message: 'Sua sessão expirou ou é inválida. Faça login novamente.',
  },
  INVALID_ID_TOKEN: {
    status: 401,
    message: 'Não foi possível validar o login com o Google. Tente novamente.',
  },
  UNSUPPORTED_SIGN_IN_PROVIDER: { status: 401, message: 'Entre com uma conta Google.' },
  ACCOUNT_CONFLICT: {
    status: 409,
    message: 'Este e-mail já está ligado a outra conta. Fale com o suporte.',
  },
  FORBIDDEN: { status: 403, message: 'Você não tem permissão para esta ação.' },
  DEV_AUTH_LOCAL_ONLY: {
    status: 403,
    message:
      'O provedor de identidade de desenvolvimento só atende pedidos feitos nesta mesma máquina.',
  },
  NOT_FOUND: { status: 404, message: 'Recurso não encontrado.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Rota da API não encontrada.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Método não permitido para esta rota.' },
  RATE_LIMITED: {
    status: 429,
    message: 'Muitas requisições. Aguarde um instante e tente novamente.',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  },
  DAILY_LIMIT_EXCEEDED: {
    status: 429,
    message: 'Você atingiu o limite de perguntas do seu plano para hoje.',
  },
  MONTHLY_LIMIT_EXCEEDED: {
    status: 429,
    message: 'Você atingiu o limite de perguntas do seu plano neste mês.',
  },
  ANSWER_FAILED: {
    status: 502,
    message: 'Ocorreu um erro ao processar sua pergunta. Por favor, tente novamente.',
  },
  ANSWER_TIMEOUT: {
    status: 504,
    message: 'O serviço de respostas demorou demais para responder. Por favor, tente novamente.',
  },
  PLAN_DOES_NOT_ALLOW_CHATS: { status: 403, message: 'Usuário não possui plano que permita chats' },
  CHAT_NOT_FOUND: { status: 404, message: 'Chat não encontrado.' },
  PROJECT_NOT_FOUND: { status: 404, message: 'Projeto não encontrado.' },
  MESSAGE_NOT_FOUND: { status: 404, message: 'Mensagem não encontrada neste chat.' },
  QUESTION_NOT_FOUND: { status: 404, message: 'Pergunta não encontrada para este chatKey.' },
  KNOWLEDGE_BASE_EMPTY: {
    status: 503,
    message: 'A base de normas ainda não foi importada. Tente novamente em instantes.',
  },
  INTERNAL_ERROR: {
    status: 500,
    message: 'Ocorreu um erro inesperado. Tente novamente mais tarde.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export interface ErrorBody {
  code: string;
  message: string;
  details?: unknown;
}
