import os from 'node:os';
import type { RetrievalMetrics } from '../../apps/api/src/modules/retrieval/metrics';

export interface EngineRow {
  name: string;
  abstentionRule: string;
  metrics: RetrievalMetrics;
  /** The same figures on the odd and even questions, to see how much tuning on dev carries over. */
  halves: RetrievalMetrics[];
  p50: number;
  p95: number;
  /** CPU time per query in this process (undefined for engines running elsewhere, e.g. PostgreSQL). */
  cpuMean: number | undefined;
  cpuP95: number | undefined;
}

const f = (n: number) => n.toFixed(3);
const ms = (n: number | undefined) => (n === undefined ? '–' : n.toFixed(2));

export function machineNote(): string {
  const cpu = os.cpus()[0]?.model ?? 'CPU desconhecida';
  const load = os.loadavg()[0]!.toFixed(1);
  return `${os.cpus().length} × ${cpu}, Node ${process.version}, carga média ${load} no início da medição`;
}

const quality = (m: RetrievalMetrics) =>
  `${f(m.recallAt1)} | ${f(m.recallAt5)} | ${f(m.recallAt10)} | ${f(m.mrrAt10)} | ${f(m.nrRecallAt1)} | ${f(m.abstention)} | ${f(m.falseAbstention)}`;

/** One question set's rows, one per engine. */
export interface QuestionSetRows {
  questionsFile: string;
  rows: EngineRow[];
}

const HEAD =
  '| Motor | Recall@1 | Recall@5 | Recall@10 | MRR@10 | Recall@1 por NR | Abstenção (fora do acervo) | Abstenção indevida |';

const describeSet = (set: QuestionSetRows) => {
  const m = set.rows[0]!.metrics;
  return `${set.questionsFile} — ${m.questions} perguntas (${m.answerable} com itens de referência, ${m.outOfCorpus} fora do acervo)`;
};

/** The markdown kept in bench/results/retrieval.md: the first set in full, then the others. */
export function renderReport(opts: {
  date: string;
  corpus: string;
  sections: number;
  buildMs: number;
  rounds: number;
  sets: QuestionSetRows[];
  notes: string[];
}): string {
  const [main, ...others] = opts.sets;
  if (!main) throw new Error('Nenhum conjunto de perguntas medido.');
  const lines = [
    '# Benchmark de recuperação',
    '',
    `- Data: ${opts.date}`,
    `- Acervo: ${opts.corpus} (${opts.sections} seções); índice próprio construído em ${opts.buildMs.toFixed(0)} ms de CPU`,
    `- Perguntas: ${opts.sets.map(describeSet).join('; ')}`,
    `- Máquina: ${machineNote()}`,
    `- Latência: uma passada de aquecimento, depois ${opts.rounds} passadas; p50/p95 de relógio de parede são a mediana das passadas. CPU/consulta é o tempo de CPU do processo (\`process.cpuUsage()\`), menos sensível à carga da máquina.`,
    '',
    `## ${describeSet(main)}`,
    '',
    `${HEAD} p50 ms | p95 ms | CPU/consulta ms (média / p95) |`,
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...main.rows.map(
      (r) =>
        `| ${r.name} | ${quality(r.metrics)} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${ms(r.cpuMean)} / ${ms(r.cpuP95)} |`,
    ),
    '',
    'Metades das perguntas (ímpares / pares):',
    '',
    `${HEAD} Metade |`,
    '|---|---|---|---|---|---|---|---|---|',
    ...main.rows.flatMap((r) =>
      r.halves.map((h, i) => `| ${r.name} | ${quality(h)} | ${i === 0 ? 'ímpares' : 'pares'} |`),
    ),
    '',
    ...others.flatMap((set) => [
      `## ${describeSet(set)}`,
      '',
      `${HEAD} p95 ms |`,
      '|---|---|---|---|---|---|---|---|---|',
      ...set.rows.map((r) => `| ${r.name} | ${quality(r.metrics)} | ${r.p95.toFixed(2)} |`),
      '',
    ]),
    'Um acerto é um resultado cujo item é igual a um item de referência (sem espaços nas pontas, sem diferença de caixa).',
    'Recall conta a lista ordenada mesmo quando o motor se abstém; abstenção é medida nas perguntas fora do acervo e abstenção indevida nas demais.',
    '',
    'Regras de abstenção (na primeira tabela; os pares têm o limiar escolhido em cada conjunto, ótimo dentro da amostra):',
    ...main.rows.map((r) => `- ${r.name}: ${r.abstentionRule}`),
    '',
    'Notas:',
    ...opts.notes.map((n) => `- ${n}`),
    '',
  ];
  return lines.join('\n');
}
