import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for an OpenAI-compatible endpoint at the network edge of a test: every chat completion
 * streams `chunks` deltas, one each `intervalMs` (a slow model), then `[DONE]`.
 */
export async function startSlowLlm(chunks: string[], intervalMs: number) {
  let started = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      started++;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      let i = 0;
      const timer = setInterval(() => {
        if (res.destroyed) return clearInterval(timer);
        if (i < chunks.length) {
          res.write(
            `data: ${JSON.stringify({ choices: [{ delta: { content: chunks[i++] } }] })}\n\n`,
          );
        } else {
          clearInterval(timer);
          res.end('data: [DONE]\n\n');
        }
      }, intervalMs);
      res.on('close', () => clearInterval(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests: () => started,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
