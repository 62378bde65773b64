import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import type { AuthContext, SessionService } from '../modules/auth/session.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for signed-in routes: sets `request.auth` or answers 401, before the body is even read. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/** Signed-in routes use `{ onRequest: app.requireUser }` and then read `request.auth!.user`. */
export const authenticatePlugin = fp(
  async (app: FastifyInstance, opts: { sessions: SessionService }) => {
    app.decorateRequest('auth', null);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw new AppError('UNAUTHENTICATED');
      request.auth = await opts.sessions.authenticate(token);
    });
  },
  { name: 'authenticate' },
);
