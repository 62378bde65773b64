import rateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import { postgresRateLimitStore } from './rate-limit-store.postgres';

interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Every limit class, in one place: how many requests a client (by IP address) and a signed-in
 * user may make in a window. A route opts in with one line, `config: { rateLimitClass: 'payment' }`;
 * the per-IP limit runs before authentication (a flood is turned away before it costs a session
 * check), the per-user one after it. Plan quotas (questions per day or month) are another thing,
 * counted by billing; these only stop abuse.
 */
export const RATE_LIMIT_CLASSES = {
  /** Google sign-in and the development provider's tokens (a sign-in takes both): per IP only. */
  signIn: { perIp: { max: 30, windowMs: 60_000 } },
  question: {
    perIp: { max: 120, windowMs: 60_000 },
    perUser: { max: 20, windowMs: 60_000 },
  },
  chatMessage: {
    perIp: { max: 120, windowMs: 60_000 },
    perUser: { max: 20, windowMs: 60_000 },
  },
  payment: {
    perIp: { max: 30, windowMs: 60_000 },
    perUser: { max: 10, windowMs: 60_000 },
  },
} as const satisfies Record<string, { perIp: Limit; perUser?: Limit }>;

export type RateLimitClass = keyof typeof RATE_LIMIT_CLASSES;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The abuse limit this route counts against (see RATE_LIMIT_CLASSES). */
    rateLimitClass?: RateLimitClass;
  }
}

export type RateLimitStore =
  | { kind: 'memory' }
  | { kind: 'redis'; url: string; keyPrefix: string }
  | { kind: 'database'; db: Db };

export interface RateLimitsOptions {
  store: RateLimitStore;
  /** Replaces RATE_LIMIT_CLASSES (tests use small numbers). */
  classes?: Record<RateLimitClass, { perIp: Limit; perUser?: Limit }>;
}

interface RedisStoreBase {
  new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    redis: Redis,
    key: string,
  ): Pick<FastifyRateLimitStore, 'incr'>;
}

/**
 * The plugin's own Redis store (its Lua script, counting and expiring in one step), with keys named
 * `<REDIS_KEY_PREFIX><class>:<ip|user>:<id>`: its `child` would add the route to the key, but a
 * class spans several routes (the question and its stream count together).
 */
function redisStore(redis: Redis, keyPrefix: string) {
  const Base = createRequire(import.meta.url)(
    '@fastify/rate-limit/store/RedisStore.js',
  ) as RedisStoreBase;
  return class ClassRedisStore extends Base implements FastifyRateLimitStore {
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      super(
        params.continueExceeding ?? false,
        params.exponentialBackoff ?? false,
        redis,
        keyPrefix,
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/** How long the start waits for Redis before serving without limits (logged). */
const REDIS_CONNECT_WAIT_MS = 3_000;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

async function storeOptions(app: FastifyInstance, store: RateLimitStore) {
  if (store.kind === 'redis') {
    // ioredis loads only when Redis is configured: the default start does without it.
    const { Redis } = await import('ioredis');
    // Fail fast while Redis is away: the request is let through (below) rather than held.
    const redis = new Redis(store.url, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 2_000,
    });
    redis.on('error', (error) =>
      app.log.warn({ err: error }, 'Redis dos limites de requisições indisponível'),
    );
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    // Start counting from the first request: wait (briefly) for the connection.
    const connected = await Promise.race([
      once(redis, 'ready').then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => setTimeout(resolve, REDIS_CONNECT_WAIT_MS, false).unref()),
    ]);
    if (!connected)
      app.log.warn(
        'Redis dos limites de requisições ainda não respondeu: limites suspensos até lá',
      );
    return { store: redisStore(redis, store.keyPrefix) };
  }
  if (store.kind === 'database') {
    const { Store, close } = postgresRateLimitStore(store.db);
    app.addHook('onClose', async () => close());
    return { store: Store };
  }
  return {};
}

/**
 * Rate limits through @fastify/rate-limit: counters in memory for one process (PGlite), in
 * PostgreSQL or Redis when replicas share them. A limit answers 429 RATE_LIMITED with Retry-After.
 * When the store fails the request goes through, logged: an outage of the counters must not take
 * the product down with it.
 */
export const rateLimitsPlugin = fp(
  async (app: FastifyInstance, options: RateLimitsOptions) => {
    const classes = options.classes ?? RATE_LIMIT_CLASSES;
    await app.register(rateLimit, {
      global: false,
      skipOnError: false,
      ...(await storeOptions(app, options.store)),
    });

    const check =
      (limiter: Limiter): onRequestHookHandler =>
      async (request) => {
        let result;
        try {
          result = await limiter(request);
        } catch (error) {
          request.log.warn({ err: error }, 'limite de requisições não verificado');
          return;
        }
        if (!result.isAllowed && result.isExceeded) {
          throw new AppError('RATE_LIMITED', undefined, undefined, undefined, {
            'retry-after': String(Math.max(1, result.ttlInSeconds)),
          });
        }
      };

    const hooks = new Map<
      RateLimitClass,
      { ip: onRequestHookHandler; user?: onRequestHookHandler }
    >();
    for (const [name, limits] of Object.entries(classes) as [
      RateLimitClass,
      { perIp: Limit; perUser?: Limit },
    ][]) {
      const ip = check(
        app.createRateLimit({
          max: limits.perIp.max,
          timeWindow: limits.perIp.windowMs,
          keyGenerator: (request: FastifyRequest) => `${name}:ip:${normalizeIP(request.ip)}`,
        }),
      );
      const perUser = limits.perUser;
      const user = perUser
        ? check(
            app.createRateLimit({
              max: perUser.max,
              timeWindow: perUser.windowMs,
              keyGenerator: (request: FastifyRequest) =>
                `${name}:user:${request.auth?.user.id ?? normalizeIP(request.ip)}`,
            }),
          )
        : undefined;
      hooks.set(name, { ip, user });
    }

    app.addHook('onRoute', (route: RouteOptions) => {
      const name = route.config?.rateLimitClass;
      if (!name) return;
      const limit = hooks.get(name)!;
      const own = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [limit.ip, ...own, ...(limit.user ? [limit.user] : [])];
    });
  },
  { name: 'rate-limits' },
);
