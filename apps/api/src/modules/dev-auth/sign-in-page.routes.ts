import type { FastifyInstance } from 'fastify';
import { DEV_SIGN_IN_PATH } from '../auth/auth.service';
import { loopbackOnly } from './loopback-only';
import {
  SIGN_IN_PAGE_HTML,
  SIGN_IN_SCRIPT,
  SIGN_IN_SCRIPT_PATH,
  SIGN_IN_STYLE,
  SIGN_IN_STYLE_PATH,
} from './sign-in-page.assets';

/**
 * The development account chooser, served outside /api at fixed paths registered before the web
 * app, so the SPA fallback never answers them.
 */
export async function signInPageRoutes(app: FastifyInstance) {
  app.addHook('onRequest', loopbackOnly);
  app.get(DEV_SIGN_IN_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(SIGN_IN_PAGE_HTML),
  );
  app.get(SIGN_IN_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/javascript; charset=utf-8')
      .send(SIGN_IN_SCRIPT),
  );
  app.get(SIGN_IN_STYLE_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(SIGN_IN_STYLE),
  );
}
