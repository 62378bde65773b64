import type { Db } from '../../db/client';
import { importRegulationFiles, type ImportSummary } from './import/import-files';
import { createRegulationsRepository } from './regulations.repository';

export interface ImportLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Imports the shipped NRs, then CORPUS_DIR, at start-up so that a fresh install answers questions at
 * once. Files already imported with the same content are skipped by checksum, so a restart costs
 * one query per file.
 */
export async function importCorpusIfNeeded(
  db: Db,
  corpusDirs: string[],
  log: ImportLog,
  signal?: AbortSignal,
): Promise<ImportSummary> {
  const started = Date.now();
  const summary = await importRegulationFiles(
    createRegulationsRepository(db),
    corpusDirs,
    ({ index, total, result }) => {
      if (result.status === 'failed')
        log.warn({ file: result.file, reason: result.reason }, `[${index}/${total}] falha`);
      else if (result.status === 'outdated')
        log.warn({ file: result.file, reason: result.reason }, `[${index}/${total}] mais antigo`);
      else if (result.status === 'imported')
        log.info(
          {
            file: result.file,
            code: result.code,
            sections: result.sections,
            ...(result.changes ? { changes: result.changes } : {}),
          },
          `[${index}/${total}] ${result.changes ? 'nova versão importada' : 'importado'}`,
        );
    },
    signal,
  );
  log.info(
    {
      corpusDirs,
      imported: summary.imported,
      unchanged: summary.unchanged,
      outdated: summary.outdated,
      failed: summary.failed,
      ms: Date.now() - started,
    },
    'base de normas verificada',
  );
  return summary;
}
