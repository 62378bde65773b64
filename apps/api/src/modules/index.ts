import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { chatsRoutes } from './chats/chats.routes';

/** Feature route modules, mounted under /api/v1. */
export async function registerModules(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await api.register(chatsRoutes, { ctx });
}
