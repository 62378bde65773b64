import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { REPO_ROOT } from '../config';
import { writeBackup } from './backup';
import { lockDataDir, pgliteFolder } from './data-dir-lock';
import { createPgListener, type Listener } from './pg-listener';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'apps/api/drizzle');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /** True when the database answers a query. */
  ping(): Promise<boolean>;
  /** True when every migration shipped with this build has been applied. */
  migrationsApplied(): Promise<boolean>;
  /** PostgreSQL LISTEN/NOTIFY: across processes on a server, within the process on PGlite. */
  notifications: Listener & { notify(channel: string, payload: string): Promise<void> };
  close(): Promise<void>;
  /**
   * Embedded database only: writes a consistent copy of it to `file` (see backup.ts) and returns
   * its size in bytes. A server database is copied with pg_dump instead.
   */
  backup?(file: string): Promise<number>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent an embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data folder; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /** Who holds the data folder while PGlite has it open: "servidor" or a CLI command line. */
  holder?: string;
}

function journalSize(): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'),
  ) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.dataDir, options.holder ?? 'servidor');
}

async function openPglite(dataDir: string, holder: string): Promise<Database> {
  if (dataDir.startsWith('memory://')) {
    return wrapPglite(await PGlite.create(dataDir, { extensions: { unaccent, pg_trgm } }));
  }
  // Before PGlite touches a file: a second process on the folder would corrupt it (see data-dir-lock).
  const lock = await lockDataDir(dataDir, holder);
  try {
    const folder = pgliteFolder(dataDir);
    fs.mkdirSync(folder, { recursive: true });
    const client = await PGlite.create(folder, { extensions: { unaccent, pg_trgm } });
    return wrapPglite(client, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

function wrapPglite(client: PGlite, afterClose?: () => void): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // One process holds the database, so no connection can be lost: nothing to reconnect.
  const listener: Listener = {
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    onReconnect: () => () => {},
    close: async () => {},
  };
  return withCommon(db, 'pglite', listener, {
    migrate: () =>
      migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        afterClose?.();
      }
    },
    backup: (file) => writeBackup(client, file),
  });
}

async function openPostgres(url: string): Promise<Database> {
  // Loaded here: the embedded database, the default, starts faster without them.
  const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] =
    await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  const listener = createPgListener(url, pg.Client);
  return withCommon(db, 'postgres', listener, {
    migrate: () =>
      migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  });
}

function withCommon(
  db: Db,
  kind: Database['kind'],
  listener: Listener,
  ops: Pick<Database, 'migrate' | 'close' | 'backup'>,
): Database {
  return {
    db,
    kind,
    migrate: ops.migrate,
    close: ops.close,
    backup: ops.backup,
    notifications: {
      ...listener,
      async notify(channel, payload) {
        await db.execute(sql`select pg_notify(${channel}, ${payload})`);
      },
    },
    async ping() {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    async migrationsApplied() {
      try {
        const result = await db.execute<{ n: number }>(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        const rows = (result as unknown as { rows: { n: number }[] }).rows;
        return (rows[0]?.n ?? 0) >= journalSize();
      } catch {
        return false;
      }
    },
  };
}
