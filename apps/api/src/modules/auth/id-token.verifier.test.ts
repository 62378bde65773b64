import crypto from 'node:crypto';
import {
  SignJWT,
  UnsecuredJWT,
  exportJWK,
  exportPKCS8,
  exportSPKI,
  generateKeyPair,
  type CryptoKey,
  type JWTPayload,
} from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createFirebaseIdTokenVerifier,
  createIdTokenVerifier,
  type IdTokenVerifier,
} from './id-token.verifier';
import type { FetchLike } from './remote-key-set';

const PROJECT = 'demo-normas';
const ISSUER = `https://securetoken.google.com/${PROJECT}`;
const NOW_MS = 1_800_000_000_000;
const NOW = NOW_MS / 1000;

let signingKey: CryptoKey;
let publicKey: CryptoKey;
let otherKey: CryptoKey;
let verifier: IdTokenVerifier;

beforeAll(async () => {
  ({ privateKey: signingKey, publicKey } = await generateKeyPair('RS256', { extractable: true }));
  ({ privateKey: otherKey } = await generateKeyPair('RS256'));
  verifier = createIdTokenVerifier({
    issuer: ISSUER,
    audience: PROJECT,
    now: () => NOW_MS,
    resolveKey: async (kid) => (kid === 'k1' ? publicKey : undefined),
  });
});

function claims(overrides: Record<string, unknown> = {}): JWTPayload {
  const base: Record<string, unknown> = {
    iss: ISSUER,
    aud: PROJECT,
    sub: 'uid-ana',
    iat: NOW - 10,
    exp: NOW + 3600,
    auth_time: NOW - 10,
    email: 'ana@exemplo.com.br',
    email_verified: true,
    name: 'Ana Engenheira',
    firebase: { sign_in_provider: 'google.com', identities: { 'google.com': ['1'] } },
    ...overrides,
  };
  for (const [key, value] of Object.entries(base)) if (value === undefined) delete base[key];
  return base as JWTPayload;
}

function sign(
  payload: JWTPayload,
  header: { alg?: string; kid?: string | undefined } = {},
  key: CryptoKey | crypto.KeyObject | Uint8Array = signingKey,
) {
  const protectedHeader = { alg: 'RS256', kid: 'k1', typ: 'JWT', ...header };
  if (protectedHeader.kid === undefined) delete (protectedHeader as { kid?: string }).kid;
  return new SignJWT(payload).setProtectedHeader(protectedHeader as { alg: string }).sign(key);
}

const rejectsWith = (promise: Promise<unknown>, code: string) =>
  expect(promise).rejects.toMatchObject({ code, status: 401 });

