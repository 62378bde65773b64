import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root, whether running from src/ (tsx, tests) or from the bundled dist/. */
export const REPO_ROOT = path.resolve(here, '../../..');

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalText.pipe(
      z.url({ protocol: /^postgres(ql)?$/, error: 'deve ser uma URL postgres://' }).optional(),
    ),
    PUBLIC_ORIGIN: optionalText.pipe(z.url().optional()),
    WEB_DIST_DIR: optionalText,
    SESSION_SECRET: optionalText.pipe(
      z.string().min(32, { error: 'deve ter ao menos 32 caracteres' }).optional(),
    ),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 30)
      .default(24),
    FIREBASE_PROJECT_ID: optionalText,
    FIREBASE_API_KEY: optionalText,
    FIREBASE_AUTH_DOMAIN: optionalText,
    SUPPORT_WHATSAPP: z
      .string()
      .regex(/^\d{10,15}$/, { error: 'deve ter só dígitos, com DDI e DDD' })
      .default('5511999999999'),
    PRIVACY_URL: z
      .url()
      .default('https://www.gov.br/trabalho-e-emprego/pt-br/acesso-a-informacao/privacidade'),
    CORPUS_DIR: optionalText,
    REDIS_URL: optionalText.pipe(
      z.url({ protocol: /^rediss?$/, error: 'deve ser uma URL redis://' }).optional(),
    ),
    ANSWER_ENGINE: z.enum(['extractive', 'llm']).optional(),
    LLM_BASE_URL: optionalText.pipe(z.url().optional()),
    LLM_API_KEY: optionalText,
    LLM_MODEL: optionalText,
    LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production') {
      if (!env.SESSION_SECRET)
        ctx.addIssue({
          code: 'custom',
          path: ['SESSION_SECRET'],
          message: 'é obrigatório em produção',
        });
      if (!env.FIREBASE_PROJECT_ID)
        ctx.addIssue({
          code: 'custom',
          path: ['FIREBASE_PROJECT_ID'],
          message:
            'é obrigatório em produção (o provedor de identidade de desenvolvimento não roda em produção)',
        });
    }
    if ((env.ANSWER_ENGINE === 'llm' || env.LLM_BASE_URL) && !(env.LLM_BASE_URL && env.LLM_MODEL)) {
      ctx.addIssue({
        code: 'custom',
        path: ['LLM_MODEL'],
        message: 'LLM_BASE_URL e LLM_MODEL são obrigatórios para o motor LLM',
      });
    }
    if (env.FIREBASE_PROJECT_ID && !env.FIREBASE_API_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['FIREBASE_API_KEY'],
        message: 'é obrigatório com FIREBASE_PROJECT_ID',
      });
  });

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  env: 'development' | 'test' | 'production';
  host: string;
  port: number;
  logLevel: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicOrigin: string;
  webDistDir: string;
  sessionSecret: string | undefined;
  sessionTtlSeconds: number;
  firebase: { projectId: string; apiKey: string; authDomain: string } | undefined;
  supportWhatsapp: string;
  privacyUrl: string;
  corpusDir: string | undefined;
  /** Redis for announcements between replicas; without it they go through the database. */
  redisUrl: string | undefined;
  /** `llm` when an OpenAI-compatible endpoint is configured, otherwise the grounded extractive engine. */
  answerEngine: 'extractive' | 'llm';
  llm:
    { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | undefined;
  /** Upper bound for one answer: the LLM timeout, or a generous bound for the local engine. */
  answerTimeoutMs: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuração inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; every bad variable is named in one error. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(ambiente)'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicOrigin: e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist')),
    sessionSecret: e.SESSION_SECRET,
    sessionTtlSeconds: Math.round(e.SESSION_TTL_HOURS * 3600),
    firebase: e.FIREBASE_PROJECT_ID
      ? {
          projectId: e.FIREBASE_PROJECT_ID,
          apiKey: e.FIREBASE_API_KEY ?? '',
          authDomain: e.FIREBASE_AUTH_DOMAIN ?? `${e.FIREBASE_PROJECT_ID}.firebaseapp.com`,
        }
      : undefined,
    supportWhatsapp: e.SUPPORT_WHATSAPP,
    privacyUrl: e.PRIVACY_URL,
    corpusDir: e.CORPUS_DIR ? path.resolve(e.CORPUS_DIR) : undefined,
    redisUrl: e.REDIS_URL,
    answerEngine: e.ANSWER_ENGINE ?? (e.LLM_BASE_URL ? 'llm' : 'extractive'),
    llm:
      e.LLM_BASE_URL && e.LLM_MODEL
        ? {
            baseUrl: e.LLM_BASE_URL,
            apiKey: e.LLM_API_KEY,
            model: e.LLM_MODEL,
            timeoutMs: e.LLM_TIMEOUT_MS,
          }
        : undefined,
    answerTimeoutMs: e.LLM_BASE_URL && e.LLM_MODEL ? e.LLM_TIMEOUT_MS : 30_000,
  };
}
