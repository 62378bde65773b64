/**
 * `npm run bench:answers [questions.jsonl...]`: what a user reads, not just what retrieval ranks.
 * Each question goes through retrieval and the grounded extractive engine exactly as the question
 * endpoint does, and the answer is judged against the question's gold items and `facts` (short
 * quotes of the gold items that answer it). The worst outcome for the product is a confident wrong
 * answer: one that cites items and none of them is a gold item. Same question sets and database as
 * bench:retrieval; results in bench/results/answers.md.
 */
import path from 'node:path';
import { composeExtractiveAnswer } from '../apps/api/src/modules/answers/extractive.engine';
import { RETRIEVAL_LIMIT } from '../apps/api/src/modules/questions/questions.service';
import { percentile } from '../apps/api/src/modules/retrieval/metrics';
import { answerMetrics, judgeAnswer } from '../apps/api/src/modules/answers/answer-metrics';
import { createServedEngine } from '../apps/api/src/modules/retrieval/models';
import { buildTurnInput, type ChatSoFar } from '../apps/api/src/modules/chats/chat-context';
import { REPO_ROOT } from '../apps/api/src/config';
import { readQuestions } from '../apps/api/src/cli/eval.command';
import type { EvalQuestion } from '../apps/api/src/modules/retrieval/metrics';
import type { SearchResult } from '../apps/api/src/modules/retrieval/retrieval.types';
import { benchQuestionSets, FOLLOW_UPS_FILE, openBenchCorpus } from './lib/bench-corpus';
import { machineNote } from './lib/report';
import { runBench, writeBenchResult } from './lib/run';

const f = (n: number) => n.toFixed(3);

