import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

/**
 * A database of its own for one test file: in-memory PGlite by default, or a fresh database on the
 * PostgreSQL server named by DATABASE_URL (dropped afterwards), so that files can run in parallel.
 */
export async function openTestDatabase(): Promise<{
  database: Database;
  /** The database's postgres:// URL (PostgreSQL only), for other processes to share it. */
  url?: string;
  drop(): Promise<void>;
}> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return { database, drop: async () => {} };
  }
  const name = `normas_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: '' });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestAppOptions {
  /** Replaces parts of the composition root (a failing answer engine, a fake retrieval). */
  overrides?: BuildOptions['overrides'];
  /** Runs on the migrated database before the app is built, e.g. to insert fixture regulations. */
  beforeBuild?: (database: Database) => Promise<void>;
  /** Smaller rate limits than the shipped ones (with RATE_LIMITS=on). */
  rateLimitClasses?: BuildOptions['rateLimitClasses'];
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'normas-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...env,
  });
  const { database, drop } = await openTestDatabase();
  await options.beforeBuild?.(database);
  const app = await buildApp(config, {
    database,
    logger: false,
    overrides: options.overrides,
    rateLimitClasses: options.rateLimitClasses,
  });
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
