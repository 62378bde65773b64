import os from 'node:os';
import type { RetrievalMetrics } from '../../apps/api/src/modules/retrieval/metrics';

export interface EngineRow {
  name: string;
  abstentionRule: string;
  metrics: RetrievalMetrics;
  p50: number;
  p95: number;
}

const f = (n: number) => n.toFixed(3);

export function machineNote(): string {
  const cpu = os.cpus()[0]?.model ?? 'CPU desconhecida';
  const load = os.loadavg()[0]!.toFixed(1);
  return `${os.cpus().length} × ${cpu}, Node ${process.version}, carga média ${load} no início da medição`;
}

/** The markdown kept in bench/results/retrieval.md. */
export function renderReport(opts: {
  date: string;
  corpus: string;
  sections: number;
  questionsFile: string;
  rows: EngineRow[];
}): string {
  const m = opts.rows[0]!.metrics;
  const lines = [
    '# Benchmark de recuperação',
    '',
    `- Data: ${opts.date}`,
    `- Acervo: ${opts.corpus} (${opts.sections} seções)`,
    `- Perguntas: ${opts.questionsFile} — ${m.questions} (${m.answerable} com itens de referência, ${m.outOfCorpus} fora do acervo)`,
    `- Máquina: ${machineNote()}`,
    '- Latência: uma passada de aquecimento, depois uma medida por pergunta (ms, relógio de parede).',
    '',
    '| Motor | Recall@1 | Recall@5 | Recall@10 | MRR@10 | Recall@1 por NR | Abstenção (fora do acervo) | Abstenção indevida | p50 ms | p95 ms |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...opts.rows.map(
      (r) =>
        `| ${r.name} | ${f(r.metrics.recallAt1)} | ${f(r.metrics.recallAt5)} | ${f(r.metrics.recallAt10)} | ${f(r.metrics.mrrAt10)} | ${f(r.metrics.nrRecallAt1)} | ${f(r.metrics.abstention)} | ${f(r.metrics.falseAbstention)} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} |`,
    ),
    '',
    'Um acerto é um resultado cujo item é igual a um item de referência (sem espaços nas pontas, sem diferença de caixa).',
    'Recall conta a lista ordenada mesmo quando o motor se abstém; abstenção é medida nas perguntas fora do acervo e abstenção indevida nas demais.',
    '',
    'Regras de abstenção:',
    ...opts.rows.map((r) => `- ${r.name}: ${r.abstentionRule}`),
    '',
  ];
  return lines.join('\n');
}