async function main(): Promise<void> {
  const sets = benchQuestionSets(process.argv.slice(2));
  const { database, sections, corpusDir } = await openBenchCorpus('normas-bench-retrieval');
  try {
    const engine = createServedEngine(sections);
    const today = new Date().toISOString().slice(0, 10);
    const titleOf = new Map(sections.map((s) => [s.code, s.title]));
    /**
     * A question as the product answers it: alone, or as the last turn of a Pro chat whose earlier
     * turns were answered the same way (chat-context.ts reads it with the conversation).
     */
    const answerOf = (q: EvalQuestion) => {
      const ask = (question: string, retrievalQuery: string) => {
        const retrieval: SearchResult = engine.search(retrievalQuery, { limit: RETRIEVAL_LIMIT });
        return { retrieval, answer: composeExtractiveAnswer({ question, retrieval }, today) };
      };
      if (!q.turns?.length) return ask(q.question, q.question);
      const chat: ChatSoFar & { messages: ChatSoFar['messages'][number][] } = {
        initialQuestion: q.turns[0]!,
        initialAnswer: null,
        initialRegulations: [],
        messages: [],
      };
      const regulationsOf = (citations: { code: string }[]) =>
        [...new Set(citations.map((c) => c.code))].map((code) => ({
          code,
          title: titleOf.get(code) ?? code,
        }));
      const first = ask(q.turns[0]!, q.turns[0]!);
      chat.initialAnswer = first.answer.markdown;
      chat.initialRegulations = regulationsOf(first.answer.citations);
      for (const turn of [...q.turns.slice(1), q.question]) {
        const input = buildTurnInput(turn, chat, true);
        const result = ask(input.question ?? turn, input.query);
        if (turn === q.question) return result;
        chat.messages.push({ content: turn, isUserMessage: true, regulations: [] });
        chat.messages.push({
          content: result.answer.markdown,
          isUserMessage: false,
          regulations: regulationsOf(result.answer.citations),
        });
      }
      throw new Error('unreachable');
    };
    const followUps = path.join(REPO_ROOT, 'bench/questions', FOLLOW_UPS_FILE);
    if (process.argv.length <= 2)
      sets.push({ file: followUps, questions: readQuestions(followUps) });
    const rows: string[] = [];
    const misses: string[] = [];
    for (const set of sets) {
      const times: number[] = [];
      const outcomes = set.questions.map((q) => {
        const started = performance.now();
        const { retrieval, answer } = answerOf(q);
        times.push(performance.now() - started);
        return judgeAnswer(q, answer, retrieval.partial === true);
      });
      const m = answerMetrics(set.questions, outcomes);
      const name = path.basename(set.file);
      rows.push(
        `| ${name} | ${m.questions} (${m.answerable} + ${m.outOfCorpus}) | ${f(m.leadAny)} | ${f(m.leadAll)} | ${f(m.anywhere)} | ${f(m.abstention)} | ${f(m.falseAbstention)} | ${f(m.citedGold)} | ${f(m.leadGold)} | ${f(m.wrong)} (${f(m.wrongFlagged)}) | ${f(m.factRecall)} | ${m.citationsPerAnswer.toFixed(2)} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 95).toFixed(2)} |`,
      );
      const wrongCount = outcomes.filter(
        (o, i) => set.questions[i]!.gold.length > 0 && !o.abstained && !o.citedGold,
      ).length;
      misses.push(`${name}: ${wrongCount} respostas sem item de referência`);
      if (process.env.BENCH_VERBOSE) {
        set.questions.forEach((q, i) => {
          const o = outcomes[i]!;
          if (q.gold.length > 0 && o.facts > 0 && o.leadFactsFound < o.facts)
            process.stderr.write(
              `  ${q.id} lead ${o.leadFactsFound}/${o.facts} anywhere ${o.factsFound} gold-cited ${o.citedGold} lead-gold ${o.leadGold}: ${q.question}\n`,
            );
        });
      }
      process.stderr.write(`${name}: ok\n`);
    }
    const report = [
      '# Benchmark de respostas (motor extrativo)',
      '',
      `- Data: ${today}`,
      `- Acervo: ${new Set(sections.map((s) => s.code)).size} NRs de ${path.basename(corpusDir)} (${sections.length} seções)`,
      `- Máquina: ${machineNote()}`,
      `- Cada pergunta passa pela recuperação (${RETRIEVAL_LIMIT} itens) e pelo motor extrativo como no endpoint de perguntas.`,
      '- **1º parágrafo: algum fato / todos os fatos**: entre as perguntas com resposta e com `facts`, a fração cujo primeiro parágrafo (o que o usuário lê e segue; o aviso de correspondência parcial não conta) traz ao menos um / todos os fatos.',
      '- **Fato em qualquer parte**: a fração cuja resposta traz ao menos um fato em qualquer ponto do texto.',
      '- **Cita item de referência**: perguntas com resposta no acervo respondidas citando ao menos um item de referência.',
      '- **Abre com item de referência**: o primeiro item citado (o que a resposta lê primeiro) é de referência.',
      '- **Resposta sem item de referência**: respondida, mas nenhum item citado é de referência — o erro que mais custa ao usuário; entre parênteses, as que abriram avisando que os itens são os mais próximos, não uma correspondência.',
      '- **Fatos citados**: fração média dos trechos de referência (`facts`) que aparecem no texto da resposta (sem acentos, caixa e pontuação); abstenção conta 0.',
      '- Abstenção: perguntas fora do acervo recusadas; abstenção indevida: perguntas com resposta recusadas.',
      `- **${FOLLOW_UPS_FILE}**: conversas de 2–3 turnos num chat Pro; cada turno anterior é respondido como no chat e só o último é julgado, lido com a conversa (chat-context.ts).`,
      '',
      '| Perguntas | N (com resposta + fora) | 1º parágrafo: algum fato | 1º parágrafo: todos | Fato em qualquer parte | Abstenção (fora do acervo) | Abstenção indevida | Cita item de referência | Abre com item de referência | Resposta sem item de referência (com aviso) | Fatos citados | Itens citados por resposta | p50 ms | p95 ms |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n');
    writeBenchResult('answers.md', report);
    process.stdout.write(report);
    process.stderr.write(`${misses.join('\n')}\n`);
  } finally {
    await database.close();
  }
}

runBench(main);
