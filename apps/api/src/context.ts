import type { Config } from './config';
import type { Database } from './db/client';
import { resolveSessionSecret } from './lib/session-secret';
import { createSessionsRepository } from './modules/auth/sessions.repository';
import { createSessionService } from './modules/auth/session.service';
import { createUsersRepository } from './modules/users/users.repository';

/** Everything a route module needs, built once per app: the composition root. */
export function createContext(config: Config, database: Database) {
  const users = createUsersRepository(database.db);
  const sessions = createSessionService({
    secret: resolveSessionSecret(config.sessionSecret, config.dataDir),
    ttlSeconds: config.sessionTtlSeconds,
    sessions: createSessionsRepository(database.db),
    users,
  });
  return { config, database, db: database.db, users, sessions };
}

export type AppContext = ReturnType<typeof createContext>;
