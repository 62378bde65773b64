import crypto from 'node:crypto';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import { createContext, type AppContext } from './context';
import { openDatabase, type Database } from './db/client';
import { registerDrainGuard } from './plugins/drain-guard';
import { registerCompression } from './plugins/compression';
import { registerErrorHandler } from './plugins/error-handler';
import { authenticatePlugin } from './plugins/authenticate';
import { registerWebApp } from './plugins/web-app';
import { helmetOptions, securityHeadersPlugin } from './plugins/security-headers';
import { rejectNulPlugin } from './plugins/reject-nul';
import { rateLimitsPlugin, type RateLimitsOptions } from './plugins/rate-limits';
import { LOG_SERIALIZERS } from './lib/log-serializers';
import { watchCorpus } from './modules/retrieval/corpus-watch';
import { healthRoutes } from './modules/health/health.routes';
import { registerModules } from './modules';
import type { FetchLike } from './modules/auth/remote-key-set';
import { signInPageRoutes } from './modules/dev-auth/sign-in-page.routes';

z.config(z.locales.pt());

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildOptions {
  /** An already open database (tests); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  /** Pino logger options; tests pass `false`. */
  logger?: boolean | object;
  /** Fetches Google's ID-token signing keys (Firebase mode); tests pass a fake one. */
  fetch?: FetchLike;
  /** Replaces parts of the composition root, e.g. a failing answer engine in tests. */
  overrides?: Partial<AppContext>;
  /** Replaces the rate-limit classes (tests use small numbers). */
  rateLimitClasses?: RateLimitsOptions['classes'];
}

/** Fastify's types lack the hop count its docs allow: "trust the n nearest hops" as a function. */
const trustProxyOption = (trust: Config['trustProxy']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/** Where rate-limit counters live: shared by replicas through Redis or PostgreSQL. */
function rateLimitStore(config: Config, database: Database): RateLimitsOptions['store'] {
  if (config.redisUrl)
    return { kind: 'redis', url: config.redisUrl, keyPrefix: config.redisKeyPrefix };
  if (database.kind === 'postgres') return { kind: 'database', db: database.db };
  return { kind: 'memory' };
}

export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  // loadConfig already refuses this; a hand-made Config must not slip past either.
  if (config.env === 'production' && !config.firebase) {
    throw new Error(
      'O provedor de identidade de desenvolvimento não pode rodar em produção: configure FIREBASE_PROJECT_ID.',
    );
  }
  if (config.env === 'production' && config.payments.provider === 'demo') {
    throw new Error(
      'O pagamento de demonstração não pode rodar em produção: configure STRIPE_SECRET_KEY.',
    );
  }
  const app = Fastify({
    // Every logger gets the serializers that keep the user's text (SQL parameters, searches) out.
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof options.logger === 'object' ? options.logger : {}),
            serializers: LOG_SERIALIZERS,
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
    // Requests that arrive while the server drains get the pt-BR 503 of the drain guard instead.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const openedAt = Date.now();
  const database =
    options.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  if (!options.database) app.addHook('onClose', async () => database.close());
  await database.migrate();
  // A start that stalls tells the operator where: the database, the corpus or the listen.
  app.log.info(
    { database: config.databaseUrl ? 'postgresql' : 'embutido', ms: Date.now() - openedAt },
    'banco de dados aberto e migrado',
  );

  const ctx: AppContext = {
    ...createContext(config, database, { fetch: options.fetch }),
    ...options.overrides,
  };
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => ctx.broadcaster.close());
  const stopCorpusWatch = await watchCorpus({
    db: database.db,
    broadcaster: ctx.broadcaster,
    retrieval: ctx.retrieval,
    log: app.log,
  });
  app.addHook('onClose', stopCorpusWatch);

  await app.register(
    securityHeadersPlugin,
    helmetOptions({
      production: config.env === 'production',
      firebaseAuthDomain: config.firebase?.authDomain,
      stripe: config.payments.provider === 'stripe',
    }),
  );
  await app.register(cors, { origin: [config.publicOrigin], credentials: false });
  registerDrainGuard(app, ctx.lifecycle);
  await registerCompression(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Assistente de Normas API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(authenticatePlugin, { sessions: ctx.sessions });
  await app.register(rejectNulPlugin);
  if (config.rateLimits) {
    await app.register(rateLimitsPlugin, {
      store: rateLimitStore(config, database),
      classes: options.rateLimitClasses,
    });
  }

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ctx });
      await registerModules(api, ctx);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api/v1' },
  );

  if (ctx.devIdentity) await app.register(signInPageRoutes);
  await registerWebApp(app, config.webDistDir, { sourceMaps: config.env !== 'production' });
  return app;
}
