/**
 * `npm run bench:answers [questions.jsonl...]`: what a user reads, not just what retrieval ranks.
 * Each question goes through retrieval and an answer engine exactly as the question endpoint does
 * (a follow-up as the last turn of a Pro chat), and the answer is judged against the question's gold
 * items and `facts` (short quotes of the gold items that answer it): are they in the first
 * paragraph, anywhere, was the question refused. Two engines: the grounded extractive engine, and
 * the LLM engine through an OpenAI-compatible endpoint — a local stand-in (bench/lib/llm-standin.ts)
 * unless NORMAS_BENCH_LLM_URL names a real one. Same question sets and database as bench:retrieval,
 * plus bench/questions/followups.jsonl; results in bench/results/answers.md.
 */
import path from 'node:path';
import { readQuestions } from '../apps/api/src/cli/eval.command';
import type { AnswerResult, ConversationTurn } from '../apps/api/src/modules/answers/answer-engine';
import {
  answerMetrics,
  judgeAnswer,
  type AnswerOutcome,
} from '../apps/api/src/modules/answers/answer-metrics';
import { composeExtractiveAnswer } from '../apps/api/src/modules/answers/extractive.engine';
import { createLlmEngine } from '../apps/api/src/modules/answers/llm.engine';
import {
  buildTurnInput,
  type ChatSoFar,
  type TurnInput,
} from '../apps/api/src/modules/chats/chat-context';
import { resolveFollowUp } from '../apps/api/src/modules/chats/follow-up';
import { RETRIEVAL_LIMIT } from '../apps/api/src/modules/questions/questions.service';
import { percentile, type EvalQuestion } from '../apps/api/src/modules/retrieval/metrics';
import type { ContextPassage } from '../apps/api/src/modules/retrieval/retrieval.types';
import { createServedEngine } from '../apps/api/src/modules/retrieval/models';
import type { SearchResult } from '../apps/api/src/modules/retrieval/retrieval.types';
import {
  benchQuestionSets,
  followUpFiles,
  openBenchCorpus,
  type QuestionSet,
} from './lib/bench-corpus';
import { sourcesByHref, startLlmStandIn } from './lib/llm-standin';
import { machineNote } from './lib/report';
import { runBench, writeBenchResult } from './lib/run';

const f = (n: number) => n.toFixed(3);
/** Which unrelated questions each single question is asked after, as positions further on in the list. */
const FOLLOW_UP_OFFSETS = [1, 7, 31];

type Answer = (
  question: string,
  retrieval: SearchResult,
  context?: ContextPassage[],
  conversation?: ConversationTurn[],
) => Promise<AnswerResult>;

/**
 * The control for what a chat carries: each answerable question of a set asked in a Pro chat right
 * after the one before it in the file (another subject, as a rule). Read with the conversation, it
 * should be answered as well as alone.
 */
function afterAnotherQuestion(set: QuestionSet): QuestionSet {
  const singles = set.questions.filter((q) => !q.turns?.length);
  const answerable = singles.filter((q) => q.gold.length > 0);
  // A question outside the corpus asked in a chat is still refused: it comes after the answerable
  // question before it in the file, whose answer puts the chat's regulations in focus.
  const before = (q: EvalQuestion) => {
    const at = singles.indexOf(q);
    const earlier = singles.slice(0, at).reverse();
    return (earlier.find((e) => e.gold.length > 0) ?? answerable.at(-1)!).question;
  };
  return {
    file: `${path.basename(set.file, '.jsonl')} após outra pergunta`,
    questions: singles.map((q) => ({ ...q, turns: [before(q)] })),
  };
}

