import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
