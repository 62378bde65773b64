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

/** The markdown kept in bench/results/retrieval.md. */
export function renderReport(opts: {
  date: string;
  corpus: string;
  sections: number;
  buildMs: number;
  questionsFile: string;
  rounds: number;
  rows: EngineRow[];
  notes: string[];
}): string {
  const m = opts.rows[0]!.metrics;
  const head =
    '| Motor | Recall@1 | Recall@5 | Recall@10 | MRR@10 | Recall@1 por NR | Abstenção (fora do acervo) | Abstenção indevida |';
  const lines = [
    '# Benchmark de recuperação',
    '',
    `- Data: ${opts.date}`,
    `- Acervo: ${opts.corpus} (${opts.sections} seções); índice próprio construído em ${opts.buildMs.toFixed(0)} ms de CPU`,
    `- Perguntas: ${opts.questionsFile} — ${m.questions} (${m.answerable} com itens de referência, ${m.outOfCorpus} fora do acervo)`,
    `- Máquina: ${machineNote()}`,
    `- Latência: uma passada de aquecimento, depois ${opts.rounds} passadas; p50/p95 de relógio de parede são a mediana das passadas. CPU/consulta é o tempo de CPU do processo (\`process.cpuUsage()\`), menos sensível à carga da máquina.`,
    '',
    `${head} p50 ms | p95 ms | CPU/consulta ms (média / p95) |`,
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...opts.rows.map(
      (r) =>
        `| ${r.name} | ${quality(r.metrics)} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${ms(r.cpuMean)} / ${ms(r.cpuP95)} |`,
    ),
    '',
    'Metades das perguntas (ímpares / pares), para ver o quanto o ajuste feito em dev se mantém:',
    '',
    `${head} Metade |`,
    '|---|---|---|---|---|---|---|---|---|',
    ...opts.rows.flatMap((r) =>
      r.halves.map((h, i) => `| ${r.name} | ${quality(h)} | ${i === 0 ? 'ímpares' : 'pares'} |`),
    ),
    '',
    'Um acerto é um resultado cujo item é igual a um item de referência (sem espaços nas pontas, sem diferença de caixa).',
    'Recall conta a lista ordenada mesmo quando o motor se abstém; abstenção é medida nas perguntas fora do acervo e abstenção indevida nas demais.',
    '',
    'Regras de abstenção:',
    ...opts.rows.map((r) => `- ${r.name}: ${r.abstentionRule}`),
    '',
    'Notas:',
    ...opts.notes.map((n) => `- ${n}`),
    '',
  ];
  return lines.join('\n');
}
