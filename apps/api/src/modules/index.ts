import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** Feature route modules, mounted under /api/v1. */
export async function registerModules(_api: FastifyInstance, _ctx: AppContext): Promise<void> {}
