import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';

/** Opens and migrates the same database the server uses (DATA_DIR or DATABASE_URL). */
export async function openCliDatabase(): Promise<Database> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  return database;
}
