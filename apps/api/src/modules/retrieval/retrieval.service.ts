import type { Db } from '../../db/client';
import { createServedEngine } from './models';
import { createRetrievalRepository } from './retrieval.repository';
import type { RetrievalEngine, SearchOptions, SearchResult } from './retrieval.types';

export interface RetrievalService {
  /** Ranked sections for a question; the index is built from the database on first use. */
  search(query: string, options?: SearchOptions): Promise<SearchResult>;
  /** Drops the in-memory index: call after an import so that the next search sees the new items. */
  invalidate(): void;
  /** Builds the index now (e.g. at start-up) and returns it. */
  ready(): Promise<RetrievalEngine>;
  /**
   * Builds a new index from the database while searches go on with the current one, then swaps
   * it in (another process imported regulations).
   */
  refresh(): Promise<RetrievalEngine>;
}

/**
 * The search index lives in memory and is built lazily from the sections table, so that a start
 * does not wait for it; concurrent first searches share one build.
 */
export function loadRetrievalIndex(db: Db): RetrievalService {
  const repository = createRetrievalRepository(db);
  let building: Promise<RetrievalEngine> | undefined;
  let generation = 0;

  function ready(): Promise<RetrievalEngine> {
    if (!building) {
      building = repository.listIndexedSections().then(createServedEngine);
      // A failed build (database down) must not stick: the next search tries again.
      building.catch(() => {
        building = undefined;
      });
    }
    return building;
  }

  return {
    async search(query, options) {
      return (await ready()).search(query, options);
    },
    invalidate() {
      generation++;
      building = undefined;
    },
    ready,
    async refresh() {
      const mine = ++generation;
      const next = repository.listIndexedSections().then(createServedEngine);
      const engine = await next;
      // A later refresh or invalidate wins over this one.
      if (mine === generation) building = next;
      return engine;
    },
  };
}

/** What `warmUpIndex` reports to. */
export interface WarmUpLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * Builds the index `delayMs` after the start, so that the first question does not wait for it (about
 * a second of CPU) while the start's own health checks are not held up by it. Never keeps the
 * process alive; a failure is logged and the next search tries again.
 */
export function warmUpIndex(service: RetrievalService, log: WarmUpLog, delayMs: number) {
  return setTimeout(() => {
    const started = Date.now();
    service
      .ready()
      .then((engine) =>
        log.info({ sections: engine.size, ms: Date.now() - started }, 'índice de busca pronto'),
      )
      .catch((error: unknown) => log.warn({ err: error }, 'índice de busca não construído'));
  }, delayMs).unref();
}
