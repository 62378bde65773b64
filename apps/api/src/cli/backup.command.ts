import path from 'node:path';
import { loadConfig } from '../config';
import { BackupError, restoreBackup } from '../db/backup';
import { openDatabase } from '../db/client';
import { sendControlRequest } from '../db/control-socket';
import { DataDirLockedError } from '../db/data-dir-lock';
import { cliHolderName } from './open-cli-database';
import { UsageError } from './usage-error';

export interface BackupCommandIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

const megabytes = (bytes: number) =>
  `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;

const WITH_POSTGRES_BACKUP =
  'Com DATABASE_URL o banco é um servidor PostgreSQL: copie-o com pg_dump, por exemplo\n' +
  '  pg_dump --format=custom --file=normas.dump "$DATABASE_URL"\n' +
  'e restaure com pg_restore --clean --dbname="$DATABASE_URL" normas.dump.';

/** The one file argument and the data folder, or null (and the pg_dump hint) on PostgreSQL. */
function embeddedTarget(
  args: string[],
  io: BackupCommandIo,
): { file: string; dataDir: string } | null {
  const [file] = args;
  if (!file || args.length !== 1) throw new UsageError('Informe o arquivo da cópia.');
  const config = loadConfig();
  if (config.databaseUrl) {
    io.stderr.write(`${WITH_POSTGRES_BACKUP}\n`);
    return null;
  }
  return { file: path.resolve(file), dataDir: config.dataDir };
}

/**
 * `normas backup <arquivo>`: a consistent copy of the embedded database — taken by the running
 * server through its control socket when one holds the data folder, otherwise by this command.
 */
export async function runBackupCommand(
  args: string[],
  io: BackupCommandIo = process,
): Promise<number> {
  const embedded = embeddedTarget(args, io);
  if (!embedded) return 2;
  const { file: target, dataDir } = embedded;
  let bytes: number;
  try {
    const database = await openDatabase({ dataDir, holder: cliHolderName() });
    try {
      await database.migrate();
      bytes = await database.backup!(target);
    } finally {
      await database.close();
    }
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const reply = await sendControlRequest(dataDir, { command: 'backup', file: target });
    if (!reply) {
      io.stderr.write(
        `${error.message}\nEsse processo não aceita pedidos de cópia: pare-o e rode o backup de novo.\n`,
      );
      return 1;
    }
    if (!reply.ok) throw new BackupError(reply.message);
    bytes = reply.bytes;
    io.stderr.write('Cópia feita pelo servidor em execução.\n');
  }
  io.stdout.write(`Cópia do banco salva em ${target} (${megabytes(bytes)}).\n`);
  return 0;
}

/** `normas restore <arquivo>`: replaces the embedded database with a copy; the server must be stopped. */
export async function runRestoreCommand(
  args: string[],
  io: BackupCommandIo = process,
): Promise<number> {
  const embedded = embeddedTarget(args, io);
  if (!embedded) return 2;
  try {
    const { previous } = await restoreBackup(embedded.dataDir, embedded.file, cliHolderName());
    io.stdout.write(`Banco restaurado de ${embedded.file}.\n`);
    if (previous) io.stdout.write(`O banco anterior foi guardado em ${previous}.\n`);
    return 0;
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      io.stderr.write(`${error.message}\nPare o servidor antes de restaurar uma cópia.\n`);
      return 1;
    }
    throw error;
  }
}
