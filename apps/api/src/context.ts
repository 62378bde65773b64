import type { Config } from './config';
import type { Database } from './db/client';
import { createLifecycle } from './lib/lifecycle';
import { resolveSessionSecret } from './lib/session-secret';
import { createSessionsRepository } from './modules/auth/sessions.repository';
import { createSessionService } from './modules/auth/session.service';
import { createUsersRepository } from './modules/users/users.repository';
import { createAuthService, createIdentity } from './modules/auth/auth.service';
import type { FetchLike } from './modules/auth/remote-key-set';
import { loadRetrievalIndex } from './modules/retrieval/retrieval.service';
import { createAnswerEngine } from './modules/answers/create-answer-engine';
import { createSizingTablesSource } from './modules/establishments/sizing/load-sizing-tables';
import { createCalculatedAnswers } from './modules/establishments/sizing-answers/calculated-answers';
import { createEstablishmentsRepository } from './modules/establishments/establishments.repository';
import { createCitedSectionsRepository } from './modules/questions/cited-sections.repository';
import { createBroadcasterFor } from './lib/broadcaster';
import { createBilling } from './modules/billing/billing';
import { createWorkspacesRepository } from './modules/workspaces/workspaces.repository';
import { createPlanOverride } from './modules/workspaces/workspaces.service';
import { createRoomEvents } from './modules/rooms/room-events';
import type { HubOptions } from './modules/rooms/rooms.hub';

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
  const sizingTables = createSizingTablesSource(database.db);
  const establishments = createEstablishmentsRepository(database.db);
  const cited = createCitedSectionsRepository(database.db);
  const calculatedAnswers = createCalculatedAnswers({
    tables: sizingTables,
    activeProfile: (userId) => establishments.findActive(userId),
    findItems: async (refs) =>
      (await cited.byItemRefs(refs)).regulations.flatMap((r) =>
        r.sections.map((s) => ({
          regulationId: r.id,
          sectionId: s.id,
          code: r.code,
          item: s.item,
        })),
      ),
  });
  const broadcaster = createBroadcasterFor(config, database);
  const billing = createBilling(config, database.db);
  const workspaces = createWorkspacesRepository(database.db);
  return {
    config,
    lifecycle: createLifecycle(),
    database,
    db: database.db,
    users,
    sessions,
    auth,
    devIdentity,
    retrieval,
    answers,
    sizingTables,
    calculatedAnswers,
    broadcaster,
    billing,
    workspaces,
    /** A workspace member's quotas follow the Business plan (issue 11). */
    effectiveUser: createPlanOverride(workspaces),
    roomEvents: createRoomEvents(broadcaster),
    /** Limits of the room sockets (tests make them small); defaults in rooms.hub.ts. */
    roomsHubOptions: {} as Partial<HubOptions>,
  };
}

export type AppContext = ReturnType<typeof createContext>;
