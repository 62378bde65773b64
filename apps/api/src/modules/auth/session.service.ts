import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { AppError } from '../../lib/app-error';
import type { UserRow } from '../users/users.repository';
import type { createSessionsRepository } from './sessions.repository';

const ISSUER = 'assistente-de-normas';
const AUDIENCE = 'assistente-de-normas:session';

export interface AuthContext {
  user: UserRow;
  sessionId: string;
}

/**
 * The API's own session token: an HS256 JWT bound to a session row, so that logout (revocation)
 * takes effect at once even though the token itself has not expired.
 */
export function createSessionService(deps: {
  secret: string;
  ttlSeconds: number;
  sessions: ReturnType<typeof createSessionsRepository>;
}) {
  const key = new TextEncoder().encode(deps.secret);

  return {
    async issue(userId: string): Promise<string> {
      const expiresAt = new Date(Date.now() + deps.ttlSeconds * 1000);
      const session = await deps.sessions.create(userId, expiresAt);
      return new SignJWT({ sid: session.id })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },

    /** Resolves a bearer token to its user, or throws 401 UNAUTHENTICATED. */
    async authenticate(token: string): Promise<AuthContext> {
      let payload;
      try {
        ({ payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
        }));
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
          throw new AppError('UNAUTHENTICATED');
        }
        throw error;
      }
      const sid = payload.sid;
      if (typeof sid !== 'string' || typeof payload.sub !== 'string')
        throw new AppError('UNAUTHENTICATED');
      const found = await deps.sessions.findActiveWithUser(sid);
      if (!found || found.session.userId !== payload.sub) throw new AppError('UNAUTHENTICATED');
      return { user: found.user, sessionId: found.session.id };
    },

    revoke: (sessionId: string) => deps.sessions.revoke(sessionId),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
