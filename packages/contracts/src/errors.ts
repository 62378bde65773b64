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
  SERVER_STOPPING: {
    status: 503,
    message: 'O servidor está sendo reiniciado. Tente novamente em alguns segundos.',
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
  CUSTOMER_EMAIL_MISMATCH: {
    status: 403,
    message: 'O e-mail do cliente deve ser o mesmo da sua conta.',
  },
  CUSTOMER_NOT_FOUND: {
    status: 404,
    message: 'Cliente de pagamento não encontrado para esta conta.',
  },
  PLAN_BY_CONSULTATION: {
    status: 400,
    message: 'O plano Business é vendido sob consulta: fale conosco pelo WhatsApp.',
  },
  PLAN_NOT_FOR_SALE: {
    status: 400,
    message: 'O plano Gratuito não precisa de assinatura.',
  },
  ALREADY_SUBSCRIBED: {
    status: 409,
    message: 'Você já tem o plano Pro ativo. Gerencie sua assinatura no perfil.',
  },
  SUBSCRIPTION_NOT_FOUND: {
    status: 404,
    message: 'Assinatura não encontrada.',
  },
  PAYMENT_NOT_FOUND: {
    status: 404,
    message: 'Pagamento não encontrado. Volte e escolha o plano novamente.',
  },
  CARD_DECLINED: { status: 402, message: 'O seu cartão foi recusado.' },
  WEBHOOK_SIGNATURE_INVALID: {
    status: 400,
    message: 'Assinatura do webhook inválida.',
  },
  PAYMENT_PROVIDER_ERROR: {
    status: 502,
    message: 'O provedor de pagamento não respondeu como esperado. Tente novamente.',
  },
  PROJECT_NOT_FOUND: { status: 404, message: 'Projeto não encontrado.' },
  MESSAGE_NOT_FOUND: { status: 404, message: 'Mensagem não encontrada neste chat.' },
  QUESTION_NOT_FOUND: { status: 404, message: 'Pergunta não encontrada para este chatKey.' },
  ESTABLISHMENT_NOT_FOUND: { status: 404, message: 'Perfil de empresa não encontrado.' },
  UNKNOWN_CNAE: {
    status: 400,
    message:
      'Este CNAE não consta na relação do Anexo I da NR-04. Confira o código no cartão do CNPJ.',
  },
  SIZING_TABLES_MISSING: {
    status: 503,
    message:
      'As tabelas de dimensionamento da NR-04 e da NR-05 ainda não foram importadas. Tente novamente em instantes.',
  },
  KNOWLEDGE_BASE_EMPTY: {
    status: 503,
    message: 'A base de normas ainda não foi importada. Tente novamente em instantes.',
  },
  WORKSPACE_NOT_FOUND: { status: 404, message: 'Você não faz parte de uma equipe.' },
  WORKSPACE_REQUIRES_BUSINESS: {
    status: 403,
    message: 'Criar uma equipe é um recurso do plano Business.',
  },
  WORKSPACE_EXISTS: { status: 409, message: 'Você já faz parte de uma equipe.' },
  WORKSPACE_ADMIN_ONLY: {
    status: 403,
    message: 'Só o proprietário ou um administrador da equipe pode fazer isso.',
  },
  ALREADY_MEMBER: { status: 409, message: 'Esta pessoa já faz parte de uma equipe.' },
  INVITE_NOT_FOUND: { status: 404, message: 'Convite não encontrado.' },
  INVITE_EXPIRED: {
    status: 410,
    message: 'Este convite expirou ou foi cancelado. Peça um novo convite.',
  },
  MEMBER_NOT_FOUND: { status: 404, message: 'Membro não encontrado nesta equipe.' },
  OWNER_CANNOT_LEAVE: {
    status: 400,
    message: 'O proprietário não pode ser removido da equipe.',
  },
  ROOM_NOT_FOUND: { status: 404, message: 'Conversa não encontrada.' },
  NOT_A_GROUP: { status: 400, message: 'Só é possível mudar os membros de um grupo.' },
  DIRECT_WITH_SELF: { status: 400, message: 'Escolha outra pessoa da equipe para conversar.' },
  NOT_WORKSPACE_MEMBERS: {
    status: 400,
    message: 'Só membros da equipe podem participar das conversas.',
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
