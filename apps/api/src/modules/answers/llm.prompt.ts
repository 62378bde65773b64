/** What the model is told: the rules, the numbered sources with the exact links to use, the question. */
import {
  brasiliaDate,
  type AnswerInput,
  type AnswerSource,
  type ConversationTurn,
} from './answer-engine';
import { citationLabel, citationLink } from './citation';
import { withoutAmendmentNotes } from './passages';
import { unstatedScope, userTexts } from './regulation-scope';

/** The one sentence the model must answer with when the sources do not answer the question. */
export const LLM_ABSTAIN_SENTENCE = 'As fontes fornecidas não respondem a esta pergunta.';

export const SYSTEM_PROMPT = [
  'Você é o Assistente de Normas: responde, em português do Brasil, perguntas de engenheiros, arquitetos e profissionais de segurança do trabalho sobre as Normas Regulamentadoras (NRs). Quem lê vai agir com base na sua resposta; uma resposta confiante e errada é o pior erro possível.',
  '',
  'Regras:',
  '1. Responda somente com base nas fontes numeradas da mensagem do usuário. Não use conhecimento próprio, outras normas (ABNT, CLT, códigos de obras, instruções do Corpo de Bombeiros) nem suposições.',
  '2. Cite cada afirmação com o link em markdown da fonte que a sustenta, copiado exatamente como aparece em "Link:". Nunca crie links, itens ou números de item que não estejam nas fontes.',
  '3. Reproduza números, unidades, prazos e percentuais exatamente como estão nas fontes; quando um trecho for decisivo, transcreva-o entre aspas.',
  `4. Se as fontes não respondem à pergunta, responda apenas: "${LLM_ABSTAIN_SENTENCE}"`,
  '5. Comece pela resposta ao que foi perguntado, em uma ou duas frases no primeiro parágrafo: o número com a unidade, o prazo, quem é o responsável, sim ou não com a condição, ou a definição — com o link do item (ou da alínea) de onde vem. Não abra com outro item nem com uma alínea que não responde à pergunta.',
  '6. Depois, transcreva como citação em markdown (linhas começadas por "> ") o trecho exato do item ou alínea que sustenta a resposta, sem cortá-lo antes da parte decisiva, seguido de uma linha "— " com o link do item. Só então dê os detalhes. Termine com uma frase curta lembrando que a resposta se baseia no texto das NRs e não substitui a leitura da norma completa.',
  '7. Se marcar uma fonte pelo número, escreva [1], [2]… com o número da fonte; cada marcador vira o link do item.',
  '8. Se a fonte da resposta tiver uma linha "Âmbito:", a regra vale para esse setor e a pergunta não o menciona: diga no primeiro parágrafo a que setor a regra se aplica (por exemplo, "Segundo o item 37.25.7.4.1 da NR-37, que se aplica a plataformas de petróleo, …").',
  '9. Se a fonte da resposta tiver uma linha "Vigência:", a redação dela ainda não está em vigor: diga isso no primeiro parágrafo, com a data em que entra em vigor.',
].join('\n');

/** Told to the model when retrieval found only items that partly match the question. */
export const PARTIAL_SOURCES_NOTE =
  'Atenção: as fontes abaixo são as mais próximas da pergunta na base, mas cobrem apenas parte do que ela pergunta. Se nenhuma responder de fato, use a regra 4; se responderem só em parte, diga isso claramente no início da resposta.';

/** How many sources and earlier turns go to the model: enough to answer, bounded in tokens. */
const MAX_SOURCES = 8;
const MAX_TURNS = 6;
const MAX_TURN_CHARS = 2000;

function sourceBlock(source: AnswerSource, n: number, scope: string | null, today: string): string {
  const text = source.content.split('\n').map(withoutAmendmentNotes).filter(Boolean).join('\n');
  const heading = source.headingPath ? ` — ${source.headingPath}` : '';
  // A sector's regulation the user did not name (decision 0057): rule 8.
  const scopeLine = scope ? `\nÂmbito: a ${source.code} é a norma ${scope}.` : '';
  // A wording not yet in force (rule 9): the extractive engine says it in its lead too.
  const from = source.effectiveFrom?.slice(0, 10);
  const inForceLine =
    from && from > today
      ? `\nVigência: esta redação só entra em vigor em ${from.split('-').reverse().join('/')}.`
      : '';
  return `[${n}] ${citationLabel(source)}${heading}\nLink: ${citationLink(source)}${scopeLine}${inForceLine}\nTexto:\n${text}`;
}

export function promptSources(input: AnswerInput): AnswerSource[] {
  return [...input.retrieval.results].sort((a, b) => b.score - a.score).slice(0, MAX_SOURCES);
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export function buildMessages(
  input: AnswerInput,
  sources: AnswerSource[],
  today: string = brasiliaDate(new Date()),
): ChatMessage[] {
  const history: ConversationTurn[] = (input.conversation ?? []).slice(-MAX_TURNS);
  const said = userTexts(input);
  const user = [
    ...(input.retrieval.partial ? [PARTIAL_SOURCES_NOTE, ''] : []),
    'Fontes:',
    '',
    sources.map((s, i) => sourceBlock(s, i + 1, unstatedScope(s.code, said), today)).join('\n\n'),
    '',
    `Pergunta: ${input.question}`,
  ].join('\n');
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    ...history.map((t) => ({ role: t.role, content: t.content.slice(0, MAX_TURN_CHARS) })),
    { role: 'user', content: user },
  ];
}
