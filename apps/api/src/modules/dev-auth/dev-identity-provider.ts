import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, importJWK, type CryptoKey, type JWK } from 'jose';
import { createIdTokenVerifier, type IdTokenVerifier } from '../auth/id-token.verifier';

export const DEV_AUDIENCE = 'assistente-de-normas-dev';
export const DEV_KEY_FILE = 'dev-auth-key.json';
const TOKEN_TTL_SECONDS = 3600;

interface StoredKey {
  kid: string;
  privateJwk: JWK;
}

function thumbprint(jwk: JWK): string {
  // RFC 7638: the required members of an RSA key, in lexicographic order, without spaces.
  const canonical = JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n });
  return crypto.createHash('sha256').update(canonical).digest('base64url');
}

function generateKey(): StoredKey {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateJwk = privateKey.export({ format: 'jwk' }) as JWK;
  return { kid: thumbprint(privateJwk), privateJwk };
}

function readKey(file: string): StoredKey {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredKey;
  if (
    typeof parsed?.kid !== 'string' ||
    parsed.privateJwk?.kty !== 'RSA' ||
    !parsed.privateJwk.d ||
    !parsed.privateJwk.n
  ) {
    throw new Error(`${file} não contém uma chave RSA; apague o arquivo para gerar outra.`);
  }
  return parsed;
}

/** The signing key, generated once into DATA_DIR so that ID tokens survive a restart. */
export function loadOrCreateDevKey(dataDir: string): StoredKey {
  const file = path.join(dataDir, DEV_KEY_FILE);
  if (fs.existsSync(file)) return readKey(file);
  fs.mkdirSync(dataDir, { recursive: true });
  const key = generateKey();
  try {
    fs.writeFileSync(file, JSON.stringify(key), { mode: 0o600, flag: 'wx' });
    return key;
  } catch {
    // Another process (a CLI, a second server) wrote it first: use theirs.
    return readKey(file);
  }
}

/** A stable, Firebase-looking uid (28 characters) for an e-mail address. */
export function devUidFor(email: string): string {
  return crypto
    .createHash('sha256')
    .update(`dev-auth:${email.trim().toLowerCase()}`)
    .digest('base64url')
    .slice(0, 28);
}

function publicPart(jwk: JWK): JWK {
  return { kty: jwk.kty, n: jwk.n, e: jwk.e };
}

/**
 * A stand-in for Google sign-in in development and tests: it signs ID tokens shaped like
 * Firebase's with a local RSA key and publishes the matching JWKS, so the login route runs the
 * very same verification code it runs against Firebase.
 */
export function createDevIdentityProvider(options: {
  dataDir: string;
  publicOrigin: string;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const stored = loadOrCreateDevKey(options.dataDir);
  const issuer = `${options.publicOrigin.replace(/\/+$/, '')}/dev-auth`;
  const publicJwk = {
    kty: 'RSA',
    n: stored.privateJwk.n!,
    e: stored.privateJwk.e!,
    kid: stored.kid,
    alg: 'RS256',
    use: 'sig',
  };
  let signingKey: Promise<CryptoKey> | undefined;
  let verifyingKey: Promise<CryptoKey> | undefined;

  const verifier: IdTokenVerifier = createIdTokenVerifier({
    issuer,
    audience: DEV_AUDIENCE,
    now,
    resolveKey: async (kid) => {
      if (kid !== stored.kid) return undefined;
      verifyingKey ??= importJWK(publicPart(stored.privateJwk), 'RS256') as Promise<CryptoKey>;
      return verifyingKey;
    },
  });

  return {
    issuer,
    audience: DEV_AUDIENCE,
    verifier,
    jwks: () => ({ keys: [publicJwk] }),

    async issueIdToken(identity: { email: string; name: string }): Promise<string> {
      signingKey ??= importJWK(stored.privateJwk, 'RS256') as Promise<CryptoKey>;
      const email = identity.email.trim().toLowerCase();
      const uid = devUidFor(email);
      const seconds = Math.floor(now() / 1000);
      const googleId = BigInt(
        `0x${crypto.createHash('sha256').update(email).digest('hex').slice(0, 15)}`,
      ).toString();
      return new SignJWT({
        name: identity.name.trim(),
        user_id: uid,
        auth_time: seconds,
        email,
        email_verified: true,
        firebase: {
          sign_in_provider: 'google.com',
          identities: { 'google.com': [googleId], email: [email] },
        },
      })
        .setProtectedHeader({ alg: 'RS256', kid: stored.kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(DEV_AUDIENCE)
        .setSubject(uid)
        .setIssuedAt(seconds)
        .setExpirationTime(seconds + TOKEN_TTL_SECONDS)
        .sign(await signingKey);
    },
  };
}

export type DevIdentityProvider = ReturnType<typeof createDevIdentityProvider>;