async function main(): Promise<void> {
  const sets = benchQuestionSets(process.argv.slice(2));
  if (process.argv.length <= 2) {
    for (const file of followUpFiles()) sets.push({ file, questions: readQuestions(file) });
    // Each single-question set again, every question asked in a chat after another one.
    const singles = sets.filter((set) => !set.questions.some((q) => q.turns?.length));
    for (const set of singles) sets.push(afterAnotherQuestion(set));
  }
  const { database, sections, corpusDir } = await openBenchCorpus('normas-bench-retrieval');
  const realLlm = process.env.NORMAS_BENCH_LLM_URL;
  const standIn = realLlm ? undefined : await startLlmStandIn(sourcesByHref(sections));
  try {
    const retrievalEngine = createServedEngine(sections);
    const today = new Date().toISOString().slice(0, 10);
    const titleOf = new Map(sections.map((s) => [s.code, s.title]));
    const llm = createLlmEngine({
      baseUrl: realLlm ?? standIn!.baseUrl,
      apiKey: process.env.NORMAS_BENCH_LLM_KEY,
      model: process.env.NORMAS_BENCH_LLM_MODEL ?? 'stand-in',
      timeoutMs: 60_000,
    });
    const engines: { name: string; answer: Answer }[] = [
      {
        name: 'extrativo',
        answer: async (question, retrieval, context, conversation) =>
          composeExtractiveAnswer({ question, retrieval, context, conversation }, today),
      },
      {
        name: realLlm
          ? `LLM (${process.env.NORMAS_BENCH_LLM_MODEL ?? 'modelo'})`
          : 'LLM (stand-in local)',
        answer: (question, retrieval, context, conversation) =>
          llm.answer({ question, retrieval, context, conversation }),
      },
    ];

    /**
     * A question as the product answers it: alone, or as the last turn of a Pro chat whose earlier
     * turns were answered the same way (chat-context.ts reads it with the conversation).
     */
    const answerOf = async (q: EvalQuestion, answer: Answer) => {
      const ask = async (question: string, input: TurnInput = { query: question }) => {
        const retrieval = retrievalEngine.search(input.query, {
          limit: RETRIEVAL_LIMIT,
          focus: input.focus,
          context: input.context,
          continues: input.continues,
          within: input.within,
        });
        return {
          retrieval,
          answer: await answer(question, retrieval, input.context, input.conversation),
        };
      };
      if (!q.turns?.length) return ask(q.question);
      const regulationsOf = (citations: { code: string }[]) =>
        [...new Set(citations.map((c) => c.code))].map((code) => ({
          code,
          title: titleOf.get(code) ?? code,
        }));
      const first = await ask(q.turns[0]!);
      const messages: ChatSoFar['messages'][number][] = [];
      const chat: ChatSoFar = {
        initialQuestion: q.turns[0]!,
        initialAnswer: first.answer.markdown,
        initialRegulations: regulationsOf(first.answer.citations),
        messages,
      };
      for (const turn of q.turns.slice(1)) {
        const input = buildTurnInput(turn, chat, true);
        const result = await ask(input.question ?? turn, input);
        messages.push({ content: turn, isUserMessage: true, regulations: [] });
        messages.push({
          content: result.answer.markdown,
          isUserMessage: false,
          regulations: regulationsOf(result.answer.citations),
        });
      }
      const input = buildTurnInput(q.question, chat, true);
      // As chats.service.ts asks it: the engine also reads the conversation.
      return ask(input.question ?? q.question, input);
    };

    const tables: string[] = [];
    const misses: string[] = [];
    for (const engine of engines) {
      const rows: string[] = [];
      for (const set of sets) {
        const times: number[] = [];
        const outcomes: AnswerOutcome[] = [];
        for (const q of set.questions) {
          const started = performance.now();
          const { retrieval, answer } = await answerOf(q, engine.answer);
          times.push(performance.now() - started);
          outcomes.push(judgeAnswer(q, answer, retrieval.partial === true));
        }
        const m = answerMetrics(set.questions, outcomes);
        const name = path.basename(set.file);
        rows.push(
          `| ${name} | ${m.questions} (${m.answerable} + ${m.outOfCorpus}) | ${f(m.leadAny)} | ${f(m.leadAll)} | ${f(m.anywhere)} | ${m.outOfCorpus > 0 ? f(m.abstention) : '—'} | ${f(m.falseAbstention)} | ${f(m.citedGold)} | ${f(m.leadGold)} | ${f(m.wrong)} (${f(m.wrongFlagged)}) | ${f(m.factRecall)} | ${m.citationsPerAnswer.toFixed(2)} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 95).toFixed(2)} |`,
        );
        const wrongCount = outcomes.filter(
          (o, i) => set.questions[i]!.gold.length > 0 && !o.abstained && !o.citedGold,
        ).length;
        misses.push(`${engine.name} ${name}: ${wrongCount} respostas sem item de referência`);
        if (process.env.BENCH_VERBOSE) {
          set.questions.forEach((q, i) => {
            const o = outcomes[i]!;
            if (q.gold.length > 0 && o.facts > 0 && o.leadFactsFound < o.facts)
              process.stderr.write(
                `  ${q.id} lead ${o.leadFactsFound}/${o.facts} anywhere ${o.factsFound} gold-cited ${o.citedGold} lead-gold ${o.leadGold}: ${q.question}\n`,
              );
          });
        }
        process.stderr.write(`${engine.name} ${name}: ok\n`);
      }
      tables.push(
        `## Motor ${engine.name}`,
        '',
        '| Perguntas | N (com resposta + fora) | 1º parágrafo: algum fato | 1º parágrafo: todos | Fato em qualquer parte | Abstenção (fora do acervo) | Abstenção indevida | Cita item de referência | Abre com item de referência | Resposta sem item de referência (com aviso) | Fatos citados | Itens citados por resposta | p50 ms | p95 ms |',
        '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
        ...rows,
        '',
      );
    }
    // Every single question after three unrelated ones: how often a question that stands on its
    // own is read as a follow-up (decision 0065); no retrieval, only the reading of the message.
    const standalone = sets.filter(
      (set) => set.questions.length > 0 && !set.questions.some((q) => q.turns?.length),
    );
    const singles = standalone.flatMap((set) => set.questions.map((q) => q.question));
    let misread = 0;
    let pairs = 0;
    singles.forEach((question, i) => {
      for (const offset of FOLLOW_UP_OFFSETS) {
        pairs += 1;
        if (resolveFollowUp(question, singles[(i + offset) % singles.length]!).followUp)
          misread += 1;
      }
    });
    if (pairs > 0)
      tables.push(
        '## Perguntas avulsas lidas como continuação',
        '',
        `Cada pergunta avulsa de ${standalone.map((set) => path.basename(set.file)).join(', ')}, feita depois de ${FOLLOW_UP_OFFSETS.length} outras dos mesmos arquivos (deslocamentos ${FOLLOW_UP_OFFSETS.join(', ')} na lista), é lida como continuação da anterior em **${misread} de ${pairs}** pares (${((100 * misread) / pairs).toFixed(1).replace('.', ',')}%). Toda pergunta desses arquivos se sustenta sozinha: cada leitura como continuação é um erro, que mistura à busca o assunto da pergunta anterior.`,
        '',
      );
    const report = [
      '# Benchmark de respostas',
      '',
      `- Data: ${today}`,
      `- Acervo: ${new Set(sections.map((s) => s.code)).size} NRs de ${path.basename(corpusDir)} (${sections.length} seções)`,
      `- Máquina: ${machineNote()}`,
      `- Cada pergunta passa pela recuperação (${RETRIEVAL_LIMIT} itens) e pelo motor de respostas como no endpoint de perguntas.`,
      '- **1º parágrafo: algum fato / todos os fatos**: entre as perguntas com resposta e com `facts`, a fração cujo primeiro parágrafo (o que o usuário lê e segue; o aviso de correspondência parcial não conta) traz ao menos um / todos os fatos. Metas no dev.jsonl: ≥ 0,85 / ≥ 0,65.',
      '- **Fato em qualquer parte**: a fração cuja resposta traz ao menos um fato em qualquer ponto do texto. Meta no dev.jsonl: ≥ 0,92.',
      '- Abstenção: perguntas fora do acervo recusadas (meta 1,0); abstenção indevida: perguntas com resposta recusadas (meta ≤ 0,05).',
      '- **Cita item de referência**: perguntas com resposta no acervo respondidas citando ao menos um item de referência.',
      '- **Abre com item de referência**: o primeiro item citado (o que a resposta lê primeiro) é de referência.',
      '- **Resposta sem item de referência**: respondida, mas nenhum item citado é de referência — o erro que mais custa ao usuário; entre parênteses, as que abriram avisando que os itens são os mais próximos, não uma correspondência.',
      '- **Fatos citados**: fração média dos trechos de referência (`facts`) que aparecem no texto da resposta (sem acentos, caixa e pontuação); abstenção conta 0.',
      '- **followups*.jsonl**: conversas de 2–3 turnos num chat Pro; cada turno anterior é respondido como no chat e só o último é julgado, lido com a conversa (chat-context.ts). followups.jsonl serviu para ajustar a leitura das continuações. k a r (50 conversas cada) foram escritos por quem não viu esse código nem os outros conjuntos, só o texto das NRs, e nunca foram lidos: são a medida honesta do que um usuário novo recebe. Os totais de k a n já orientaram escolhas (decisão 0053); o e p foram escritos antes da decisão 0054 e medidos no código de antes (0,820 / 0,820) e no de depois; q e r, antes da decisão 0056, medidos no código de antes (0,840 / 0,760). s (68 conversas, decisão 0060) foi escrito do mesmo modo mas sobre itens que quase nenhuma pergunta de treino pedia (0 a 2): mede a cauda do acervo, onde falta a expansão por perguntas de treino; nunca foi lido, e nenhuma conversa de cobertura pede os seus itens (decisão 0061; training-data.test.ts). t (224 conversas, decisão 0060) pede itens que só as conversas de cobertura (coverage-*.jsonl) pedem, escrito por outros, que viram só a lista de itens e o texto das NRs: mede o que a cobertura dá a quem pergunta com outras palavras. u (114 conversas, decisão 0061), escrito do mesmo modo sobre 120 itens sorteados dos 1.797 que nenhuma pergunta de treino pedia no início da decisão 0061, antes das conversas de cobertura que hoje os pedem (coverage-25 a -30): mede a mesma cauda antes (0,439) e depois dessa cobertura. v e w (50 conversas cada, decisão 0070) foram escritos do mesmo modo, sobre metades disjuntas das NRs, e lidos para achar falhas: medidos antes das correções que inspiraram (0,780 / 0,820), já não são medida cega; x e y, do mesmo modo sobre outra divisão das NRs, escritos depois das correções de v e w e medidos antes das suas (0,860 / 0,760). fora (40 conversas, decisão 0070) termina em perguntas que as NRs não respondem (CLT, INSS, NBR, AVCB…), apoiadas na conversa ("e esse adicional entra no cálculo das férias?"): mede a abstenção num chat, 0,325 antes da decisão 0070. z (50 conversas de 2 a 4 turnos que vagueiam, decisão 0070), escrito do mesmo modo sobre todas as NRs e lido: 0,700 antes das correções que inspirou. ab (50 conversas de 2 a 3 turnos, decisão 0074), escrito do mesmo modo sobre 25 NRs, com a última mensagem apoiada na conversa, e lido: 0,720 (abstenção indevida 0,080) no código de antes das correções que inspirou. ac (50 conversas, decisão 0074), escrito do mesmo modo sobre 26 NRs e itens que ab não usa, nunca lido: medido no código de antes da decisão 0074 (0,760, abstenção indevida 0,040) e no de depois. Os conjuntos b a j, lidos para achar falhas (decisões 0047, 0049 e 0052), passaram a ser dados de treino (decisão 0053) e saíram da medida; nenhuma linha de treino tem índice de Jaccard ≥ 0,45 (palavras da conversa inteira) com uma pergunta de dev ou de qualquer conjunto de bench/questions (decisão 0061; training-data.test.ts).',
      '- **… após outra pergunta**: controle do que o chat carrega — cada pergunta de um conjunto de perguntas avulsas, feita num chat Pro logo depois da pergunta com resposta anterior do arquivo (em geral outro assunto). Lida com a conversa, deve sair tão bem quanto sozinha; as perguntas fora do acervo continuam recusadas (coluna de abstenção), mesmo com as NRs da resposta anterior em foco.',
      realLlm
        ? `- Motor LLM: endpoint ${new URL(realLlm).host}, modelo ${process.env.NORMAS_BENCH_LLM_MODEL ?? '(padrão)'}.`
        : '- Motor LLM: stand-in local (bench/lib/llm-standin.ts) que responde como o motor extrativo sobre as fontes numeradas do prompt e cita com marcadores [n]; mede o caminho do motor (prompt, streaming, marcadores → links, filtro de citações, trechos), não um modelo. Com NORMAS_BENCH_LLM_URL (e NORMAS_BENCH_LLM_MODEL, NORMAS_BENCH_LLM_KEY) mede um endpoint real.',
      '',
      ...tables,
    ].join('\n');
    writeBenchResult('answers.md', report);
    process.stdout.write(report);
    process.stderr.write(`${misses.join('\n')}\n`);
  } finally {
    await standIn?.close();
    await database.close();
  }
}

runBench(main);
