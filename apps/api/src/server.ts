import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { serveControlSocket } from './db/control-socket';
import { shutDown } from './lib/graceful-shutdown';
import { importCorpusIfNeeded } from './modules/regulations/corpus-import';
import { warmUpIndex } from './modules/retrieval/retrieval.service';
import { listenNotice } from './modules/dev-auth/listen-notice';
import { announceCorpusChanged } from './modules/retrieval/corpus-watch';

/** How long after listening the search index starts building (see warmUpIndex). */
const WARM_UP_DELAY_MS = 1000;
/** Signals this close together are one request to stop, not two. */
const SAME_SIGNAL_MS = 1000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  const { backup } = app.ctx.database;
  if (backup) {
    // `normas backup` asks this process for a consistent copy while it runs.
    const control = await serveControlSocket(config.dataDir, { backup });
    if (control) app.addHook('onClose', () => control.close());
  }
  const stop = () =>
    shutDown(app, config.shutdownGraceMs).then(
      (result) => {
        app.log.info(result, 'servidor parado de forma limpa: banco de dados fechado');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'falha ao parar o servidor');
        process.exit(1);
      },
    );
  // SIGTERM (orchestrators, `docker stop`) and SIGINT (Ctrl+C) stop gracefully; a second one
  // while draining cuts the answers still in flight at once. During the import that precedes
  // listening, the import stops after the file at hand and the server then stops.
  const stopRequested = new AbortController();
  let listening = false;
  let firstSignalAt = 0;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopRequested.signal.aborted) {
        // Ctrl+C reaches this process twice at once: from the terminal and through `npm start`.
        if (Date.now() - firstSignalAt < SAME_SIGNAL_MS) return;
        app.log.warn({ signal }, 'segundo pedido de parada: cortando as respostas em andamento');
        app.ctx.lifecycle.abortStreams();
        return;
      }
      stopRequested.abort();
      firstSignalAt = Date.now();
      app.log.info({ signal }, 'pedido de parada recebido');
      if (listening) void stop();
    });
  }
  const corpora = [config.shippedCorpusDir, config.corpusDir].filter((d) => d !== undefined);
  if (corpora.length > 0) {
    const summary = await importCorpusIfNeeded(app.ctx.db, corpora, app.log, stopRequested.signal);
    if (summary.imported > 0) await announceCorpusChanged(app.ctx.db, app.ctx.broadcaster);
  }
  if (stopRequested.signal.aborted) return void stop();
  const notice = listenNotice(config);
  if (notice) app.log[notice.level](notice.message);
  await app.listen({ host: config.host, port: config.port });
  listening = true;
  if (stopRequested.signal.aborted) return void stop();
  warmUpIndex(app.ctx.retrieval, app.log, WARM_UP_DELAY_MS);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
