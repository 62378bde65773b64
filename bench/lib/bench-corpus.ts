import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readQuestions } from '../../apps/api/src/cli/eval.command';
import { loadConfig, REPO_ROOT, SHIPPED_CORPUS_DIR } from '../../apps/api/src/config';
import { openDatabase, type Database } from '../../apps/api/src/db/client';
import { importRegulationFiles } from '../../apps/api/src/modules/regulations/import/import-files';
import { createRegulationsRepository } from '../../apps/api/src/modules/regulations/regulations.repository';
import type { EvalQuestion } from '../../apps/api/src/modules/retrieval/metrics';
import { createRetrievalRepository } from '../../apps/api/src/modules/retrieval/retrieval.repository';
import type { IndexedSection } from '../../apps/api/src/modules/retrieval/retrieval.types';

/**
 * The follow-up sets: conversations whose last turn is judged (bench:answers) — followups.jsonl,
 * used while tuning the follow-up resolution, and the sets written without seeing the code (k to r,
 * never read; decisions 0053, 0054 and 0056).
 */
export const FOLLOW_UPS_PATTERN = /^followups(?:-[a-z0-9]+)?\.jsonl$/;

/** The follow-up sets under bench/questions, sorted. */
export function followUpFiles(): string[] {
  return fs
    .readdirSync(path.join(REPO_ROOT, 'bench/questions'))
    .filter((f) => FOLLOW_UPS_PATTERN.test(f))
    .sort()
    .map((f) => path.join(REPO_ROOT, 'bench/questions', f));
}

export interface QuestionSet {
  file: string;
  questions: EvalQuestion[];
}

/**
 * The question sets a benchmark runs on: the files given as arguments, or NORMAS_EVAL_FILE
 * (default ../shared/eval/dev.jsonl) followed by our held-out sets in bench/questions/. The first
 * set is the main table; a held-out set that is missing is skipped.
 */
export function benchQuestionSets(args: readonly string[]): QuestionSet[] {
  const files =
    args.length > 0
      ? [...args]
      : [
          process.env.NORMAS_EVAL_FILE ?? path.join(REPO_ROOT, '../shared/eval/dev.jsonl'),
          ...fs
            .readdirSync(path.join(REPO_ROOT, 'bench/questions'))
            // Conversations are judged turn by turn by bench:answers, not as single questions.
            .filter((f) => f.endsWith('.jsonl') && !FOLLOW_UPS_PATTERN.test(f))
            .sort()
            .map((f) => path.join(REPO_ROOT, 'bench/questions', f)),
        ];
  return files
    .map((f) => path.resolve(f))
    .filter((f, i) => i === 0 || fs.existsSync(f))
    .map((file) => ({ file, questions: readQuestions(file) }));
}

/**
 * The database a benchmark reads: DATA_DIR/DATABASE_URL when set, otherwise a scratch PGlite
 * folder named after the benchmark into which the corpus (CORPUS_DIR or the shipped NRs) is
 * imported once.
 */
export async function openBenchCorpus(scratch: string): Promise<{
  database: Database;
  sections: IndexedSection[];
  corpusDir: string;
}> {
  const configured = Boolean(process.env.DATABASE_URL || process.env.DATA_DIR);
  const config = loadConfig(
    configured ? process.env : { ...process.env, DATA_DIR: path.join(os.tmpdir(), scratch) },
  );
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const corpusDir = config.corpusDir ?? SHIPPED_CORPUS_DIR;
  let sections = await createRetrievalRepository(database.db).listIndexedSections();
  if (sections.length === 0) {
    process.stderr.write(`Importando o acervo de ${corpusDir}...\n`);
    await importRegulationFiles(createRegulationsRepository(database.db), [corpusDir]);
    sections = await createRetrievalRepository(database.db).listIndexedSections();
  }
  return { database, sections, corpusDir };
}
