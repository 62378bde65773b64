import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * A Unix socket in the data folder through which CLI commands ask the server that holds the folder
 * to do what needs the open database — today, a consistent backup. Only the folder's owner can reach
 * it (mode 0600). One JSON line in, one JSON line out.
 */
export const CONTROL_SOCKET = 'normas.sock';

/** Unix socket paths are limited to ~107 bytes; deeper data folders get no control socket. */
const MAX_SOCKET_PATH = 100;

export type ControlRequest = { command: 'backup'; file: string };
export type ControlReply = { ok: true; bytes: number } | { ok: false; message: string };

export function controlSocketPath(dataDir: string): string | null {
  const file = path.join(dataDir, CONTROL_SOCKET);
  return Buffer.byteLength(file) <= MAX_SOCKET_PATH ? file : null;
}

export interface ControlHandlers {
  backup(file: string): Promise<number>;
}

/** Starts listening; the file left by a killed server is replaced (the caller holds the lock). */
export async function serveControlSocket(
  dataDir: string,
  handlers: ControlHandlers,
): Promise<{ close(): Promise<void> } | null> {
  const file = controlSocketPath(dataDir);
  if (!file) return null;
  fs.rmSync(file, { force: true });
  const server = net.createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.on('data', (chunk: string) => {
      input += chunk;
      const end = input.indexOf('\n');
      if (end < 0) return;
      void answer(input.slice(0, end)).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
  });
  async function answer(line: string): Promise<ControlReply> {
    try {
      const request = JSON.parse(line) as ControlRequest;
      if (request.command !== 'backup' || typeof request.file !== 'string') {
        return { ok: false, message: 'Pedido desconhecido.' };
      }
      return { ok: true, bytes: await handlers.backup(request.file) };
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  fs.chmodSync(file, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(file, { force: true });
      }),
  };
}

/** Sends one request to the server holding `dataDir`; null when no server listens there. */
export function sendControlRequest(
  dataDir: string,
  request: ControlRequest,
  timeoutMs = 120_000,
): Promise<ControlReply | null> {
  const file = controlSocketPath(dataDir);
  if (!file || !fs.existsSync(file)) return Promise.resolve(null);
  return new Promise((resolve) => {
    const socket = net.createConnection(file);
    let output = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ ok: false, message: 'O servidor não respondeu a tempo.' });
    }, timeoutMs);
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => (output += chunk));
    socket.on('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    socket.on('end', () => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(output) as ControlReply);
      } catch {
        resolve(null);
      }
    });
  });
}
