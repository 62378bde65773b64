import { SignJWT, errors as joseErrors, jwtVerify, type CryptoKey } from 'jose';
import { AppError } from '../../lib/app-error';
import { LruCache } from '../../lib/lru-cache';
import type { UserRow } from '../users/users.repository';
import type { createSessionsRepository } from './sessions.repository';

const ISSUER = 'assistente-de-normas';
const AUDIENCE = 'assistente-de-normas:session';
/** A session id is a UUID (the sessions table's key); anything else cannot name a session. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Verified tokens kept in memory; a few hundred bytes each. */
const DEFAULT_VERIFIED_TOKENS = 10_000;

export interface AuthContext {
  user: UserRow;
  sessionId: string;
}

/** The claims of a session token whose signature, algorithm, issuer and audience jose has checked. */
interface VerifiedClaims {
  sid: string;
  sub: string;
  /** Seconds since the epoch; the token is valid while the clock is before it. */
  exp: number;
}

/**
 * The API's own session token: an HS256 JWT bound to a session row, so that logout (revocation)
 * takes effect at once even though the token itself has not expired.
 *
 * Checking the signature is pure (same token, same secret, same answer), so a token verified once
 * is remembered until its `exp`: later requests skip the HMAC but still look the session row up,
 * which is where revocation and the server-side expiry are enforced. The cache is keyed by the
 * whole token, so any change to a byte of it (a tampered claim or signature) misses and goes to jose.
 */
export function createSessionService(deps: {
  secret: string;
  ttlSeconds: number;
  sessions: ReturnType<typeof createSessionsRepository>;
  /** Milliseconds since the epoch; tests move the clock. */
  now?: () => number;
  /** How many verified tokens to remember (least recently used go first). */
  verifiedTokens?: number;
}) {
  const now = deps.now ?? Date.now;
  const secret = new TextEncoder().encode(deps.secret);
  // Imported once: handing jose the raw bytes would import the key again on every call.
  let key: Promise<CryptoKey> | undefined;
  const cryptoKey = () =>
    (key ??= crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]));
  const verified = new LruCache<string, VerifiedClaims>(
    deps.verifiedTokens ?? DEFAULT_VERIFIED_TOKENS,
  );

  /** The token's claims, from the cache while it has not expired, otherwise checked by jose. */
  async function verify(token: string): Promise<{ sid: unknown; sub: unknown }> {
    const cached = verified.get(token);
    // jose's own rule: expired once `exp` <= now, in whole seconds.
    if (cached && cached.exp > Math.floor(now() / 1000)) return cached;
    if (cached) verified.delete(token);
    let payload;
    try {
      ({ payload } = await jwtVerify(token, await cryptoKey(), {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: new Date(now()),
      }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
        throw new AppError('UNAUTHENTICATED');
      }
      throw error;
    }
    const { sid, sub, exp } = payload;
    // Tokens without an expiry are never issued here; they are still judged by jose every time.
    if (typeof sid === 'string' && typeof sub === 'string' && typeof exp === 'number') {
      verified.set(token, { sid, sub, exp });
    }
    return { sid, sub };
  }

  return {
    async issue(userId: string): Promise<string> {
      const issuedAt = now();
      const expiresAt = new Date(issuedAt + deps.ttlSeconds * 1000);
      const session = await deps.sessions.create(userId, expiresAt);
      return new SignJWT({ sid: session.id })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(issuedAt / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await cryptoKey());
    },

    /** Resolves a bearer token to its user, or throws 401 UNAUTHENTICATED. */
    async authenticate(token: string): Promise<AuthContext> {
      const { sid, sub } = await verify(token);
      // A well-signed token whose sid is not a UUID (a leaked secret, an old format) is no session:
      // the database would reject the comparison, so it is turned away before the query.
      if (typeof sid !== 'string' || typeof sub !== 'string' || !SESSION_ID.test(sid)) {
        throw new AppError('UNAUTHENTICATED');
      }
      // Every request: a revoked or expired session ends here even when its token is cached.
      const found = await deps.sessions.findActiveWithUser(sid);
      if (!found || found.session.userId !== sub) {
        verified.delete(token);
        throw new AppError('UNAUTHENTICATED');
      }
      return { user: found.user, sessionId: found.session.id };
    },

    revoke: (sessionId: string) => deps.sessions.revoke(sessionId),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
