import fs from 'node:fs';
import path from 'node:path';
import {
  SignJWT,
  UnsecuredJWT,
  decodeJwt,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JWK,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEV_AUDIENCE, DEV_KEY_FILE, devUidFor } from '../dev-auth/dev-identity-provider';

let t: TestApp;
let devKey: { kid: string; key: CryptoKey };

beforeAll(async () => {
  t = await createTestApp();
  const stored = JSON.parse(fs.readFileSync(path.join(t.config.dataDir, DEV_KEY_FILE), 'utf8')) as {
    kid: string;
    privateJwk: JWK;
  };
  devKey = { kid: stored.kid, key: (await importJWK(stored.privateJwk, 'RS256')) as CryptoKey };
});
afterAll(async () => t.close());

const UNAUTHENTICATED = {
  code: 'UNAUTHENTICATED',
  message: 'Sua sessão expirou ou é inválida. Faça login novamente.',
};
const INVALID_ID_TOKEN = {
  code: 'INVALID_ID_TOKEN',
  message: 'Não foi possível validar o login com o Google. Tente novamente.',
};

const login = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: payload as object });
const me = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });

/** An ID token shaped like the development provider's, with some claims changed. */
async function devIdToken(overrides: Record<string, unknown> = {}, key: CryptoKey = devKey.key) {
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = {
    iss: t.app.ctx.devIdentity!.issuer,
    aud: DEV_AUDIENCE,
    sub: devUidFor('dora@exemplo.com.br'),
    iat: now,
    exp: now + 3600,
    auth_time: now,
    email: 'dora@exemplo.com.br',
    email_verified: true,
    name: 'Dora Projetista',
    firebase: { sign_in_provider: 'google.com' },
    ...overrides,
  };
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: devKey.kid }).sign(key);
}

describe('sign-in, profile and sign-out', () => {
  it('logs in with an ID token, shows the profile, and the token stops working after logout', async () => {
    const { token, user } = await signIn(t.app, {
      email: 'Ana@Exemplo.com.br',
      name: 'Ana Engenheira',
    });
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      uid: devUidFor('ana@exemplo.com.br'),
      email: 'ana@exemplo.com.br',
      name: 'Ana Engenheira',
      photoURL: null,
      plan: 'free',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const profile = await me(bearer(token));
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual(user);

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ ok: true });

    const after = await me(bearer(token));
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(UNAUTHENTICATED);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(401);
  });

  it('keeps one user per Google account and refreshes its name on each login', async () => {
    const first = await signIn(t.app, { email: 'bruno@exemplo.com.br', name: 'Bruno' });
    const second = await signIn(t.app, { email: 'bruno@exemplo.com.br', name: 'Bruno Técnico' });
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.name).toBe('Bruno Técnico');
    expect(second.token).not.toBe(first.token);
    // Both sessions stay valid: signing in on a second device does not sign out the first.
    expect((await me(bearer(first.token))).json().name).toBe('Bruno Técnico');
  });

  it('shows a plan changed by the operator (the function behind `users set-plan`)', async () => {
    const { token } = await signIn(t.app, { email: 'carla@exemplo.com.br', name: 'Carla' });
    const changed = await t.app.ctx.users.setPlanByEmail(' CARLA@exemplo.com.br ', 'pro');
    expect(changed?.plan).toBe('pro');
    expect((await me(bearer(token))).json().plan).toBe('pro');
    expect(await t.app.ctx.users.setPlanByEmail('ninguem@exemplo.com.br', 'pro')).toBeUndefined();
  });

  it('refuses a second Google account that claims an e-mail we already hold', async () => {
    await signIn(t.app, { email: 'dora@exemplo.com.br', name: 'Dora' });
    const res = await login({ idToken: await devIdToken({ sub: 'another-google-account' }) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'ACCOUNT_CONFLICT',
      message: 'Este e-mail já está ligado a outra conta. Fale com o suporte.',
    });
  });
});

