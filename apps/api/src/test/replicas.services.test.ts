/**
 * Three API processes on one PostgreSQL database behind HAProxy (deploy/haproxy.cfg): sessions,
 * quotas, rate limits and the search index hold across replicas, and answers stream through the
 * load balancer as they are written. Needs PostgreSQL (DATABASE_URL) and HAProxy: CI's services phase.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import type { Database } from '../db/client';
import { insertFixtureCorpus } from '../modules/questions/test-support/fixture-corpus';
import { writeFixtures } from '../modules/regulations/fixtures.test-helper';
import { createUsersRepository } from '../modules/users/users.repository';
import { RATE_LIMIT_CLASSES } from '../plugins/rate-limits';
import { freePort, startLoadBalancer, startReplicas, type ManagedProcess } from './cluster';
import { openTestDatabase } from './test-app';

const QUESTION = 'Qual a carga horária mínima do treinamento para trabalho em altura?';

let database: Database;
let drop: () => Promise<void>;
let stopReplicas: (() => Promise<void>) | undefined;
let llm: http.Server;
const replicas: ManagedProcess[] = [];
let lb: ManagedProcess;
/** While set, the stand-in model holds the rest of its next answer until the gate opens. */
let firstWordsGate: Promise<void> | undefined;
let firstWordsSeen: () => void = () => {};
const env: Record<string, string> = {};
/** Signed in at the start, before the sign-in flood uses up this address's sign-ins. */
let importer: { token: string; email: string };

/**
 * An OpenAI-compatible stand-in at the network edge: it answers with the first source's citation
 * link taken from the prompt, in two pieces.
 */
function startModel(): Promise<string> {
  llm = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', async () => {
      const messages = (JSON.parse(body) as { messages: { content: string }[] }).messages;
      const prompt = messages.at(-1)!.content;
      const link = /Link: (\[[^\]]+\]\([^)]+\))/.exec(prompt)?.[1] ?? '';
      const chunk = (content: string) =>
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk('Segundo a norma, '));
      const gate = firstWordsGate;
      firstWordsGate = undefined;
      if (gate) await gate;
      res.write(chunk(`é o que diz o item citado (${link}).`));
      res.end('data: [DONE]\n\n');
    });
  });
  return new Promise((resolve) =>
    llm.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(llm.address() as { port: number }).port}/v1`),
    ),
  );
}

beforeAll(async () => {
  const opened = await openTestDatabase();
  if (!opened.url) throw new Error('Este teste precisa de DATABASE_URL (PostgreSQL).');
  ({ database, drop } = opened);
  await insertFixtureCorpus(database);
  const lbPort = await freePort();
  Object.assign(env, {
    NODE_ENV: 'development',
    DATABASE_URL: opened.url,
    // The fixture corpus is the knowledge base: the shipped NRs are not imported by each replica.
    SHIPPED_CORPUS: 'off',
    // What every replica shares: the session secret and the public origin (the issuer of the
    // development ID tokens).
    SESSION_SECRET: crypto.randomBytes(36).toString('base64'),
    PUBLIC_ORIGIN: `http://127.0.0.1:${lbPort}`,
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMITS: 'on',
    LOG_LEVEL: 'warn',
    LLM_BASE_URL: await startModel(),
    LLM_MODEL: 'stand-in',
    LLM_TIMEOUT_MS: '20000',
  });
  const started = await startReplicas(3, env);
  replicas.push(...started.replicas);
  stopReplicas = started.stop;
  lb = await startLoadBalancer(
    replicas.map((r) => `127.0.0.1:${r.port}`),
    lbPort,
  );
  importer = await signIn(replicas[0]!.url, replicas[0]!.url, 'business');
});

afterAll(async () => {
  await lb?.stop();
  await stopReplicas?.();
  llm?.closeAllConnections();
  await new Promise((resolve) => llm?.close(resolve));
  await database?.close();
  await drop?.();
});

const json = (body: unknown, token?: string, extra: Record<string, string> = {}) => ({
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...extra,
  },
  body: JSON.stringify(body),
});

let people = 0;
/** Signs in through `tokenAt` (the development provider) and `loginAt` (the API), as a browser would. */
async function signIn(
  tokenAt: string,
  loginAt = tokenAt,
  plan: 'free' | 'business' = 'free',
): Promise<{ token: string; email: string }> {
  const email = `replica${++people}@exemplo.com.br`;
  const issued = await fetch(`${tokenAt}/api/v1/dev-auth/token`, json({ email, name: 'Réplica' }));
  expect(issued.status).toBe(200);
  const { idToken } = (await issued.json()) as { idToken: string };
  const login = await fetch(`${loginAt}/api/v1/auth/login`, json({ idToken }));
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  if (plan !== 'free') await createUsersRepository(database.db).setPlanByEmail(email, plan);
  return { token, email };
}

const ask = (base: string, token: string, question = QUESTION) =>
  fetch(`${base}/api/v1/regulation/question`, json({ question }, token));

const countBy = (items: string[]) =>
  items.reduce<Record<string, number>>((acc, k) => ({ ...acc, [k]: (acc[k] ?? 0) + 1 }), {});

