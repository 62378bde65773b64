import path from 'node:path';
import {
  ImportInputError,
  importRegulationFiles,
  type ImportProgress,
} from '../modules/regulations/import/import-files';
import { createRegulationsRepository } from '../modules/regulations/regulations.repository';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { createBroadcasterFor } from '../lib/broadcaster';
import { announceCorpusChanged } from '../modules/retrieval/corpus-watch';
import { openCliDatabase } from './open-cli-database';
import { UsageError } from './usage-error';

export interface ImportCommandIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  /** Tests hand in their own database; the command closes what it gets. */
  openDatabase?: () => Promise<Database>;
  /** Tells running servers that the regulations changed (default: the configured broadcaster). */
  announce?: (database: Database) => Promise<void>;
}

/** Running replicas rebuild their search index at once instead of at their next check. */
async function announceToServers(database: Database): Promise<void> {
  const broadcaster = createBroadcasterFor(loadConfig(), database);
  try {
    await announceCorpusChanged(database.db, broadcaster);
  } finally {
    await broadcaster.close();
  }
}

function progressLine({ index, total, result }: ImportProgress): string {
  const where = `[${index}/${total}] ${result.file}`;
  if (result.status === 'failed') return `${where} — FALHA: ${result.reason}\n`;
  const note = result.status === 'unchanged' ? ' (sem alterações)' : '';
  return `${where} — ${result.code}, ${result.sections} itens${note}\n`;
}

/**
 * `normas import <file-or-folder>...`: prints the summary as JSON on stdout; progress goes to
 * stderr on a terminal, failures always. Exit code 1 when any file failed.
 */
export async function runImportCommand(
  args: string[],
  io: ImportCommandIo = process,
): Promise<number> {
  const inputs = args.filter((a) => a.trim() !== '');
  if (inputs.length === 0) throw new UsageError('Informe ao menos um arquivo ou pasta.');
  const database = await (io.openDatabase ?? openCliDatabase)();
  try {
    const started = Date.now();
    const summary = await importRegulationFiles(
      createRegulationsRepository(database.db),
      inputs.map((i) => path.resolve(i)),
      (progress) => {
        if (io.stderr.isTTY || progress.result.status === 'failed')
          io.stderr.write(progressLine(progress));
      },
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    io.stderr.write(
      `${summary.files.length} arquivo(s) em ${seconds} s: ${summary.imported} importado(s), ` +
        `${summary.unchanged} sem alterações, ${summary.failed} com falha.\n`,
    );
    if (summary.imported > 0) {
      await (io.announce ?? announceToServers)(database).catch((error: unknown) =>
        io.stderr.write(
          `Aviso: não foi possível avisar os servidores em execução (${error instanceof Error ? error.message : String(error)}); eles verão a mudança em até 30 s.\n`,
        ),
      );
    }
    io.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    return summary.failed > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof ImportInputError) {
      io.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  } finally {
    await database.close();
  }
}
