import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { lockDataDir, pgliteFolder } from './data-dir-lock';

/**
 * Backups of the embedded database: a gzip'd tar of its PostgreSQL data folder, taken by the
 * process that has the database open, after a CHECKPOINT and with no query running meanwhile
 * (PGlite's dumpDataDir is exclusive), so the copy is consistent. A running server takes it on
 * request through its control socket (see control-socket.ts).
 */

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Writes the copy beside its destination first, so a failed backup never leaves half a file. */
export async function writeBackup(client: PGlite, file: string): Promise<number> {
  const target = path.resolve(file);
  if (!fs.existsSync(path.dirname(target))) {
    throw new BackupError(`A pasta de destino não existe: ${path.dirname(target)}`);
  }
  await client.exec('CHECKPOINT');
  const archive = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
  const partial = `${target}.parcial`;
  fs.writeFileSync(partial, archive, { mode: 0o600 });
  fs.renameSync(partial, target);
  return archive.length;
}

const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * Replaces the embedded database of `dataDir` with a backup. The data folder is locked for the whole
 * restore (a running server refuses it); the archive is first opened into a folder of its own and
 * checked, and only then swapped in. The database it replaces is kept beside it, renamed, and its
 * folder is returned.
 */
export async function restoreBackup(
  dataDir: string,
  file: string,
  holder: string,
): Promise<{ previous: string | null }> {
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new BackupError(`Arquivo não encontrado: ${source}`);
  const data = fs.readFileSync(source);
  if (!GZIP_MAGIC.every((byte, i) => data[i] === byte)) {
    throw new BackupError(
      `${source} não é uma cópia do banco embutido (esperado um arquivo gerado por "normas backup").`,
    );
  }
  const lock = await lockDataDir(dataDir, holder);
  const target = pgliteFolder(dataDir);
  const staging = `${target}.restaurando`;
  try {
    fs.rmSync(staging, { recursive: true, force: true });
    try {
      const client = await PGlite.create(staging, {
        loadDataDir: new Blob([data]),
        extensions: { unaccent, pg_trgm },
      });
      try {
        await client.query('select count(*) from drizzle.__drizzle_migrations');
        await client.exec('CHECKPOINT');
      } finally {
        await client.close();
      }
    } catch (error) {
      fs.rmSync(staging, { recursive: true, force: true });
      const reason = error instanceof Error ? error.message : String(error);
      throw new BackupError(
        `${source} não pôde ser aberto como banco do Assistente de Normas (${reason}).`,
      );
    }
    let previous: string | null = null;
    if (fs.existsSync(target)) {
      previous = `${target}.antes-da-restauracao-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(target, previous);
    }
    fs.renameSync(staging, target);
    return { previous };
  } finally {
    lock.release();
  }
}