describe('three replicas behind HAProxy', () => {
  it('share sessions: signed in on one, the others accept the token, and logout ends it everywhere', async () => {
    const [a, b, c] = replicas.map((r) => r.url) as [string, string, string];
    const { token } = await signIn(a, b, 'business');
    for (const base of [c, a, lb.url]) {
      const res = await ask(base, token);
      expect(res.status, base).toBe(200);
      const body = (await res.json()) as {
        abstained: boolean;
        aiResponse: string;
        data: { code: string }[];
      };
      expect(body.abstained).toBe(false);
      expect(body.data.map((r) => r.code)).toContain('NR-35');
      expect(body.aiResponse).toContain('é o que diz o item citado');
    }
    const logout = await fetch(`${c}/api/v1/auth/logout`, json({}, token));
    expect(logout.status).toBe(200);
    for (const base of [a, b]) {
      const me = await fetch(`${base}/api/v1/auth/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.status, base).toBe(401);
    }
  });

  it('pass a streamed answer through the load balancer as it is written, not buffered', async () => {
    const { token } = await signIn(lb.url, lb.url, 'business');
    firstWordsGate = new Promise((resolve) => (firstWordsSeen = resolve));
    const res = await fetch(
      `${lb.url}/api/v1/regulation/question/stream`,
      json({ question: QUESTION }, token),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    // The security headers travel with the stream too.
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    const guard = setTimeout(() => void reader.cancel('sem o primeiro trecho em 15 s'), 15_000);
    // The model sends the rest only after this point: a buffering proxy would hold the first
    // words until the end and the stream would never finish.
    while (!seen.includes('event: delta')) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`o stream terminou sem nenhum trecho: ${seen}`);
      seen += decoder.decode(value, { stream: true });
    }
    clearTimeout(guard);
    expect(seen).not.toContain('event: done');
    firstWordsSeen();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += decoder.decode(value, { stream: true });
    }
    expect(seen).toContain('event: done');
    expect(seen).toContain('é o que diz o item citado');
  });

  it('count a free plan quota exactly when parallel questions land on different replicas', async () => {
    const { token } = await signIn(replicas[0]!.url);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => ask(replicas[i % 3]!.url, token)),
    );
    const bodies = (await Promise.all(results.map((r) => r.json()))) as { code?: string }[];
    expect(countBy(results.map((r, i) => `${r.status} ${bodies[i]!.code ?? ''}`.trim()))).toEqual({
      '200': 3,
      '429 DAILY_LIMIT_EXCEEDED': 9,
    });
    const usage = await fetch(`${lb.url}/api/v1/usage`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await usage.json()).toMatchObject({ used: 3, max: 3 });
  });

  it('count rate limits together: parallel questions over replicas stop at the per-user limit', async () => {
    const { token } = await signIn(replicas[1]!.url, replicas[2]!.url, 'business');
    const limit = RATE_LIMIT_CLASSES.question.perUser.max;
    const results = await Promise.all(
      Array.from({ length: limit + 6 }, (_, i) => ask(replicas[i % 3]!.url, token)),
    );
    const bodies = (await Promise.all(results.map((r) => r.json()))) as { code?: string }[];
    expect(countBy(results.map((r, i) => `${r.status} ${bodies[i]!.code ?? ''}`.trim()))).toEqual({
      '200': limit,
      '429 RATE_LIMITED': 6,
    });
    for (const res of results.filter((r) => r.status === 429)) {
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });

  it('keep per-IP limits on the real client address, whatever X-Forwarded-For it sends', async () => {
    const attempts = RATE_LIMIT_CLASSES.signIn.perIp.max + 5;
    const statuses: number[] = [];
    for (let i = 0; i < attempts; i++) {
      const res = await fetch(
        `${lb.url}/api/v1/auth/login`,
        json({ idToken: 'nao-e-um-token' }, undefined, { 'x-forwarded-for': `203.0.113.${i}` }),
      );
      statuses.push(res.status);
    }
    // Each made-up address would have had its own counter; the proxy's own header names us.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(
      RATE_LIMIT_CLASSES.signIn.perIp.max,
    );
    expect(statuses.at(-1)).toBe(429);
  });

  it("bring an import made elsewhere into every replica's search index", async () => {
    const question = 'Qual a altura máxima do andaime de exemplo?';
    const { token } = importer;
    const dir = writeFixtures(['nr-41.txt']);
    try {
      const cli = spawn(
        process.execPath,
        ['--import', 'tsx', 'apps/api/src/cli/main.ts', 'import', dir],
        {
          cwd: REPO_ROOT,
          env: { PATH: process.env.PATH ?? '', ...env, LOG_LEVEL: 'silent' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      cli.stderr.on('data', (c: Buffer) => (output += c.toString()));
      const code = await new Promise<number | null>((resolve) => cli.once('exit', resolve));
      expect(code, output).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // Announced at once; every replica checks again only every 30 s otherwise.
    for (const replica of replicas) {
      let codes: string[] = [];
      for (let attempt = 0; attempt < 5 && !codes.includes('NR-41'); attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 1_000));
        const res = await ask(replica.url, token, question);
        expect(res.status).toBe(200);
        codes = ((await res.json()) as { data: { code: string }[] }).data.map((r) => r.code);
      }
      expect(codes, replica.url).toContain('NR-41');
    }
  });
});