describe('ID-token verifier', () => {
  it('returns the Google identity of a valid token', async () => {
    const token = await sign(claims({ picture: 'https://lh3.googleusercontent.com/a/ana' }));
    expect(await verifier.verify(token)).toEqual({
      uid: 'uid-ana',
      email: 'ana@exemplo.com.br',
      name: 'Ana Engenheira',
      photoUrl: 'https://lh3.googleusercontent.com/a/ana',
    });
  });

  it('names a user without a name after the e-mail and drops non-web pictures', async () => {
    const token = await sign(claims({ name: undefined, picture: 'javascript:alert(1)' }));
    expect(await verifier.verify(token)).toMatchObject({ name: 'ana', photoUrl: null });
  });

  it('accepts a token issued a little ahead of our clock (skew)', async () => {
    const token = await sign(claims({ iat: NOW + 30, auth_time: NOW + 30 }));
    expect((await verifier.verify(token)).uid).toBe('uid-ana');
  });

  it('rejects an unsigned token (alg none)', async () => {
    const token = new UnsecuredJWT(claims()).encode();
    await rejectsWith(verifier.verify(token), 'INVALID_ID_TOKEN');
  });

  it('rejects HS256 signed with the public key as the secret', async () => {
    const pem = await exportSPKI(publicKey);
    const token = await sign(claims(), { alg: 'HS256' }, new TextEncoder().encode(pem));
    await rejectsWith(verifier.verify(token), 'INVALID_ID_TOKEN');
    const jwkSecret = new TextEncoder().encode(JSON.stringify(await exportJWK(publicKey)));
    await rejectsWith(
      verifier.verify(await sign(claims(), { alg: 'HS256' }, jwkSecret)),
      'INVALID_ID_TOKEN',
    );
  });

  it('rejects another RSA algorithm than RS256, even from the right key', async () => {
    // A KeyObject, unlike an RS256 CryptoKey, can sign with any RSA algorithm.
    const sameKey = crypto.createPrivateKey(await exportPKCS8(signingKey));
    await rejectsWith(
      verifier.verify(await sign(claims(), { alg: 'RS512' }, sameKey)),
      'INVALID_ID_TOKEN',
    );
    await rejectsWith(
      verifier.verify(await sign(claims(), { alg: 'PS256' }, sameKey)),
      'INVALID_ID_TOKEN',
    );
  });

  it('rejects a token signed by another key under a known kid', async () => {
    await rejectsWith(verifier.verify(await sign(claims(), {}, otherKey)), 'INVALID_ID_TOKEN');
  });

  it('rejects a missing or unknown kid', async () => {
    await rejectsWith(
      verifier.verify(await sign(claims(), { kid: undefined })),
      'INVALID_ID_TOKEN',
    );
    await rejectsWith(verifier.verify(await sign(claims(), { kid: 'k9' })), 'INVALID_ID_TOKEN');
  });

  it('rejects the wrong issuer or audience', async () => {
    await rejectsWith(
      verifier.verify(await sign(claims({ iss: 'https://securetoken.google.com/other' }))),
      'INVALID_ID_TOKEN',
    );
    await rejectsWith(
      verifier.verify(await sign(claims({ aud: 'other-project' }))),
      'INVALID_ID_TOKEN',
    );
  });

  it('rejects an expired token, and one without exp', async () => {
    await rejectsWith(verifier.verify(await sign(claims({ exp: NOW - 120 }))), 'INVALID_ID_TOKEN');
    await rejectsWith(verifier.verify(await sign(claims({ exp: undefined }))), 'INVALID_ID_TOKEN');
  });

  it('rejects iat or auth_time in the future, and a missing auth_time', async () => {
    await rejectsWith(verifier.verify(await sign(claims({ iat: NOW + 600 }))), 'INVALID_ID_TOKEN');
    await rejectsWith(
      verifier.verify(await sign(claims({ auth_time: NOW + 600 }))),
      'INVALID_ID_TOKEN',
    );
    await rejectsWith(
      verifier.verify(await sign(claims({ auth_time: undefined }))),
      'INVALID_ID_TOKEN',
    );
    await rejectsWith(
      verifier.verify(await sign(claims({ auth_time: 'ontem' }))),
      'INVALID_ID_TOKEN',
    );
  });

  it('rejects an empty subject, a missing e-mail and an unverified e-mail', async () => {
    await rejectsWith(verifier.verify(await sign(claims({ sub: '' }))), 'INVALID_ID_TOKEN');
    await rejectsWith(
      verifier.verify(await sign(claims({ email: undefined }))),
      'INVALID_ID_TOKEN',
    );
    await rejectsWith(
      verifier.verify(await sign(claims({ email_verified: false }))),
      'INVALID_ID_TOKEN',
    );
  });

  it('rejects other sign-in providers with their own code', async () => {
    await rejectsWith(
      verifier.verify(await sign(claims({ firebase: { sign_in_provider: 'password' } }))),
      'UNSUPPORTED_SIGN_IN_PROVIDER',
    );
    await rejectsWith(
      verifier.verify(await sign(claims({ firebase: undefined }))),
      'UNSUPPORTED_SIGN_IN_PROVIDER',
    );
  });

  it('rejects malformed tokens', async () => {
    for (const garbage of [
      '',
      'abc',
      'a.b.c',
      'eyJhbGciOiJSUzI1NiJ9.e30',
      crypto.randomBytes(64).toString('base64'),
    ]) {
      await rejectsWith(verifier.verify(garbage), 'INVALID_ID_TOKEN');
    }
  });
});

describe('Firebase ID-token verifier', () => {
  it("checks Firebase's issuer and audience against Google's published keys", async () => {
    const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' }] };
    const fetch: FetchLike = async (url) => ({
      ok: url.includes('securetoken@system.gserviceaccount.com'),
      status: 200,
      headers: { get: () => 'public, max-age=3600' },
      json: async () => jwks,
    });
    const firebase = createFirebaseIdTokenVerifier({
      projectId: PROJECT,
      fetch,
      now: () => NOW_MS,
    });
    expect((await firebase.verify(await sign(claims()))).uid).toBe('uid-ana');
    await rejectsWith(firebase.verify(await sign(claims({ aud: 'other' }))), 'INVALID_ID_TOKEN');
  });

  it("answers 503, not 401, when Google's keys cannot be fetched at all", async () => {
    const fetch: FetchLike = async () => {
      throw new Error('offline');
    };
    const firebase = createFirebaseIdTokenVerifier({
      projectId: PROJECT,
      fetch,
      now: () => NOW_MS,
    });
    await expect(firebase.verify(await sign(claims()))).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      status: 503,
    });
  });
});
