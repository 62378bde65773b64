/**
 * Two API processes on one PostgreSQL database (and HAProxy in front): a message sent through one
 * replica reaches sockets held by the other, through LISTEN/NOTIFY. Needs PostgreSQL (DATABASE_URL)
 * and HAProxy: CI's services phase.
 */
import crypto from 'node:crypto';
import type { Room, RoomMessage } from '@normas/contracts/rooms';
import type { Invite } from '@normas/contracts/workspaces';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { startLoadBalancer, startReplicas, type ManagedProcess } from '../../test/cluster';
import { openTestDatabase } from '../../test/test-app';
import { insertFixtureCorpus } from '../questions/test-support/fixture-corpus';
import { createUsersRepository } from '../users/users.repository';
import { openSocket, type TestSocket } from './test-support/ws-client';

let database: Database;
let drop: () => Promise<void>;
let dbUrl: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  const opened = await openTestDatabase();
  if (!opened.url) throw new Error('Este teste precisa de DATABASE_URL (PostgreSQL).');
  ({ database, drop } = opened);
  dbUrl = opened.url;
  await insertFixtureCorpus(database);
});

afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await database?.close();
  await drop?.();
});

const request = async <T>(
  base: string,
  method: string,
  url: string,
  token: string,
  body?: unknown,
) => {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${url} → ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
};

let count = 0;
async function signIn(base: string, plan: 'free' | 'business' = 'free') {
  const email = `sala${++count}@exemplo.com.br`;
  const post = (url: string, body: unknown) =>
    fetch(`${base}/api/v1${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const { idToken } = (await (
    await post('/dev-auth/token', { email, name: `Pessoa ${count}` })
  ).json()) as {
    idToken: string;
  };
  const login = (await (await post('/auth/login', { idToken })).json()) as {
    token: string;
    user: { id: string };
  };
  if (plan !== 'free') await createUsersRepository(database.db).setPlanByEmail(email, plan);
  return { token: login.token, id: login.user.id, email };
}

const TRANSPORTS: { transport: string; env: Record<string, string> }[] = [
  { transport: 'PostgreSQL LISTEN/NOTIFY', env: {} },
  {
    transport: 'Redis pub/sub',
    env: { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
  },
];

describe.each(TRANSPORTS)(
  'two replicas on one PostgreSQL, announcements by $transport',
  ({ env }) => {
    let stopReplicas: (() => Promise<void>) | undefined;
    let a: string;
    let b: string;
    let lb: ManagedProcess | undefined;

    beforeAll(async () => {
      const started = await startReplicas(2, {
        NODE_ENV: 'development',
        DATABASE_URL: dbUrl,
        SESSION_SECRET: crypto.randomBytes(36).toString('base64'),
        PUBLIC_ORIGIN: 'http://127.0.0.1:1',
        LOG_LEVEL: 'warn',
        // The fixture NRs are enough; importing the shipped PDFs would take minutes.
        SHIPPED_CORPUS: 'off',
        ...env,
      });
      stopReplicas = started.stop;
      [a, b] = started.replicas.map((r) => r.url) as [string, string];
      lb = await startLoadBalancer([a, b].map((u) => u.replace('http://', '')));
    });

    afterAll(async () => {
      await lb?.stop();
      await stopReplicas?.();
    });

    it('a message sent through one replica arrives on a socket held by the other, and through the load balancer', async () => {
      const owner = await signIn(a, 'business');
      const colleague = await signIn(b);
      await request(a, 'POST', '/workspace', owner.token, { name: 'Réplicas' });
      const invite = await request<Invite>(a, 'POST', '/workspace/invites', owner.token, {
        email: colleague.email,
      });
      await request(b, 'POST', `/workspace/invites/${invite.id}/accept`, colleague.token);
      const room = await request<Room>(a, 'POST', '/chat/groups', owner.token, {
        name: 'Entre réplicas',
        memberIds: [colleague.id],
      });

      const onB = await openSocket(b, { token: colleague.token });
      const onA = await openSocket(a, { token: owner.token });
      const viaLb = await openSocket(lb!.url, { token: colleague.token });
      sockets.push(onA, onB, viaLb);

      const sent = await request<RoomMessage>(a, 'POST', `/chat/${room.id}/messages`, owner.token, {
        content: 'Enviada pela réplica A',
      });
      expect((await onB.next('message')).message).toEqual(sent);
      expect((await viaLb.next('message')).message).toEqual(sent);

      // And back: a socket send on B reaches the socket on A.
      onB.send({ type: 'send', roomId: room.id, content: 'Resposta pela B', clientId: 'b-1' });
      expect((await onB.next('ack')).message.seq).toBe(2);
      expect((await onA.next('message', (f) => f.message.seq === 2)).message.content).toBe(
        'Resposta pela B',
      );

      // A member removed on A loses the socket held by B at once.
      await request(a, 'DELETE', `/workspace/members/${colleague.id}`, owner.token);
      expect((await onB.closed).code).toBe(4403);
      expect((await viaLb.closed).code).toBe(4403);
    });

    it('concurrent senders on both replicas get gapless seqs, and every socket sees every message once, in order', async () => {
      const owner = await signIn(a, 'business');
      const colleague = await signIn(b);
      await request(a, 'POST', '/workspace', owner.token, { name: 'Concorrência' });
      const invite = await request<Invite>(a, 'POST', '/workspace/invites', owner.token, {
        email: colleague.email,
      });
      await request(b, 'POST', `/workspace/invites/${invite.id}/accept`, colleague.token);
      const room = await request<Room>(b, 'POST', '/chat/groups', colleague.token, {
        name: 'Rajada',
        memberIds: [owner.id],
      });
      const watchers = [
        await openSocket(a, { token: owner.token }),
        await openSocket(b, { token: owner.token }),
      ];
      sockets.push(...watchers);
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          i % 2
            ? request(a, 'POST', `/chat/${room.id}/messages`, owner.token, { content: `a${i}` })
            : request(b, 'POST', `/chat/${room.id}/messages`, colleague.token, {
                content: `b${i}`,
              }),
        ),
      );
      for (const w of watchers) {
        await w.next('message', (f) => f.message.seq === 30, 30_000);
        expect(w.all('message').map((f) => f.message.seq)).toEqual(
          Array.from({ length: 30 }, (_, i) => i + 1),
        );
      }
    });
  },
);
