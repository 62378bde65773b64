import {
  errors as joseErrors,
  jwtVerify,
  type CryptoKey,
  type JWTHeaderParameters,
  type JWTPayload,
} from 'jose';
import { AppError } from '../../lib/app-error';
import type { IdentityProfile } from '../users/users.repository';
import {
  FIREBASE_JWKS_URL,
  KeySetUnavailableError,
  createRemoteKeySet,
  type FetchLike,
} from './remote-key-set';

/** Tolerated clock difference between us and the token issuer. */
const CLOCK_SKEW_SECONDS = 60;

export type ResolveKey = (kid: string) => Promise<CryptoKey | undefined>;

export interface IdTokenVerifierOptions {
  issuer: string;
  audience: string;
  resolveKey: ResolveKey;
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number;
}

export interface IdTokenVerifier {
  /** The identity in a valid Google ID token, or 401 INVALID_ID_TOKEN / UNSUPPORTED_SIGN_IN_PROVIDER. */
  verify(idToken: string): Promise<IdentityProfile>;
}

class Rejected extends Error {}

interface FirebaseClaims extends JWTPayload {
  auth_time?: unknown;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  picture?: unknown;
  firebase?: { sign_in_provider?: unknown };
}

/**
 * One code path for Firebase and for the development identity provider: only the issuer, the
 * audience and where the public keys come from differ. RS256 only, whatever the token header says.
 */
export function createIdTokenVerifier(options: IdTokenVerifierOptions): IdTokenVerifier {
  const now = options.now ?? Date.now;

  async function keyFor(header: JWTHeaderParameters): Promise<CryptoKey> {
    if (header.alg !== 'RS256') throw new Rejected('alg');
    if (typeof header.kid !== 'string' || header.kid === '') throw new Rejected('kid ausente');
    const key = await options.resolveKey(header.kid);
    if (!key) throw new Rejected('kid desconhecido');
    return key;
  }

  return {
    async verify(idToken) {
      let claims: FirebaseClaims;
      try {
        ({ payload: claims } = await jwtVerify<FirebaseClaims>(idToken, keyFor, {
          algorithms: ['RS256'],
          issuer: options.issuer,
          audience: options.audience,
          requiredClaims: ['exp', 'iat', 'sub'],
          clockTolerance: CLOCK_SKEW_SECONDS,
          currentDate: new Date(now()),
        }));
      } catch (error) {
        if (error instanceof KeySetUnavailableError) throw new AppError('SERVICE_UNAVAILABLE');
        if (
          error instanceof Rejected ||
          error instanceof joseErrors.JOSEError ||
          error instanceof TypeError
        ) {
          throw new AppError('INVALID_ID_TOKEN');
        }
        throw error;
      }
      return identityFrom(claims, Math.floor(now() / 1000));
    },
  };
}

function identityFrom(claims: FirebaseClaims, nowSeconds: number): IdentityProfile {
  const latest = nowSeconds + CLOCK_SKEW_SECONDS;
  const iat = claims.iat!;
  const authTime = claims.auth_time;
  if (iat > latest) throw new AppError('INVALID_ID_TOKEN');
  if (typeof authTime !== 'number' || !Number.isFinite(authTime) || authTime > latest) {
    throw new AppError('INVALID_ID_TOKEN');
  }
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub.trim() === '' || sub.length > 128)
    throw new AppError('INVALID_ID_TOKEN');
  if (claims.firebase?.sign_in_provider !== 'google.com')
    throw new AppError('UNSUPPORTED_SIGN_IN_PROVIDER');
  const email = claims.email;
  // An unverified address could belong to someone else; Google accounts always carry a verified one.
  if (typeof email !== 'string' || !email.includes('@') || claims.email_verified !== true) {
    throw new AppError('INVALID_ID_TOKEN');
  }
  const name =
    typeof claims.name === 'string' && claims.name.trim() !== ''
      ? claims.name.trim()
      : email.split('@')[0]!;
  const picture =
    typeof claims.picture === 'string' && /^https?:\/\//.test(claims.picture)
      ? claims.picture
      : null;
  return { uid: sub, email, name, photoUrl: picture };
}

/** Firebase ID tokens of one project, checked against Google's published keys. */
export function createFirebaseIdTokenVerifier(options: {
  projectId: string;
  fetch: FetchLike;
  now?: () => number;
}): IdTokenVerifier {
  const keySet = createRemoteKeySet({
    url: FIREBASE_JWKS_URL,
    fetch: options.fetch,
    now: options.now,
  });
  return createIdTokenVerifier({
    issuer: `https://securetoken.google.com/${options.projectId}`,
    audience: options.projectId,
    resolveKey: (kid) => keySet.getKey(kid),
    now: options.now,
  });
}
