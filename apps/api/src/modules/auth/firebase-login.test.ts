import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openTestDatabase } from '../../test/test-app';
import { bearer } from '../../test/sign-in';
import { FIREBASE_JWKS_URL, type FetchLike } from './remote-key-set';

const PROJECT = 'demo-normas';

let app: FastifyInstance;
let googleKey: CryptoKey;
let cleanup: () => Promise<void>;
const fetched: string[] = [];

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  googleKey = pair.privateKey;
  const jwks = {
    keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'google-1', alg: 'RS256', use: 'sig' }],
  };
  // Stands in for Google's key server: no network in tests.
  const fetch: FetchLike = async (url) => {
    fetched.push(url);
    return {
      ok: true,
      status: 200,
      headers: {
        get: (h) => (h === 'cache-control' ? 'public, max-age=21600, must-revalidate' : null),
      },
      json: async () => jwks,
    };
  };

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'normas-firebase-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    FIREBASE_PROJECT_ID: PROJECT,
    FIREBASE_API_KEY: 'AIza-chave-publica',
    FIREBASE_AUTH_DOMAIN: 'demo-normas.firebaseapp.com',
  });
  const { database, drop } = await openTestDatabase();
  app = await buildApp(config, { database, logger: false, fetch });
  cleanup = async () => {
    await app.close();
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
});
afterAll(async () => cleanup());

function firebaseToken(overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    sub: 'Fb7x3kQ9uVZcJm2pL0sT8wYd4Rn1',
    iat: now,
    exp: now + 3600,
    auth_time: now - 60,
    email: 'fernanda@exemplo.com.br',
    email_verified: true,
    name: 'Fernanda Engenheira',
    picture: 'https://lh3.googleusercontent.com/a/fernanda',
    firebase: { sign_in_provider: 'google.com', identities: { 'google.com': ['1234567890'] } },
    ...overrides,
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'google-1', typ: 'JWT' })
    .sign(googleKey);
}

const login = async (idToken: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { idToken } });

describe('sign-in with Firebase', () => {
  it('gives the browser the Firebase settings', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(res.json()).toEqual({
      auth: {
        mode: 'firebase',
        firebase: {
          apiKey: 'AIza-chave-publica',
          authDomain: 'demo-normas.firebaseapp.com',
          projectId: PROJECT,
        },
      },
      supportWhatsapp: '5511999999999',
      privacyUrl: 'https://www.gov.br/trabalho-e-emprego/pt-br/acesso-a-informacao/privacidade',
      version: '1.0.0',
    });
  });

  it("logs in with a Firebase ID token checked against Google's keys, fetched once", async () => {
    const first = await login(await firebaseToken());
    expect(first.statusCode).toBe(200);
    const { token, user } = first.json();
    expect(user).toMatchObject({
      uid: 'Fb7x3kQ9uVZcJm2pL0sT8wYd4Rn1',
      email: 'fernanda@exemplo.com.br',
      name: 'Fernanda Engenheira',
      photoURL: 'https://lh3.googleusercontent.com/a/fernanda',
      plan: 'free',
    });
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) })).json(),
    ).toEqual(user);

    expect((await login(await firebaseToken())).statusCode).toBe(200);
    expect(fetched).toEqual([FIREBASE_JWKS_URL]);
  });

  it('rejects tokens of another Firebase project', async () => {
    const res = await login(
      await firebaseToken({ iss: 'https://securetoken.google.com/outro', aud: 'outro' }),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 'INVALID_ID_TOKEN',
      message: 'Não foi possível validar o login com o Google. Tente novamente.',
    });
  });

  it('rejects an e-mail/password Firebase account', async () => {
    const res = await login(await firebaseToken({ firebase: { sign_in_provider: 'password' } }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 'UNSUPPORTED_SIGN_IN_PROVIDER',
      message: 'Entre com uma conta Google.',
    });
  });
});
