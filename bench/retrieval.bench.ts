/**
 * `npm run bench:retrieval [questions.jsonl]`: our engine against PostgreSQL FTS, MiniSearch and
 * Orama over the same sections. Questions come from the argument, NORMAS_EVAL_FILE or
 * ../shared/eval/dev.jsonl; the database from DATA_DIR/DATABASE_URL, or a scratch PGlite folder
 * into which the corpus (CORPUS_DIR or ../shared/corpus/raw) is imported once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readQuestions } from '../apps/api/src/cli/eval.command';
import { loadConfig, REPO_ROOT } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { importRegulationFiles } from '../apps/api/src/modules/regulations/import/import-files';
import { createRegulationsRepository } from '../apps/api/src/modules/regulations/regulations.repository';
import { createRetrievalEngine } from '../apps/api/src/modules/retrieval/engine';
import { computeMetrics, percentile, type EvalQuestion } from '../apps/api/src/modules/retrieval/metrics';
import { ABSTAIN_BELOW } from '../apps/api/src/modules/retrieval/confidence';
import { createRetrievalRepository } from '../apps/api/src/modules/retrieval/retrieval.repository';
import { renderReport, type EngineRow } from './lib/report';
import { createMiniSearchPeer } from './peers/minisearch.peer';
import { createOramaPeer } from './peers/orama.peer';
import type { BenchEngine, BenchOutcome } from './peers/peer';
import { createPgFtsPeer, dropPgFtsPeer } from './peers/pg-fts.peer';

async function measure(engine: BenchEngine, questions: readonly EvalQuestion[]): Promise<EngineRow> {
  for (const q of questions) await engine.search(q.question);
  const latencies: number[] = [];
  const outcomes: BenchOutcome[] = [];
  for (const q of questions) {
    const started = performance.now();
    outcomes.push(await engine.search(q.question));
    latencies.push(performance.now() - started);
  }
  return {
    name: engine.name,
    abstentionRule: engine.abstentionRule,
    metrics: computeMetrics(questions, outcomes),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
  };
}

async function main(): Promise<void> {
  const questionsFile = path.resolve(
    process.argv[2] ?? process.env.NORMAS_EVAL_FILE ?? path.join(REPO_ROOT, '../shared/eval/dev.jsonl'),
  );
  const questions = readQuestions(questionsFile);
  const configured = Boolean(process.env.DATABASE_URL || process.env.DATA_DIR);
  const config = loadConfig(
    configured ? process.env : { ...process.env, DATA_DIR: path.join(os.tmpdir(), 'normas-bench-retrieval') },
  );
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  try {
    let sections = await createRetrievalRepository(database.db).listIndexedSections();
    const corpusDir = config.corpusDir ?? path.join(REPO_ROOT, '../shared/corpus/raw');
    if (sections.length === 0) {
      process.stderr.write(`Importando o acervo de ${corpusDir}...\n`);
      await importRegulationFiles(createRegulationsRepository(database.db), [corpusDir]);
      sections = await createRetrievalRepository(database.db).listIndexedSections();
    }
    const started = performance.now();
    const ours = createRetrievalEngine(sections);
    process.stderr.write(`Índice próprio: ${sections.length} seções em ${(performance.now() - started).toFixed(0)} ms\n`);
    const engines: BenchEngine[] = [
      {
        name: 'Assistente de Normas',
        abstentionRule: `confiança < ${ABSTAIN_BELOW} (cobertura da pergunta pelo 1º item, reduzida por sinais de assunto fora das NRs)`,
        search: (q) => ours.search(q, { limit: 10 }),
      },
      await createPgFtsPeer(database),
      createMiniSearchPeer(sections),
      await createOramaPeer(sections),
    ];
    const rows: EngineRow[] = [];
    for (const engine of engines) {
      rows.push(await measure(engine, questions));
      process.stderr.write(`${engine.name}: ok\n`);
    }
    await dropPgFtsPeer(database);
    const report = renderReport({
      date: new Date().toISOString().slice(0, 10),
      corpus: `${new Set(sections.map((s) => s.code)).size} NRs de ${path.basename(corpusDir)}`,
      sections: sections.length,
      questionsFile: path.basename(questionsFile),
      rows,
    });
    fs.mkdirSync(path.join(REPO_ROOT, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(REPO_ROOT, 'bench/results/retrieval.md'), report);
    process.stdout.write(report);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
