import fs from 'node:fs';
import path from 'node:path';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { bearer, signIn } from '../../test/sign-in';
import { createTestApp, openTestDatabase, type TestApp } from '../../test/test-app';
import { DEV_AUDIENCE, DEV_KEY_FILE, devUidFor } from './dev-identity-provider';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_ORIGIN: 'http://localhost:3000' });
});
afterAll(async () => t.close());

const issueToken = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/dev-auth/token', payload: payload as object });

describe('development ID tokens', () => {
  it('issues a Firebase-shaped token that verifies against the published key set', async () => {
    const res = await issueToken({ email: 'Ana@Exemplo.com.br', name: '  Ana Engenheira ' });
    expect(res.statusCode).toBe(200);
    const { idToken } = res.json();

    const jwks = (await t.app.inject({ method: 'GET', url: '/api/v1/dev-auth/jwks.json' })).json();
    const { payload, protectedHeader } = await jwtVerify(idToken, createLocalJWKSet(jwks), {
      issuer: 'http://localhost:3000/dev-auth',
      audience: DEV_AUDIENCE,
      algorithms: ['RS256'],
    });
    expect(protectedHeader).toEqual({ alg: 'RS256', kid: jwks.keys[0].kid, typ: 'JWT' });
    const uid = devUidFor('ana@exemplo.com.br');
    expect(uid).toHaveLength(28);
    expect(payload).toEqual({
      iss: 'http://localhost:3000/dev-auth',
      aud: DEV_AUDIENCE,
      sub: uid,
      user_id: uid,
      name: 'Ana Engenheira',
      email: 'ana@exemplo.com.br',
      email_verified: true,
      auth_time: payload.iat,
      iat: expect.any(Number),
      exp: payload.iat! + 3600,
      firebase: {
        sign_in_provider: 'google.com',
        identities: {
          'google.com': [expect.stringMatching(/^\d+$/)],
          email: ['ana@exemplo.com.br'],
        },
      },
    });
  });

  it('gives the same e-mail the same uid every time, and different e-mails different ones', () => {
    expect(devUidFor('bruno@exemplo.com.br')).toBe(devUidFor('BRUNO@exemplo.com.br'));
    expect(devUidFor('bruno@exemplo.com.br')).not.toBe(devUidFor('carla@exemplo.com.br'));
  });

  it('publishes only the public half of its key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/dev-auth/jwks.json' });
    expect(res.statusCode).toBe(200);
    const { keys } = res.json();
    expect(keys).toHaveLength(1);
    expect(Object.keys(keys[0]).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', e: 'AQAB' });
  });

  it.each([
    [{ email: 'ana@exemplo.com.br' }, 'Informe o nome.'],
    [{ email: 'ana@exemplo.com.br', name: '   ' }, 'Informe o nome.'],
    [
      { email: 'ana@exemplo.com.br', name: 'A'.repeat(121) },
      'O nome pode ter no máximo 120 caracteres.',
    ],
    [{ email: 'não é e-mail', name: 'Ana' }, 'Informe um e-mail válido.'],
    [{ name: 'Ana' }, 'Informe um e-mail válido.'],
    [[], 'Informe o nome e o e-mail.'],
  ])('answers 400 in Portuguese for %j', async (payload, message) => {
    const res = await issueToken(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dev-auth/token',
      headers: { 'content-type': 'application/json' },
      payload: 'email=ana',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'INVALID_JSON',
      message: 'O corpo da requisição não é um JSON válido.',
    });
  });
});

describe('the signing key in DATA_DIR', () => {
  it('is private to its owner and reused after a restart, so earlier ID tokens stay valid', async () => {
    const file = path.join(t.config.dataDir, DEV_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const { idToken } = (await issueToken({ email: 'carla@exemplo.com.br', name: 'Carla' })).json();
    const { database, drop } = await openTestDatabase();
    const restarted = await buildApp(t.config, { database, logger: false });
    try {
      const jwks = (
        await restarted.inject({ method: 'GET', url: '/api/v1/dev-auth/jwks.json' })
      ).json();
      expect(jwks.keys[0].kid).toBe(decodeProtectedHeader(idToken).kid);
      const res = await restarted.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { idToken },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.email).toBe('carla@exemplo.com.br');
    } finally {
      await restarted.close();
      await database.close();
      await drop();
    }
  });
});

describe('the development sign-in page', () => {
  it('is an accessible pt-BR page with a form and three ready accounts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev-auth/sign-in' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");

    const doc = parse(res.body);
    expect(doc.querySelector('html')?.getAttribute('lang')).toBe('pt-BR');
    expect(doc.querySelector('title')?.text).toBe('Escolha uma conta Google de teste');
    expect(doc.querySelector('h1')?.text).toBe('Escolha uma conta Google de teste');

    for (const [label, type] of [
      ['Nome', 'text'],
      ['E-mail', 'email'],
    ]) {
      const labelEl = doc.querySelectorAll('label').find((l) => l.text === label);
      expect(labelEl, label).toBeDefined();
      const input = doc.getElementById(labelEl!.getAttribute('for')!);
      expect(input?.getAttribute('type')).toBe(type);
    }
    expect(doc.querySelector('form button[type=submit]')?.text).toBe('Entrar');

    // The avatar initial is aria-hidden, so a button's accessible name is the text that follows it.
    const accounts = doc.querySelectorAll('button.account').map((b) =>
      b
        .querySelectorAll('span:not([aria-hidden])')
        .map((s) => s.text)
        .join(''),
    );
    expect(accounts).toEqual([
      'Ana Engenheira — ana@exemplo.com.br',
      'Bruno Técnico — bruno@exemplo.com.br',
      'Carla Arquiteta — carla@exemplo.com.br',
    ]);
    expect(doc.querySelector('[role=alert]')).not.toBeNull();

    // The CSP forbids inline scripts: the only script is the external file.
    const scripts = doc.querySelectorAll('script');
    expect(scripts.map((s) => s.getAttribute('src'))).toEqual(['/dev-auth/sign-in.js']);
    expect(scripts[0]!.text.trim()).toBe('');
  });

  it('serves its script, which hands the ID token to the opener on the same origin only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev-auth/sign-in.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.body).toContain("fetch('/api/v1/dev-auth/token'");
    expect(res.body).toContain(
      "window.opener.postMessage({ type: 'dev-auth:id-token', idToken: body.idToken }, window.location.origin)",
    );
    expect(() => new Function(res.body)).not.toThrow();
  });
});

