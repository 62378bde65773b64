/**
 * What both engines say when the knowledge base does not cover a question. One fixed text, so that an
 * honest "não sei" reads the same whichever engine is configured, and so tests can assert it.
 */
const ABSTENTION_LEAD =
  'Não encontrei nas normas da base de conhecimento um item que responda a esta pergunta, por isso prefiro não arriscar uma resposta.';

/** What the base covers and how to ask again; also follows a model's own abstention. */
export const ABSTENTION_SCOPE = [
  'A base cobre as 36 Normas Regulamentadoras (NRs) do Ministério do Trabalho e Emprego em vigor. Normas técnicas da ABNT (NBRs), códigos de obras municipais, instruções técnicas do Corpo de Bombeiros, a CLT e outras leis não fazem parte dela.',
  'Se a sua dúvida é sobre uma NR, tente reformular a pergunta mencionando a norma (por exemplo, "NR-35") ou o assunto do item.',
].join('\n\n');

export const ABSTENTION_MARKDOWN = `${ABSTENTION_LEAD}\n\n${ABSTENTION_SCOPE}`;
