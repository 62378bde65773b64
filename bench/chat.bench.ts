/**
 * `npm run bench:chat`: live team rooms (issue 11). The built server (`node apps/api/dist/server.js`)
 * on the embedded database; 200 websocket clients (200 workspace members) in 20 groups of 10, all in
 * this process. Measures the fan-out latency — from a client sending `{"type":"send"}` to each other
 * member of the room receiving the `message` frame, on the same clock — and messages per second:
 *
 * - steady: every room gets BENCH_RATE messages per second in total (default 2 → 40 msg/s stored,
 *   360 deliveries/s), for BENCH_SECONDS (default 15);
 * - flat out: each room's senders keep one message in flight (a new one on each ack), for the same
 *   time: the rate the server sustains.
 *
 * Target (issue 11): p95 ≤ 50 ms at 200 sockets. Environment: BENCH_PORT (4160), BENCH_SOCKETS
 * (200), BENCH_ROOMS (20), BENCH_RATE, BENCH_SECONDS, BENCH_SKIP_BUILD=1.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { REPO_ROOT } from '../apps/api/src/config';
import { percentile } from './lib/load';
import { formatMs, loadAverage, processCpuMs as cpuMsOf } from './lib/machine';
import { runBench, writeBenchResult } from './lib/run';

const PORT = Number(process.env.BENCH_PORT ?? 4160);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 200);
const ROOMS = Number(process.env.BENCH_ROOMS ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const BASE = `http://127.0.0.1:${PORT}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function api<T>(
  method: string,
  url: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${BASE}/api/v1${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${url} → ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

interface Member {
  id: string;
  email: string;
  token: string;
}

async function signIn(n: number): Promise<Member> {
  const email = `bench${n}@exemplo.com.br`;
  const { idToken } = await api<{ idToken: string }>('POST', '/dev-auth/token', null, {
    email,
    name: `Pessoa ${n}`,
  });
  const login = await api<{ token: string; user: { id: string } }>('POST', '/auth/login', null, {
    idToken,
  });
  return { id: login.user.id, email, token: login.token };
}

async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      PUBLIC_ORIGIN: BASE,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SHIPPED_CORPUS: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error('o servidor terminou antes de ficar pronto');
    const ready = await fetch(`${BASE}/api/v1/ready`).catch(() => null);
    if (ready?.status === 200) return child;
    await sleep(50);
  }
}

interface Client {
  member: Member;
  roomId: string;
  ws: WebSocket;
}

interface Phase {
  name: string;
  sent: number;
  acked: number;
  latencies: number[];
  deliveries: number;
  seconds: number;
  serverCpuMs: number;
}

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) {
    process.stderr.write('› Construindo (npm run build)…\n');
    const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('o build falhou');
  }
  const loadAtStart = loadAverage();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'normas-bench-chat-'));
  const server = await startServer(dataDir);
  try {
    process.stderr.write(`› ${SOCKETS} pessoas, ${ROOMS} grupos…\n`);
    const members: Member[] = [];
    for (let i = 0; i < SOCKETS; i += 20)
      members.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(20, SOCKETS - i) }, (_, k) => signIn(i + k + 1)),
        )),
      );
    const owner = members[0]!;
    await api('PUT', '/dev-auth/plan', owner.token, { plan: 'business' });
    await api('POST', '/workspace', owner.token, { name: 'Bench' });
    for (const m of members.slice(1)) {
      const invite = await api<{ id: string }>('POST', '/workspace/invites', owner.token, {
        email: m.email,
      });
      await api('POST', `/workspace/invites/${invite.id}/accept`, m.token);
    }
    const perRoom = Math.ceil(SOCKETS / ROOMS);
    const clients: Client[] = [];
    for (let r = 0; r < ROOMS; r++) {
      const inRoom = members.slice(r * perRoom, (r + 1) * perRoom);
      if (inRoom.length === 0) break;
      const [creator, ...rest] = inRoom;
      const room = await api<{ id: string }>('POST', '/chat/groups', creator!.token, {
        name: `Grupo ${r + 1}`,
        memberIds: rest.map((m) => m.id),
      });
      for (const member of inRoom) clients.push({ member, roomId: room.id, ws: null as never });
    }

    // Every sent message's time, by clientId; every delivery to another member is one latency.
    const sentAt = new Map<string, number>();
    let phase: Phase | null = null;
    let onAck: ((client: Client) => void) | null = null;
    await Promise.all(
      clients.map(
        (client) =>
          new Promise<void>((resolve, reject) => {
            const ws = new WebSocket(`${BASE.replace('http', 'ws')}/api/v1/chat/ws`);
            client.ws = ws;
            ws.on('open', () =>
              ws.send(JSON.stringify({ type: 'auth', token: client.member.token })),
            );
            ws.on('error', reject);
            ws.on('message', (data) => {
              const frame = JSON.parse(String(data)) as {
                type: string;
                clientId?: string;
                message?: { content: string };
              };
              if (frame.type === 'ready') return resolve();
              if (frame.type === 'message' && phase) {
                const at = sentAt.get(frame.message!.content);
                if (at !== undefined) {
                  phase.latencies.push(performance.now() - at);
                  phase.deliveries += 1;
                }
              }
              if (frame.type === 'ack' && phase) {
                phase.acked += 1;
                onAck?.(client);
              }
            });
          }),
      ),
    );
    process.stderr.write(`› ${clients.length} sockets prontos\n`);

    let counter = 0;
    const send = (client: Client) => {
      const id = `b${++counter}`;
      sentAt.set(id, performance.now());
      phase!.sent += 1;
      client.ws.send(
        JSON.stringify({ type: 'send', roomId: client.roomId, content: id, clientId: id }),
      );
    };
    const byRoom = new Map<string, Client[]>();
    for (const c of clients) byRoom.set(c.roomId, [...(byRoom.get(c.roomId) ?? []), c]);
    const pick = (roomId: string) => {
      const list = byRoom.get(roomId)!;
      return list[Math.floor(Math.random() * list.length)]!;
    };

    async function run(
      name: string,
      drive: (stop: () => boolean) => Promise<void>,
    ): Promise<Phase> {
      phase = { name, sent: 0, acked: 0, latencies: [], deliveries: 0, seconds: 0, serverCpuMs: 0 };
      const cpuBefore = cpuMsOf(server.pid!);
      const started = performance.now();
      const deadline = started + SECONDS * 1000;
      await drive(() => performance.now() >= deadline);
      // Deliveries still on their way.
      await sleep(1000);
      const done = phase;
      done.seconds = (performance.now() - started - 1000) / 1000;
      done.serverCpuMs = cpuMsOf(server.pid!) - cpuBefore;
      phase = null;
      onAck = null;
      return done;
    }

    process.stderr.write('› constante…\n');
    const steady = await run(`steady (${RATE} msg/s per group)`, async (stop) => {
      const interval = 1000 / (RATE * byRoom.size);
      const rooms = [...byRoom.keys()];
      let i = 0;
      while (!stop()) {
        send(pick(rooms[i++ % rooms.length]!));
        await sleep(interval);
      }
    });
    process.stderr.write('› sem pausa…\n');
    const flat = await run('flat out (one message in flight per group)', async (stop) => {
      onAck = (client) => {
        if (!stop()) send(pick(client.roomId));
      };
      for (const roomId of byRoom.keys()) send(pick(roomId));
      while (!stop()) await sleep(100);
    });

    for (const c of clients) c.ws.terminate();
    const loadAtEnd = loadAverage();
    const rows = [steady, flat].map((p) => {
      const sorted = [...p.latencies].sort((a, b) => a - b);
      return {
        p,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? NaN,
      };
    });
    const report = [
      '# Chat benchmark',
      '',
      `Run ${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} CPUs (${os.cpus()[0]?.model.split(' ')[0] ?? '?'}) · load average (1 / 5 / 15 min) at the start ${loadAtStart}, at the end ${loadAtEnd}. Produced by \`npm run bench:chat\`.`,
      '',
      `The built server on the embedded database (one process: its LISTEN/NOTIFY carries the announcements), ${clients.length} websocket clients in this process, ${byRoom.size} groups of ${perRoom}. Latency is from a client's \`send\` frame to another member's \`message\` frame (stored with its seq, announced, fanned out), on one clock; each message counts once per receiving member. Each phase lasts ${SECONDS} s. "Server CPU" is the processor time the server used in the phase.`,
      '',
      '| phase | messages sent | stored (acked) | msgs/s stored | deliveries | deliveries/s | p50 ms | p95 ms | p99 ms | max ms | server CPU s |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows.map(
        ({ p, p50, p95, p99, max }) =>
          `| ${p.name} | ${p.sent} | ${p.acked} | ${(p.acked / p.seconds).toFixed(1)} | ${p.deliveries} | ${(p.deliveries / p.seconds).toFixed(0)} | ${formatMs(p50)} | ${formatMs(p95)} | ${formatMs(p99)} | ${formatMs(max)} | ${(p.serverCpuMs / 1000).toFixed(1)} |`,
      ),
      '',
      `Target p95 ≤ 50 ms at ${clients.length} sockets (steady phase): ${rows[0]!.p95 <= 50 ? 'met' : 'NOT met'} (${formatMs(rows[0]!.p95)} ms).`,
      '',
    ].join('\n');
    const file = writeBenchResult('chat.md', report);
    process.stdout.write(`${report}\n→ ${path.relative(REPO_ROOT, file)}\n`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
