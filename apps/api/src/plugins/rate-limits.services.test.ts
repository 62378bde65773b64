/** Rate-limit counters in Redis (REDIS_URL): replicas that share them count together. */
import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';
import { RATE_LIMIT_CLASSES, rateLimitsPlugin } from './rate-limits';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `${process.env.TEST_REDIS_PREFIX ?? 'normas-test:'}${crypto.randomBytes(4).toString('hex')}:`;

const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${PREFIX}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

async function replica(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  await app.register(rateLimitsPlugin, {
    store: { kind: 'redis', url: REDIS_URL, keyPrefix: PREFIX },
    classes: { ...RATE_LIMIT_CLASSES, payment: { perIp: { max: 4, windowMs: 60_000 } } },
  });
  app.post('/pagar', { config: { rateLimitClass: 'payment' } }, async () => ({ ok: true }));
  await app.ready();
  apps.push(app);
  return app;
}

describe('rate-limit counters in Redis', () => {
  it('are shared by replicas, exactly, under parallel requests, under their own prefix', async () => {
    const [a, b, c] = [await replica(), await replica(), await replica()];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        [a, b, c][i % 3]!.inject({ method: 'POST', url: '/pagar', remoteAddress: '10.8.0.1' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([
      ...Array<number>(4).fill(200),
      ...Array<number>(8).fill(429),
    ]);
    const limited = results.find((r) => r.statusCode === 429)!;
    expect(limited.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'Muitas requisições. Aguarde um instante e tente novamente.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    const redis = new Redis(REDIS_URL);
    try {
      expect(await redis.keys(`${PREFIX}*`)).toEqual([`${PREFIX}payment:ip:10.8.0.1`]);
    } finally {
      await redis.quit();
    }
  });
});