describe('session token checks (401)', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await signIn(t.app, { email: 'eva@exemplo.com.br', name: 'Eva' }));
  });
  const sessionKey = () =>
    new TextEncoder().encode(
      fs.readFileSync(path.join(t.config.dataDir, 'session-secret'), 'utf8').trim(),
    );

  it.each([
    ['no header', {}],
    ['a header without Bearer', { authorization: 'Token abc' }],
    ['Bearer without a token', { authorization: 'Bearer ' }],
    ['a garbage token', { authorization: 'Bearer nada.disso.vale' }],
  ])('answers 401 for %s', async (_label, headers) => {
    const res = await me(headers as Record<string, string>);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });

  it('answers 401 for an expired session token', async () => {
    const claims = decodeJwt(token);
    const expired = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub!)
      .setIssuer(claims.iss!)
      .setAudience(claims.aud!)
      .setIssuedAt(claims.iat! - 7200)
      .setExpirationTime(claims.iat! - 3600)
      .sign(sessionKey());
    // Same key, same session: only the expiry differs, so this fails for that reason alone.
    const control = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub!)
      .setIssuer(claims.iss!)
      .setAudience(claims.aud!)
      .setIssuedAt(claims.iat!)
      .setExpirationTime(claims.exp!)
      .sign(sessionKey());
    expect((await me(bearer(control))).statusCode).toBe(200);
    const res = await me(bearer(expired));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });

  it('answers 401 for a tampered session token', async () => {
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(
      JSON.stringify({ ...claims, sub: '00000000-0000-0000-0000-000000000000' }),
    ).toString('base64url');
    const res = await me(bearer(`${header}.${forged}.${signature}`));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });

  it('answers 401 for an unsigned session token', async () => {
    const claims = decodeJwt(token);
    const unsigned = new UnsecuredJWT({ ...claims }).encode();
    expect((await me(bearer(unsigned))).statusCode).toBe(401);
  });
});

describe('ID token checks at /auth/login', () => {
  it('accepts the control token these cases are derived from', async () => {
    const res = await login({ idToken: await devIdToken() });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['alg none', async () => new UnsecuredJWT({ sub: 'x', email: 'x@exemplo.com.br' }).encode()],
    ['wrong audience', () => devIdToken({ aud: 'outro-projeto' })],
    [
      'wrong issuer',
      () => devIdToken({ iss: 'https://securetoken.google.com/assistente-de-normas-dev' }),
    ],
    [
      'expired',
      () =>
        devIdToken({
          iat: Math.floor(Date.now() / 1000) - 7200,
          exp: Math.floor(Date.now() / 1000) - 3600,
        }),
    ],
    ['iat in the future', () => devIdToken({ iat: Math.floor(Date.now() / 1000) + 3600 })],
    [
      'a foreign key under our kid',
      async () => devIdToken({}, (await generateKeyPair('RS256')).privateKey),
    ],
    ['garbage', async () => 'isto-nao-e-um-token'],
  ])('answers 401 for an ID token with %s', async (_label, make) => {
    const res = await login({ idToken: await make() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID_ID_TOKEN);
  });

  it('answers 401 with its own message for a provider other than Google', async () => {
    const res = await login({
      idToken: await devIdToken({ firebase: { sign_in_provider: 'password' } }),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 'UNSUPPORTED_SIGN_IN_PROVIDER',
      message: 'Entre com uma conta Google.',
    });
  });
});

describe('login body validation (400)', () => {
  it.each([
    ['a missing idToken', {}],
    ['a blank idToken', { idToken: '   ' }],
    ['a non-string idToken', { idToken: 42 }],
  ])('answers 400 in Portuguese for %s', async (_label, payload) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Informe o idToken do Google.',
    });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"idToken":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'INVALID_JSON',
      message: 'O corpo da requisição não é um JSON válido.',
    });
  });

  it('answers 400 for a request without a body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Informe o idToken do Google.',
    });
  });

  it('answers 400 for an oversized idToken', async () => {
    const res = await login({ idToken: 'a'.repeat(9000) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'O idToken é grande demais.',
    });
  });
});

describe('public configuration', () => {
  it('tells the browser to use the development sign-in page when Firebase is not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      auth: { mode: 'dev', signInUrl: '/dev-auth/sign-in' },
      supportWhatsapp: '5511999999999',
      privacyUrl: 'https://www.gov.br/trabalho-e-emprego/pt-br/acesso-a-informacao/privacidade',
      version: '1.0.0',
    });
  });

  it('documents the auth routes in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const p of [
      '/api/v1/auth/login',
      '/api/v1/auth/me',
      '/api/v1/auth/logout',
      '/api/v1/config',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
  });
});
