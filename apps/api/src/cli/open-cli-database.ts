import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { createRetrievalRepository } from '../modules/retrieval/retrieval.repository';
import type { IndexedSection } from '../modules/retrieval/retrieval.types';

/** How a CLI process names itself in the data-folder lock: "normas import nr-35.pdf". */
export function cliHolderName(argv = process.argv.slice(2)): string {
  return ['normas', ...argv].join(' ');
}

/** Opens and migrates the same database the server uses (DATA_DIR or DATABASE_URL). */
export async function openCliDatabase(): Promise<Database> {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    holder: cliHolderName(),
  });
  await database.migrate();
  return database;
}

/**
 * Runs a command over the imported sections, closing the database afterwards. Without an imported
 * corpus it says how to import one and exits with 1.
 */
export async function withImportedSections(
  run: (sections: IndexedSection[]) => number | Promise<number>,
): Promise<number> {
  const database = await openCliDatabase();
  try {
    const sections = await createRetrievalRepository(database.db).listIndexedSections();
    if (sections.length === 0) {
      process.stderr.write('Nenhuma norma importada. Rode antes: normas import <pasta>\n');
      return 1;
    }
    return await run(sections);
  } finally {
    await database.close();
  }
}