describe('switching a test account plan', () => {
  it('changes only the signed-in user own plan, and refuses anonymous calls and unknown plans', async () => {
    const ana = await signIn(t.app, { email: 'plano.ana@exemplo.com.br', name: 'Ana' });
    const bia = await signIn(t.app, { email: 'plano.bia@exemplo.com.br', name: 'Bia' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/dev-auth/plan',
      headers: bearer(ana.token),
      payload: { plan: 'pro' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'plano.ana@exemplo.com.br', plan: 'pro' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer(bia.token),
    });
    expect(me.json()).toMatchObject({ plan: 'free' });

    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/dev-auth/plan',
      payload: { plan: 'pro' },
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/dev-auth/plan',
      headers: bearer(ana.token),
      payload: { plan: 'gold' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('when Firebase is configured, or in production', () => {
  it('mounts none of the development provider', async () => {
    const firebase = await createTestApp({
      FIREBASE_PROJECT_ID: 'demo-normas',
      FIREBASE_API_KEY: 'chave-publica',
    });
    try {
      const token = await firebase.app.inject({
        method: 'POST',
        url: '/api/v1/dev-auth/token',
        payload: { email: 'ana@exemplo.com.br', name: 'Ana' },
      });
      expect(token.statusCode).toBe(404);
      expect(token.json()).toEqual({
        code: 'ROUTE_NOT_FOUND',
        message: 'Rota da API não encontrada.',
      });
      expect(
        (await firebase.app.inject({ method: 'GET', url: '/api/v1/dev-auth/jwks.json' }))
          .statusCode,
      ).toBe(404);
      const page = await firebase.app.inject({ method: 'GET', url: '/dev-auth/sign-in' });
      expect(page.body).not.toContain('Escolha uma conta Google de teste');
      expect(fs.existsSync(path.join(firebase.config.dataDir, DEV_KEY_FILE))).toBe(false);
    } finally {
      await firebase.close();
    }
  });

  it('refuses to build the app in production without Firebase', async () => {
    const config = {
      ...loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.dataDir }),
      env: 'production' as const,
    };
    await expect(buildApp(config, { logger: false })).rejects.toThrow(
      'O provedor de identidade de desenvolvimento não pode rodar em produção: configure FIREBASE_PROJECT_ID.',
    );
  });
});

describe('the development provider and other machines', () => {
  it.each([
    ['POST', '/api/v1/dev-auth/token', { email: 'intruso@exemplo.com.br', name: 'Intruso' }],
    ['GET', '/api/v1/dev-auth/jwks.json', undefined],
    ['GET', '/dev-auth/sign-in', undefined],
    ['GET', '/dev-auth/sign-in.js', undefined],
  ] as const)('refuses %s %s from a remote address', async (method, url, payload) => {
    const res = await t.app.inject({
      method,
      url,
      remoteAddress: '203.0.113.7',
      ...(payload === undefined ? {} : { payload }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'DEV_AUTH_LOCAL_ONLY',
      message:
        'O provedor de identidade de desenvolvimento só atende pedidos feitos nesta mesma máquina.',
    });
  });

  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])(
    'serves a client on this machine at %s',
    async (remoteAddress) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/dev-auth/token',
        remoteAddress,
        payload: { email: 'local@exemplo.com.br', name: 'Local' },
      });
      expect(res.statusCode).toBe(200);
    },
  );

  it('does not believe a forged X-Forwarded-For: 127.0.0.1 unless TRUST_PROXY names the proxy', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dev-auth/token',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-for': '127.0.0.1' },
      payload: { email: 'forjado@exemplo.com.br', name: 'Forjado' },
    });
    expect(forged.statusCode).toBe(403);

    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    const throughLocalProxy = (client: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/v1/dev-auth/token',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': client },
        payload: { email: 'proxiado@exemplo.com.br', name: 'Proxiado' },
      });
    try {
      // A remote client behind the local proxy is still remote, and a local one still local.
      expect((await throughLocalProxy('203.0.113.7')).statusCode).toBe(403);
      expect((await throughLocalProxy('127.0.0.1')).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('switching a plan without paying', () => {
  it('does not exist outside the automated tests', async () => {
    const dev = await createTestApp({ NODE_ENV: 'development' });
    try {
      const { token } = await signIn(dev.app, { email: 'sem.plano@exemplo.com.br', name: 'Ana' });
      const res = await dev.app.inject({
        method: 'PUT',
        url: '/api/v1/dev-auth/plan',
        headers: bearer(token),
        payload: { plan: 'business' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: 'ROUTE_NOT_FOUND',
        message: 'Rota da API não encontrada.',
      });
      const me = await dev.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: bearer(token),
      });
      expect(me.json()).toMatchObject({ plan: 'free' });
    } finally {
      await dev.close();
    }
  });
});
