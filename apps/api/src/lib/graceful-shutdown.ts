import type { FastifyInstance } from 'fastify';

/** How long answer streams in flight may take to finish once the process is asked to stop. */
export const SHUTDOWN_GRACE_MS = 10_000;
/** After the grace period, how long cut streams get to send their last event. */
const CUT_GRACE_MS = 1_000;

export interface ShutdownResult {
  /** False when streams had to be cut at the end of the grace period. */
  clean: boolean;
  streamsFinished: number;
  streamsCut: number;
  ms: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Stops the app the way a load balancer expects:
 * 1. at once, readiness answers 503 "stopping" and every new request a pt-BR 503 with
 *    `Connection: close` (drain guard), so that nothing new starts here;
 * 2. answer streams in flight finish — for at most `graceMs`, after which each ends with a
 *    "server stopping" error event;
 * 3. the listening socket and the connections close (Fastify waits for requests under way), then
 *    the app's onClose hooks close the database.
 */
export async function shutDown(
  app: FastifyInstance,
  graceMs = SHUTDOWN_GRACE_MS,
): Promise<ShutdownResult> {
  const started = Date.now();
  const { lifecycle } = app.ctx;
  lifecycle.beginDrain();
  const inFlight = lifecycle.streamsInFlight;
  app.log.info(
    { streamsInFlight: inFlight, graceMs },
    'encerrando: prontidão 503, novas requisições recusadas, aguardando as respostas em andamento',
  );
  await Promise.race([lifecycle.streamsDone(), sleep(graceMs)]);
  const streamsCut = lifecycle.streamsInFlight;
  if (streamsCut > 0) {
    app.log.warn({ streamsCut }, 'prazo de encerramento esgotado: respostas em andamento cortadas');
    lifecycle.abortStreams();
    await Promise.race([lifecycle.streamsDone(), sleep(CUT_GRACE_MS)]);
  }
  // Whatever still holds a connection open after this is cut, so that the database can close.
  const cutAll = setTimeout(() => app.server.closeAllConnections?.(), CUT_GRACE_MS);
  try {
    await app.close();
  } finally {
    clearTimeout(cutAll);
  }
  return {
    clean: streamsCut === 0,
    streamsFinished: inFlight - streamsCut,
    streamsCut,
    ms: Date.now() - started,
  };
}
