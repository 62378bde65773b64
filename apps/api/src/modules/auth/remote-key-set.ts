import { importJWK, type CryptoKey, type JWK } from 'jose';

/** Where Google publishes the keys that sign Firebase ID tokens. */
export const FIREBASE_JWKS_URL =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

export type FetchLike = (
  url: string,
  init?: { signal?: AbortSignal },
) => Promise<{
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
  json(): Promise<unknown>;
}>;

/** The key set could not be fetched and no earlier copy is available. */
export class KeySetUnavailableError extends Error {
  constructor(cause: unknown) {
    super(
      `chaves públicas indisponíveis: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
    this.name = 'KeySetUnavailableError';
  }
}

/** Used when the answer carries no usable Cache-Control (Google's keys rotate every few hours). */
const DEFAULT_MAX_AGE_SECONDS = 3600;

export function maxAgeSeconds(cacheControl: string | null): number {
  const match = /(?:^|[,\s])max-age\s*=\s*"?(\d+)"?/i.exec(cacheControl ?? '');
  if (!match) return DEFAULT_MAX_AGE_SECONDS;
  return Math.min(Number(match[1]), 24 * 3600);
}

interface Snapshot {
  keys: Map<string, CryptoKey>;
  expiresAt: number;
  fetchedAt: number;
}

/**
 * A JWKS fetched over HTTP and kept for the `max-age` its server gives. An unknown `kid` triggers a
 * refetch (keys rotate), at most once per `minRefetchIntervalMs`, so that a stream of forged `kid`s
 * cannot turn us into a load generator against the key server.
 */
export function createRemoteKeySet(options: {
  url: string;
  fetch: FetchLike;
  now?: () => number;
  minRefetchIntervalMs?: number;
  timeoutMs?: number;
}) {
  const now = options.now ?? Date.now;
  const minRefetch = options.minRefetchIntervalMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 5_000;
  let snapshot: Snapshot | undefined;
  let inFlight: Promise<Snapshot> | undefined;
  let lastAttemptAt = -Infinity;

  async function download(): Promise<Snapshot> {
    lastAttemptAt = now();
    const response = await options.fetch(options.url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = (await response.json()) as { keys?: unknown };
    if (!body || !Array.isArray(body.keys)) throw new Error('resposta sem "keys"');
    const keys = new Map<string, CryptoKey>();
    for (const jwk of body.keys as JWK[]) {
      if (typeof jwk?.kid !== 'string' || jwk.kty !== 'RSA') continue;
      if (jwk.alg !== undefined && jwk.alg !== 'RS256') continue;
      try {
        keys.set(jwk.kid, (await importJWK({ ...jwk, alg: 'RS256' }, 'RS256')) as CryptoKey);
      } catch {
        // One malformed key must not hide the good ones.
      }
    }
    const fetchedAt = now();
    return {
      keys,
      fetchedAt,
      expiresAt: fetchedAt + maxAgeSeconds(response.headers.get('cache-control')) * 1000,
    };
  }

  function refresh(): Promise<Snapshot> {
    inFlight ??= download()
      .then((fresh) => (snapshot = fresh))
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }

  return {
    /** The key for `kid`, or undefined when the key server does not know it. */
    async getKey(kid: string): Promise<CryptoKey | undefined> {
      const outdated = !snapshot || now() >= snapshot.expiresAt || !snapshot.keys.has(kid);
      if (!snapshot || (outdated && now() - lastAttemptAt >= minRefetch)) {
        try {
          await refresh();
        } catch (error) {
          // A stale copy beats refusing every sign-in while the key server hiccups.
          if (!snapshot) throw new KeySetUnavailableError(error);
        }
      }
      return snapshot?.keys.get(kid);
    },
  };
}

export type RemoteKeySet = ReturnType<typeof createRemoteKeySet>;
