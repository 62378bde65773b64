import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { estimatedEntropyBits, MIN_SECRET_ENTROPY_BITS } from './lib/secret-strength';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root, whether running from src/ (tsx, tests) or from the bundled dist/. */
export const REPO_ROOT = path.resolve(here, '../../..');
/** The NRs in force, shipped with the product (official PDFs and their manifest.json). */
export const SHIPPED_CORPUS_DIR = path.join(REPO_ROOT, 'corpus');

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: optionalText,
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
      z
        .string()
        .min(32, { error: 'deve ter ao menos 32 caracteres', abort: true })
        .refine((v) => estimatedEntropyBits(v) >= MIN_SECRET_ENTROPY_BITS, {
          error:
            'é previsível demais (caracteres repetidos ou padrão); gere um valor aleatório, por exemplo com "openssl rand -base64 48"',
        })
        .optional(),
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
    SHIPPED_CORPUS: z.enum(['on', 'off'], { error: 'deve ser on ou off' }).default('on'),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    REDIS_URL: optionalText.pipe(
      z.url({ protocol: /^rediss?$/, error: 'deve ser uma URL redis://' }).optional(),
    ),
    ANSWER_ENGINE: z.enum(['extractive', 'llm']).optional(),
    LLM_BASE_URL: optionalText.pipe(z.url().optional()),
    LLM_API_KEY: optionalText,
    LLM_MODEL: optionalText,
    LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
    TRUST_PROXY: optionalText.pipe(
      z
        .string()
        .transform((v, ctx) => {
          const parsed = parseTrustProxy(v);
          if (parsed === undefined) {
            ctx.addIssue({
              code: 'custom',
              message:
                'use "false", "true", um número de proxies ou uma lista de endereços/redes (ex.: 127.0.0.1,10.0.0.0/8)',
            });
            return z.NEVER;
          }
          return parsed;
        })
        .optional(),
    ),
    REDIS_KEY_PREFIX: z.string().default('normas:'),
    RATE_LIMITS: z.enum(['on', 'off']).optional(),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_PUBLISHABLE_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_PRICE_PRO: optionalText,
    STRIPE_API_BASE: optionalText.pipe(
      z.url({ protocol: /^https?$/, error: 'deve ser uma URL http(s)://' }).optional(),
    ),
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
      if (!env.STRIPE_SECRET_KEY)
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_SECRET_KEY'],
          message: 'é obrigatório em produção (o pagamento de demonstração não roda em produção)',
        });
      if (!env.STRIPE_WEBHOOK_SECRET)
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_WEBHOOK_SECRET'],
          message: 'é obrigatório em produção',
        });
    }
    if (env.STRIPE_SECRET_KEY) {
      for (const name of ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_PRICE_PRO'] as const) {
        if (!env[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'é obrigatório com STRIPE_SECRET_KEY',
          });
      }
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

/** Names proxy-addr understands for families of addresses. */
const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrNetwork(entry: string): boolean {
  if (TRUST_PROXY_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * TRUST_PROXY: which hops may set X-Forwarded-For. `false` (the default) believes no one, `true`
 * everyone (only when nothing but the proxy can reach the server), a number that many hops from
 * the server, or a list of the proxies' addresses/networks. Undefined when the value is none of these.
 */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v.split(',').map((e) => e.trim());
  return entries.every(isAddressOrNetwork) ? entries : undefined;
}

export type TrustProxy = boolean | number | string[];

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/** True when a HOST value only accepts connections from this machine. */
export const isLoopbackHost = (host: string) => LOOPBACK_HOSTS.has(host) || host.startsWith('127.');

export interface Config {
  env: 'development' | 'test' | 'production';
  /** HOST, or 127.0.0.1 while the development identity provider is active, 0.0.0.0 otherwise. */
  host: string;
  /** Whether HOST was given, rather than chosen for the identity provider in use. */
  hostFromEnv: boolean;
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
  /** The shipped NRs, imported on start unless SHIPPED_CORPUS=off (tests with their own corpus). */
  shippedCorpusDir: string | undefined;
  /** How long answers in flight may take to finish after SIGTERM. */
  shutdownGraceMs: number;
  /** Redis for announcements and rate-limit counters shared by replicas; else the database. */
  redisUrl: string | undefined;
  /** `llm` when an OpenAI-compatible endpoint is configured, otherwise the grounded extractive engine. */
  answerEngine: 'extractive' | 'llm';
  llm:
    { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | undefined;
  /** Upper bound for one answer: the LLM timeout, or a generous bound for the local engine. */
  answerTimeoutMs: number;
  /** Which proxies' X-Forwarded-For is believed for the client address (per-IP limits, logs). */
  trustProxy: TrustProxy;
  /** Prefix of every Redis key, so that several environments can share one Redis. */
  redisKeyPrefix: string;
  /** Rate limits are on except in tests (where the tests that need them turn them on). */
  rateLimits: boolean;
  /** Card payments: Stripe when STRIPE_SECRET_KEY is set, otherwise the offline demo provider. */
  payments: PaymentsConfig;
}

export type PaymentsConfig =
  | { provider: 'demo' }
  | {
      provider: 'stripe';
      secretKey: string;
      publishableKey: string;
      /** Without it webhooks are refused (400); required in production. */
      webhookSecret: string | undefined;
      /** A price id (price_…) or a lookup key. */
      pricePro: string;
      /** Only to point the SDK at a local stand-in (tests): host, port and protocol. */
      apiBase: string | undefined;
    };

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
    host: e.HOST ?? (e.FIREBASE_PROJECT_ID ? '0.0.0.0' : '127.0.0.1'),
    hostFromEnv: e.HOST !== undefined,
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
    shippedCorpusDir: e.SHIPPED_CORPUS === 'on' ? SHIPPED_CORPUS_DIR : undefined,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
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
    trustProxy: e.TRUST_PROXY ?? false,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    rateLimits: (e.RATE_LIMITS ?? (e.NODE_ENV === 'test' ? 'off' : 'on')) === 'on',
    payments: e.STRIPE_SECRET_KEY
      ? {
          provider: 'stripe',
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? '',
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          pricePro: e.STRIPE_PRICE_PRO ?? '',
          apiBase: e.STRIPE_API_BASE,
        }
      : { provider: 'demo' },
  };
}
