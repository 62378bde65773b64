import fs from 'node:fs';
import { PROCESS_TEST_TIMEOUT_MS } from '../test/processes/spawn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFixtures } from '../modules/regulations/fixtures.test-helper';
import { authed, signInOver } from '../test/processes/http-client';
import { makeDataDir, startServer, type ServerProcess } from '../test/processes/server-process';

// The embedded database in a real server process, killed with SIGKILL in the middle of a burst of
// writes: after a restart on the same folder, every write the server acknowledged must be there.
// (PGlite runs PostgreSQL with fsync off, but every commit's WAL is written to the files before the
// answer goes out, so a killed process loses nothing the kernel has; see docs/decisions/0012.)

const WORKERS = 6;
/** The server is killed once this many writes of each kind were acknowledged, mid-burst. */
const ACKNOWLEDGED = 6;

let corpus: string;
let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(() => {
  corpus = writeFixtures();
  dataDir = makeDataDir();
});
afterAll(async () => {
  if (server && server.child.exitCode === null) await server.stop('SIGKILL');
  for (const dir of [corpus, dataDir]) fs.rmSync(dir, { recursive: true, force: true });
});

interface Acknowledged {
  questions: { historyId: string; question: string }[];
  messages: { id: string; content: string }[];
}

async function burst(s: ServerProcess, token: string, chatId: string, acked: Acknowledged) {
  let n = 0;
  let stop = false;
  const worker = async (w: number) => {
    while (!stop) {
      const i = n++;
      try {
        if (i % 2 === 0) {
          const question = `Qual a altura máxima do andaime de exemplo? (${w}-${i})`;
          const res = await fetch(
            `${s.url}/api/v1/regulation/question`,
            authed(token, { question }),
          );
          if (res.status === 200) {
            const body = (await res.json()) as { historyId: string };
            acked.questions.push({ historyId: body.historyId, question });
          }
        } else {
          const content = `E o limite de ruído de exemplo? (${w}-${i})`;
          const res = await fetch(
            `${s.url}/api/v1/regulation/chat/${chatId}/message`,
            authed(token, { content }),
          );
          if (res.status === 201) {
            const body = (await res.json()) as { id: string };
            acked.messages.push({ id: body.id, content });
          }
        }
      } catch {
        // The connection died with the server: not acknowledged, nothing to check.
        return;
      }
    }
  };
  const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
  const until = Date.now() + 120_000;
  while (
    (acked.questions.length < ACKNOWLEDGED || acked.messages.length < ACKNOWLEDGED) &&
    Date.now() < until
  ) {
    await new Promise((r) => setTimeout(r, 20));
  }
  // Killed while the workers still have requests in flight.
  const killed = s.stop('SIGKILL');
  stop = true;
  await Promise.all(workers);
  return killed;
}

describe('durability of the embedded database', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('keeps every acknowledged question and chat message when the server is killed mid-burst', async () => {
    server = await startServer(dataDir, { CORPUS_DIR: corpus });
    const token = await signInOver(server.url, 'dur@example.com');
    const plan = await fetch(`${server.url}/api/v1/dev-auth/plan`, {
      ...authed(token, { plan: 'business' }),
      method: 'PUT',
    });
    expect(plan.status).toBe(200);
    const created = await fetch(
      `${server.url}/api/v1/regulation/chat/create`,
      authed(token, { title: 'Durabilidade', projectId: '' }),
    );
    expect(created.status).toBe(201);
    const chat = (await created.json()) as { id: string };

    const acked: Acknowledged = { questions: [], messages: [] };
    await burst(server, token, chat.id, acked);
    expect(server.child.signalCode).toBe('SIGKILL');
    // Enough writes were acknowledged for the check to mean something.
    expect(acked.questions.length).toBeGreaterThanOrEqual(ACKNOWLEDGED);
    expect(acked.messages.length).toBeGreaterThanOrEqual(ACKNOWLEDGED);

    server = await startServer(dataDir, { CORPUS_DIR: corpus });
    const again = await signInOver(server.url, 'dur@example.com');
    for (const { historyId, question } of acked.questions) {
      const res = await fetch(
        `${server.url}/api/v1/regulation/question-history/${historyId}`,
        authed(again),
      );
      expect(res.status, question).toBe(200);
      expect(((await res.json()) as { question: string }).question).toBe(question);
    }
    const history = await fetch(`${server.url}/api/v1/regulation/chat/${chat.id}`, authed(again));
    const stored = (await history.json()) as {
      messages: { id: string; content: string; isUserMessage: boolean }[];
    };
    const ids = new Set(stored.messages.map((m) => m.id));
    const userTexts = new Set(stored.messages.filter((m) => m.isUserMessage).map((m) => m.content));
    for (const message of acked.messages) {
      expect(ids.has(message.id), message.content).toBe(true);
      expect(userTexts.has(message.content), message.content).toBe(true);
    }
    expect(await server.stop('SIGTERM')).toBe(0);
  });
});
