import type { UsageStatus } from '@normas/contracts/questions';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordUsage, usageQueryOptions } from './get-usage';

const STATUS: UsageStatus = {
  plan: 'free',
  used: 1,
  max: 3,
  period: 'day',
  resetAt: '2026-11-26T03:00:00.000Z',
};

function jsonResponse(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('recordUsage', () => {
  it('is not overwritten by a status fetch that read the count before the question was counted', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(usageQueryOptions('u1').queryKey, STATUS);
    // A screen opens while the question is asked: its fetch answers late, with the old count.
    let answerLate: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((resolve, reject) => {
            answerLate = resolve;
            init?.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            );
          }),
      ),
    );
    const stale = client.fetchQuery({ ...usageQueryOptions('u1'), staleTime: 0 }).catch(() => null);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await recordUsage(client, 'u1', { used: 2, max: 3 });
    answerLate(jsonResponse(STATUS));
    await stale;
    expect(client.getQueryData(usageQueryOptions('u1').queryKey)).toMatchObject({ used: 2 });
  });

  it('fetches the status when none was cached yet', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const fetchMock = vi.fn(async () => jsonResponse({ ...STATUS, used: 2 }));
    vi.stubGlobal('fetch', fetchMock);
    await recordUsage(client, 'u1', { used: 2, max: 3 });
    // No observer: invalidation marks it stale; a screen that reads it fetches the new count.
    await client.fetchQuery(usageQueryOptions('u1'));
    expect(client.getQueryData(usageQueryOptions('u1').queryKey)).toMatchObject({ used: 2 });
  });
});
