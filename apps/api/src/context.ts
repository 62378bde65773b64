import type { Config } from './config';
import type { Database } from './db/client';
import { resolveSessionSecret } from './lib/session-secret';
import { createSessionsRepository } from './modules/auth/sessions.repository';
import { createSessionService } from './modules/auth/session.service';
import { createUsersRepository } from './modules/users/users.repository';
import { createAuthService, createIdentity } from './modules/auth/auth.service';
import type { FetchLike } from './modules/auth/remote-key-set';
import { loadRetrievalIndex } from './modules/retrieval/retrieval.service';
import { createAnswerEngine } from './modules/answers/create-answer-engine';
import { createBroadcasterFor } from './lib/broadcaster';

export interface ContextOptions {
  /** Fetches Google's ID-token signing keys; tests pass a fake one. */
  fetch?: FetchLike;
}

/** Everything a route module needs, built once per app: the composition root. */
export function createContext(config: Config, database: Database, options: ContextOptions = {}) {
  const users = createUsersRepository(database.db);
  const sessions = createSessionService({
    secret: resolveSessionSecret(config.sessionSecret, config.dataDir),
    ttlSeconds: config.sessionTtlSeconds,
    sessions: createSessionsRepository(database.db),
  });
  const { verifier, devIdentity } = createIdentity(config, options.fetch);
  const auth = createAuthService({ config, verifier, users, sessions });
  const retrieval = loadRetrievalIndex(database.db);
  const answers = createAnswerEngine(config);
  const broadcaster = createBroadcasterFor(config, database);
  return {
    config,
    database,
    db: database.db,
    users,
    sessions,
    auth,
    devIdentity,
    retrieval,
    answers,
    broadcaster,
  };
}

export type AppContext = ReturnType<typeof createContext>;
