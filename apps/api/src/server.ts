import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { importCorpusIfNeeded } from './modules/regulations/corpus-import';
import { warmUpIndex } from './modules/retrieval/retrieval.service';
import { listenNotice } from './modules/dev-auth/listen-notice';
import { announceCorpusChanged } from './modules/retrieval/corpus-watch';

/** How long after listening the search index starts building (see warmUpIndex). */
const WARM_UP_DELAY_MS = 1000;

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
  if (config.corpusDir) {
    const summary = await importCorpusIfNeeded(app.ctx.db, config.corpusDir, app.log);
    if (summary.imported > 0) await announceCorpusChanged(app.ctx.db, app.ctx.broadcaster);
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      void app.close().then(() => process.exit(0));
    });
  }
  const notice = listenNotice(config);
  if (notice) app.log[notice.level](notice.message);
  await app.listen({ host: config.host, port: config.port });
  warmUpIndex(app.ctx.retrieval, app.log, WARM_UP_DELAY_MS);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
