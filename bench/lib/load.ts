/** A tiny closed-loop load generator: N workers, each sending its next request when the last one ends. */

export interface LoadOptions {
  concurrency: number;
  /** Stop after this many requests in total... */
  maxRequests: number;
  /** ...or after this long, whichever comes first. */
  maxMs: number;
}

export interface LoadReport {
  concurrency: number;
  requests: number;
  errors: number;
  /** Status codes other than 2xx, with their counts. */
  statuses: Record<string, number>;
  elapsedMs: number;
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/**
 * Runs `request(i)` (which resolves to a status, or throws) under load and reports latencies in ms.
 * Latency is measured around each call, so it includes the client's share of the loopback trip.
 */
export async function runLoad(
  options: LoadOptions,
  request: (index: number) => Promise<number>,
): Promise<LoadReport> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + options.maxMs;

  async function worker() {
    while (next < options.maxRequests && performance.now() < deadline) {
      const index = next++;
      const t0 = performance.now();
      try {
        const status = await request(index);
        latencies.push(performance.now() - t0);
        if (status < 200 || status >= 300) {
          errors++;
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      } catch {
        errors++;
        statuses.network = (statuses.network ?? 0) + 1;
      }
    }
  }

  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const elapsedMs = performance.now() - started;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    concurrency: options.concurrency,
    requests: latencies.length,
    errors,
    statuses,
    elapsedMs,
    throughput: (latencies.length / elapsedMs) * 1000,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  };
}
