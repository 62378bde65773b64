import fs from 'node:fs';
import { ERRORS } from '@normas/contracts/errors';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeFixtures } from '../modules/regulations/fixtures.test-helper';
import { authed, readEvents, signInOver, type SseEvent } from '../test/processes/http-client';
import { startSlowLlm } from '../test/processes/llm-stand-in';
import { makeDataDir, startServer, type ServerProcess } from '../test/processes/server-process';
import { exited, spawnTs, waitForLine, PROCESS_TEST_TIMEOUT_MS } from '../test/processes/spawn';

// The real server in a child process, stopped with real signals. Its answers come from a slow
// stand-in model, so that a stream is in flight when the signal arrives.
const QUESTION = 'Qual a altura máxima do andaime de exemplo?';
const CHUNKS = ['A altura máxima ', 'do andaime de exemplo ', 'é de 9,0 m [1].'];

let corpus: string;
let llm: Awaited<ReturnType<typeof startSlowLlm>>;
const dataDirs: string[] = [];
let server: ServerProcess | undefined;

beforeAll(async () => {
  corpus = writeFixtures(['nr-41.txt']);
  llm = await startSlowLlm(CHUNKS, 600);
});
afterEach(async () => {
  if (server && server.child.exitCode === null) await server.stop('SIGKILL');
  server = undefined;
});
afterAll(async () => {
  await llm.close();
  for (const dir of [corpus, ...dataDirs]) fs.rmSync(dir, { recursive: true, force: true });
});

function start(dataDir: string, env: Record<string, string> = {}) {
  return startServer(dataDir, {
    CORPUS_DIR: corpus,
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: 'stand-in',
    ...env,
  });
}

function freshDataDir() {
  const dir = makeDataDir();
  dataDirs.push(dir);
  return dir;
}

/** Starts an answer stream and resolves once its first delta has arrived. */
async function askWhileStreaming(s: ServerProcess, token: string) {
  let firstDelta!: () => void;
  const streaming = new Promise<void>((resolve) => (firstDelta = resolve));
  const response = await fetch(
    `${s.url}/api/v1/regulation/question/stream`,
    authed(token, { question: QUESTION }),
  );
  expect(response.status).toBe(200);
  const events = readEvents(response, (e) => e.event === 'delta' && firstDelta());
  await Promise.race([streaming, events]);
  return { events };
}

const lastEvent = (events: SseEvent[]) => events.at(-1)!;
const messages = (s: ServerProcess) => s.logs.map((l) => l.msg);

describe('graceful shutdown of the real server', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('on SIGTERM turns readiness 503 at once, turns new requests away, lets the answer in flight finish, closes the database and exits 0', async () => {
    const dataDir = freshDataDir();
    server = await start(dataDir);
    const token = await signInOver(server.url, 'ana@example.com');
    const { events } = await askWhileStreaming(server, token);

    server.child.kill('SIGTERM');
    const exit = new Promise((resolve) => server!.child.once('exit', resolve));
    await new Promise((r) => setTimeout(r, 150));
    const ready = await fetch(`${server.url}/api/v1/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'stopping' });
    const refused = await fetch(`${server.url}/api/v1/regulation/question-history`, authed(token));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('connection')).toBe('close');
    expect(await refused.json()).toEqual({
      code: 'SERVER_STOPPING',
      message: ERRORS.SERVER_STOPPING.message,
    });

    const streamed = await events;
    expect(lastEvent(streamed).event).toBe('done');
    expect(
      streamed
        .filter((e) => e.event === 'delta')
        .map((e) => (e.data as { text: string }).text)
        .join(''),
    ).toContain('9,0 m');
    expect(await exit).toBe(0);
    expect(messages(server)).toContain('servidor parado de forma limpa: banco de dados fechado');
    expect(server.logs.find((l) => l.msg.startsWith('servidor parado'))).toMatchObject({
      clean: true,
      streamsFinished: 1,
      streamsCut: 0,
    });
    expect(fs.existsSync(`${dataDir}/normas.lock`)).toBe(false);

    // The answer that finished during the shutdown was stored: it is in the history after a restart.
    server = await start(dataDir);
    const again = await signInOver(server.url, 'ana@example.com');
    const history = await fetch(`${server.url}/api/v1/regulation/question-history`, authed(again));
    expect(
      ((await history.json()) as { data: { question: string }[] }).data.map((q) => q.question),
    ).toEqual([QUESTION]);
  });

  it('cuts an answer still streaming when the grace period ends, telling the client, and still exits 0', async () => {
    server = await start(freshDataDir(), { SHUTDOWN_GRACE_MS: '300' });
    const token = await signInOver(server.url, 'bia@example.com');
    const { events } = await askWhileStreaming(server, token);
    const code = server.stop('SIGTERM');
    const streamed = await events;
    expect(lastEvent(streamed)).toEqual({
      event: 'error',
      data: { code: 'SERVER_STOPPING', message: ERRORS.SERVER_STOPPING.message },
    });
    expect(await code).toBe(0);
    expect(server.logs.find((l) => l.msg.startsWith('servidor parado'))).toMatchObject({
      clean: false,
      streamsCut: 1,
    });
  });

  it('stops at once on SIGINT when nothing is in flight', async () => {
    server = await start(freshDataDir());
    const started = Date.now();
    expect(await server.stop('SIGINT')).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(messages(server)).toContain('servidor parado de forma limpa: banco de dados fechado');
  });

  it('stops the first import after the file at hand when asked to stop before listening', async () => {
    const child = spawnTs('apps/api/src/server.ts', [], {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: freshDataDir(),
      LOG_LEVEL: 'info',
    });
    await waitForLine(child, (l) => l.includes('[1/36] importado'), 240_000);
    child.kill('SIGTERM');
    const stopped = waitForLine(child, (l) => l.includes('servidor parado de forma limpa'));
    expect(await stopped).toContain('"clean":true');
    expect(await exited(child)).toBe(0);
  });

  it('refuses to start on a data folder another server holds, naming both', async () => {
    const dataDir = freshDataDir();
    server = await start(dataDir);
    const second = start(dataDir).catch((e: unknown) => e as Error);
    const error = await second;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(
      `A pasta de dados ${dataDir} já está em uso pelo servidor (processo ${server.child.pid}`,
    );
  });
});
