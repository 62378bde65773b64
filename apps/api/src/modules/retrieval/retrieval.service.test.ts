import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RetrievalService } from './retrieval.service';
import { warmUpIndex } from './retrieval.service';
import type { RetrievalEngine } from './retrieval.types';

function fakeService(ready: () => Promise<RetrievalEngine>): RetrievalService {
  return { ready: vi.fn(ready), search: vi.fn(), invalidate: vi.fn(), refresh: vi.fn() };
}

describe('warming up the search index', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('builds the index once the delay has passed, not before, and logs its size', async () => {
    const service = fakeService(async () => ({ size: 7130 }) as RetrievalEngine);
    const log = { info: vi.fn(), warn: vi.fn() };
    warmUpIndex(service, log, 1000);
    await vi.advanceTimersByTimeAsync(999);
    expect(service.ready).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(service.ready).toHaveBeenCalledTimes(1);
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ sections: 7130 }),
      'índice de busca pronto',
    );
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('logs a failed build instead of crashing the process', async () => {
    const failure = new Error('banco fora do ar');
    const service = fakeService(() => Promise.reject(failure));
    const log = { info: vi.fn(), warn: vi.fn() };
    warmUpIndex(service, log, 10);
    await vi.advanceTimersByTimeAsync(10);
    expect(log.warn).toHaveBeenCalledWith({ err: failure }, 'índice de busca não construído');
    expect(log.info).not.toHaveBeenCalled();
  });

  it('does not keep the process alive while waiting', () => {
    const timer = warmUpIndex(
      fakeService(async () => ({ size: 0 }) as RetrievalEngine),
      { info: vi.fn(), warn: vi.fn() },
      1000,
    );
    expect(timer.hasRef()).toBe(false);
    clearTimeout(timer);
  });
});
