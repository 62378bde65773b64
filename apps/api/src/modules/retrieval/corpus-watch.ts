import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Broadcaster } from '../../lib/broadcaster';
import type { RetrievalService } from './retrieval.service';

/** Announced by whoever imported regulations; the payload is the corpus version after it. */
export const CORPUS_CHANGED = 'corpus.changed';
/** A safety net for changes nobody announced (a script, psql): one one-row query a replica. */
const POLL_MS = 30_000;

export async function readCorpusVersion(db: Db): Promise<number> {
  const result = await db.execute<{ version: number }>(
    sql`select version from corpus_version limit 1`,
  );
  return (result as unknown as { rows: { version: number }[] }).rows[0]?.version ?? 0;
}

/** Tells the other replicas (and this one) that the regulations changed. */
export async function announceCorpusChanged(db: Db, broadcaster: Broadcaster): Promise<void> {
  await broadcaster.publish(CORPUS_CHANGED, { version: await readCorpusVersion(db) });
}

interface WatchLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Keeps this process's in-memory search index in step with the database when another process
 * imports: on an announcement, after a lost connection (announcements may have been missed) and
 * every 30 s, the corpus version is compared with the one the index was built from; when it moved,
 * a new index is built in the background and swapped in (questions meanwhile use the old one).
 */
export async function watchCorpus(deps: {
  db: Db;
  broadcaster: Broadcaster;
  retrieval: RetrievalService;
  log: WatchLog;
  pollMs?: number;
}): Promise<() => Promise<void>> {
  let known = await readCorpusVersion(deps.db);
  let checking: Promise<void> | undefined;

  async function check(): Promise<void> {
    const current = await readCorpusVersion(deps.db);
    if (current === known) return;
    known = current;
    const started = Date.now();
    const engine = await deps.retrieval.refresh();
    deps.log.info(
      { version: current, sections: engine.size, ms: Date.now() - started },
      'base de normas mudou: índice de busca refeito',
    );
  }
  const checkSoon = () => {
    checking ??= check()
      .catch((error: unknown) =>
        deps.log.warn({ err: error }, 'não foi possível verificar a versão da base de normas'),
      )
      .finally(() => (checking = undefined));
    return checking;
  };

  const unsubscribe = await deps.broadcaster.subscribe(CORPUS_CHANGED, () => void checkSoon());
  const stopResync = deps.broadcaster.onResync(() => void checkSoon());
  const timer = setInterval(() => void checkSoon(), deps.pollMs ?? POLL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    stopResync();
    unsubscribe();
    await checking;
  };
}
