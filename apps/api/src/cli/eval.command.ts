import fs from 'node:fs';
import { z } from 'zod';
import { computeMetrics, percentile, type EvalQuestion } from '../modules/retrieval/metrics';
import { createServedEngine } from '../modules/retrieval/models';
import { withImportedSections } from './open-cli-database';
import { UsageError } from './usage-error';

const QuestionLineSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  question: z.string().min(1),
  type: z.string().default(''),
  gold: z.array(z.object({ code: z.string(), item: z.string() })).default([]),
  facts: z.array(z.string()).default([]),
  /** Earlier user turns of a conversation whose last turn is `question` (follow-up sets). */
  turns: z.array(z.string()).optional(),
});

export function readQuestions(file: string): EvalQuestion[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(`Não foi possível ler o arquivo de perguntas: ${file}`);
  }
  return text
    .split('\n')
    .map((line, i) => [line.trim(), i + 1] as const)
    .filter(([line]) => line !== '')
    .map(([line, n]) => {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw new UsageError(`Linha ${n} de ${file} não é um JSON válido.`);
      }
      const parsed = QuestionLineSchema.safeParse(value);
      if (!parsed.success)
        throw new UsageError(`Linha ${n} de ${file} precisa de "id" e "question".`);
      return parsed.data;
    });
}

const fixed = (n: number) => n.toFixed(3);

/**
 * `normas eval --questions <file.jsonl>`: stdout carries only one JSON line per question, so that it
 * can be piped; the summary goes to stderr.
 */
export async function runEvalCommand(args: string[]): Promise<number> {
  const at = args.indexOf('--questions');
  const file = at >= 0 ? args[at + 1] : undefined;
  if (!file) throw new UsageError('Informe o arquivo de perguntas com --questions.');
  const questions = readQuestions(file);
  return withImportedSections((sections) => {
    const engine = createServedEngine(sections);
    const latencies: number[] = [];
    const outcomes = questions.map((q) => {
      const started = performance.now();
      const result = engine.search(q.question, { limit: 10 });
      latencies.push(performance.now() - started);
      const line = {
        id: q.id,
        abstained: result.abstained,
        results: result.results.map((r) => ({ code: r.code, item: r.item, score: r.score })),
      };
      process.stdout.write(`${JSON.stringify(line)}\n`);
      return line;
    });
    const m = computeMetrics(questions, outcomes);
    process.stderr.write(
      [
        `Perguntas: ${m.questions} (${m.answerable} com itens de referência, ${m.outOfCorpus} fora do acervo)`,
        `Recall@1 ${fixed(m.recallAt1)}  Recall@5 ${fixed(m.recallAt5)}  Recall@10 ${fixed(m.recallAt10)}  MRR@10 ${fixed(m.mrrAt10)}`,
        `Recall@1 por NR ${fixed(m.nrRecallAt1)}`,
        `Abstenção fora do acervo ${fixed(m.abstention)}  Abstenção indevida ${fixed(m.falseAbstention)}`,
        `Latência p50 ${percentile(latencies, 50).toFixed(2)} ms  p95 ${percentile(latencies, 95).toFixed(2)} ms`,
      ].join('\n') + '\n',
    );
    return 0;
  });
}
