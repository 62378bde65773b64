import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import type { Lifecycle } from '../lib/lifecycle';

/** Probes keep answering while the process drains: readiness says "stopping", liveness "ok". */
const PROBES = new Set(['/api/v1/ready', '/api/v1/health']);

/**
 * Once the process is asked to stop, every new request but the probes is turned away with a pt-BR
 * 503 and `Connection: close`, so that a client or load balancer retries on another process.
 * Requests and streams already under way are not touched.
 */
export function registerDrainGuard(app: FastifyInstance, lifecycle: Lifecycle) {
  app.addHook('onRequest', async (request, reply) => {
    if (!lifecycle.draining) return;
    if (PROBES.has(request.url.split('?')[0] ?? '')) return;
    reply.header('connection', 'close');
    throw new AppError('SERVER_STOPPING', undefined, undefined, undefined, { 'retry-after': '5' });
  });
}
