import crypto from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { listenNotice } from './modules/dev-auth/listen-notice';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('has working defaults for a development machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicOrigin: 'http://localhost:3000',
      firebase: undefined,
      answerEngine: 'extractive',
      llm: undefined,
      answerTimeoutMs: 30_000,
    });
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({
      PORT: 'setenta',
      DATABASE_URL: 'mysql://localhost/x',
      SESSION_SECRET: 'curto',
      SUPPORT_WHATSAPP: '+55 (11) 9999',
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual(
      expect.arrayContaining(['PORT', 'DATABASE_URL', 'SESSION_SECRET', 'SUPPORT_WHATSAPP']),
    );
    expect(problems).toHaveLength(4);
  });

  it('refuses production without a session secret and a Firebase project', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toEqual([
      'SESSION_SECRET: é obrigatório em produção',
      'FIREBASE_PROJECT_ID: é obrigatório em produção (o provedor de identidade de desenvolvimento não roda em produção)',
      'STRIPE_SECRET_KEY: é obrigatório em produção (o pagamento de demonstração não roda em produção)',
      'STRIPE_WEBHOOK_SECRET: é obrigatório em produção',
    ]);
  });

  it('uses the LLM engine, with its timeout, when an endpoint is configured', () => {
    const config = loadConfig({
      LLM_BASE_URL: 'http://127.0.0.1:9999/v1',
      LLM_MODEL: 'modelo-local',
      LLM_TIMEOUT_MS: '5000',
    });
    expect(config.answerEngine).toBe('llm');
    expect(config.llm).toEqual({
      baseUrl: 'http://127.0.0.1:9999/v1',
      apiKey: undefined,
      model: 'modelo-local',
      timeoutMs: 5000,
    });
    expect(config.answerTimeoutMs).toBe(5000);
    expect(problemsOf({ LLM_BASE_URL: 'http://127.0.0.1:9999/v1' })).toEqual([
      'LLM_MODEL: LLM_BASE_URL e LLM_MODEL são obrigatórios para o motor LLM',
    ]);
  });
});

describe('SESSION_SECRET', () => {
  it.each([
    ['one character repeated', 'a'.repeat(64)],
    ['a short word repeated', 'segredo!'.repeat(8)],
    ['two characters alternating', 'ab'.repeat(20)],
  ])('is refused when it is %s', (_what, secret) => {
    expect(problemsOf({ SESSION_SECRET: secret })).toEqual([
      'SESSION_SECRET: é previsível demais (caracteres repetidos ou padrão); gere um valor aleatório, por exemplo com "openssl rand -base64 48"',
    ]);
  });

  it('is refused when shorter than 32 characters, with that one reason', () => {
    expect(problemsOf({ SESSION_SECRET: 'curto' })).toEqual([
      'SESSION_SECRET: deve ter ao menos 32 caracteres',
    ]);
  });

  it('is accepted when random, as base64 or as 32 hexadecimal digits', () => {
    for (let i = 0; i < 20; i++) {
      expect(problemsOf({ SESSION_SECRET: crypto.randomBytes(36).toString('base64') })).toEqual([]);
      expect(problemsOf({ SESSION_SECRET: crypto.randomBytes(16).toString('hex') })).toEqual([]);
    }
  });
});

describe('where the server listens', () => {
  it('listens on this machine only while the development identity provider is active', () => {
    expect(loadConfig({})).toMatchObject({ host: '127.0.0.1', hostFromEnv: false });
    expect(listenNotice(loadConfig({}))).toEqual({
      level: 'info',
      message:
        'Provedor de identidade de desenvolvimento ativo: escutando só em 127.0.0.1 (defina HOST para mudar; configure FIREBASE_PROJECT_ID para o login Google real).',
    });
  });

  it('warns loudly when HOST opens the development provider to other machines', () => {
    const config = loadConfig({ HOST: '0.0.0.0' });
    expect(config).toMatchObject({ host: '0.0.0.0', hostFromEnv: true });
    expect(listenNotice(config)).toEqual({
      level: 'warn',
      message:
        'ATENÇÃO: provedor de identidade de desenvolvimento ativo e HOST=0.0.0.0: o servidor aceita conexões de outras máquinas. O provedor só atende pedidos desta máquina, mas o restante do app fica exposto sem login Google real. Configure FIREBASE_PROJECT_ID antes de expor o servidor.',
    });
  });

  it('listens on every interface with Firebase, and says nothing about it', () => {
    const config = loadConfig({ FIREBASE_PROJECT_ID: 'normas', FIREBASE_API_KEY: 'chave' });
    expect(config.host).toBe('0.0.0.0');
    expect(listenNotice(config)).toBeUndefined();
  });
});

describe('TRUST_PROXY', () => {
  it('believes no X-Forwarded-For by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it.each([
    ['false', false],
    ['true', true],
    ['1', 1],
    ['127.0.0.1', ['127.0.0.1']],
    ['127.0.0.1, 10.0.0.0/8,::1', ['127.0.0.1', '10.0.0.0/8', '::1']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('reads %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['sim', '10.0.0.0/33', '300.1.1.1', 'proxy.interno'])('refuses %j', (value) => {
    expect(problemsOf({ TRUST_PROXY: value })).toEqual([
      'TRUST_PROXY: use "false", "true", um número de proxies ou uma lista de endereços/redes (ex.: 127.0.0.1,10.0.0.0/8)',
    ]);
  });
});

describe('rate limits', () => {
  it('are on everywhere but in the automated tests, and can be set either way', () => {
    expect(loadConfig({}).rateLimits).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).rateLimits).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', RATE_LIMITS: 'on' }).rateLimits).toBe(true);
    expect(loadConfig({ RATE_LIMITS: 'off' }).rateLimits).toBe(false);
    expect(problemsOf({ REDIS_URL: 'http://cache:6379' })).toEqual([
      'REDIS_URL: deve ser uma URL redis://',
    ]);
  });
});
