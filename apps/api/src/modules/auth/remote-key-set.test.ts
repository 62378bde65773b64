import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  KeySetUnavailableError,
  createRemoteKeySet,
  maxAgeSeconds,
  type FetchLike,
} from './remote-key-set';

const URL = 'https://keys.example.test/jwks';

async function rsaJwk(kid: string): Promise<JWK> {
  const { publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
}

/** A key server we control: what it publishes, its Cache-Control, whether it is up, and how often it is asked. */
function fakeKeyServer(initial: JWK[], cacheControl: string | null = 'public, max-age=600') {
  const server: {
    keys: JWK[];
    cacheControl: string | null;
    up: boolean;
    calls: number;
    urls: string[];
    fetch: FetchLike;
  } = {
    keys: initial,
    cacheControl,
    up: true,
    calls: 0,
    urls: [] as string[],
    fetch: async (url: string) => {
      server.calls += 1;
      server.urls.push(url);
      if (!server.up) throw new Error('ECONNREFUSED');
      return {
        ok: true,
        status: 200,
        headers: {
          get: (name: string) =>
            name.toLowerCase() === 'cache-control' ? server.cacheControl : null,
        },
        json: async () => ({ keys: server.keys }),
      };
    },
  };
  return server;
}

function clock(start = 1_800_000_000_000) {
  const c = { t: start, now: () => c.t, advance: (ms: number) => (c.t += ms) };
  return c;
}

let k1: JWK;
let k2: JWK;
beforeAll(async () => {
  [k1, k2] = await Promise.all([rsaJwk('k1'), rsaJwk('k2')]);
});

describe('maxAgeSeconds', () => {
  it('reads max-age among other directives', () => {
    expect(maxAgeSeconds('public, max-age=19045, must-revalidate, no-transform')).toBe(19045);
    expect(maxAgeSeconds('max-age=0')).toBe(0);
  });

  it('falls back to one hour without a usable max-age and caps absurd ones at a day', () => {
    expect(maxAgeSeconds(null)).toBe(3600);
    expect(maxAgeSeconds('no-cache')).toBe(3600);
    expect(maxAgeSeconds('s-maxage=10')).toBe(3600);
    expect(maxAgeSeconds('max-age=99999999')).toBe(86400);
  });
});

describe('remote key set', () => {
  it('fetches the key set once and serves it from cache while max-age lasts', async () => {
    const server = fakeKeyServer([k1, k2]);
    const c = clock();
    const keys = createRemoteKeySet({ url: URL, fetch: server.fetch, now: c.now });
    expect(await keys.getKey('k1')).toBeDefined();
    c.advance(599_000);
    expect(await keys.getKey('k2')).toBeDefined();
    expect(server.calls).toBe(1);
    expect(server.urls).toEqual([URL]);
  });

  it('fetches again once max-age has passed and sees rotated keys', async () => {
    const server = fakeKeyServer([k1]);
    const c = clock();
    const keys = createRemoteKeySet({ url: URL, fetch: server.fetch, now: c.now });
    expect(await keys.getKey('k1')).toBeDefined();
    server.keys = [k2];
    c.advance(600_000);
    expect(await keys.getKey('k2')).toBeDefined();
    expect(await keys.getKey('k1')).toBeUndefined();
    expect(server.calls).toBe(2);
  });

  it('refetches for an unknown kid, but at most once per interval', async () => {
    const server = fakeKeyServer([k1], 'max-age=3600');
    const c = clock();
    const keys = createRemoteKeySet({
      url: URL,
      fetch: server.fetch,
      now: c.now,
      minRefetchIntervalMs: 60_000,
    });
    await keys.getKey('k1');
    server.keys = [k1, k2];

    // Right after a fetch an unknown kid is simply unknown: forged kids must not hammer Google.
    expect(await keys.getKey('k2')).toBeUndefined();
    expect(await keys.getKey('forged')).toBeUndefined();
    expect(server.calls).toBe(1);

    c.advance(60_000);
    expect(await keys.getKey('k2')).toBeDefined();
    expect(server.calls).toBe(2);
    expect(await keys.getKey('forged')).toBeUndefined();
    expect(server.calls).toBe(2);
  });

  it('shares one request among concurrent callers', async () => {
    const server = fakeKeyServer([k1, k2]);
    const keys = createRemoteKeySet({ url: URL, fetch: server.fetch, now: clock().now });
    const found = await Promise.all([keys.getKey('k1'), keys.getKey('k2'), keys.getKey('k1')]);
    expect(found.every(Boolean)).toBe(true);
    expect(server.calls).toBe(1);
  });

  it('keeps using a stale copy while the key server is down', async () => {
    const server = fakeKeyServer([k1], 'max-age=60');
    const c = clock();
    const keys = createRemoteKeySet({ url: URL, fetch: server.fetch, now: c.now });
    await keys.getKey('k1');
    server.up = false;
    c.advance(120_000);
    expect(await keys.getKey('k1')).toBeDefined();
    expect(server.calls).toBe(2);
  });

  it('says the keys are unavailable when it never got them', async () => {
    const server = fakeKeyServer([k1]);
    server.up = false;
    const keys = createRemoteKeySet({ url: URL, fetch: server.fetch, now: clock().now });
    await expect(keys.getKey('k1')).rejects.toBeInstanceOf(KeySetUnavailableError);
  });

  it('treats an error status or a body without keys as unavailable', async () => {
    const statusFetch: FetchLike = async () => ({
      ok: false,
      status: 500,
      headers: { get: () => null },
      json: async () => ({}),
    });
    await expect(
      createRemoteKeySet({ url: URL, fetch: statusFetch }).getKey('k1'),
    ).rejects.toBeInstanceOf(KeySetUnavailableError);
    const server = fakeKeyServer([]);
    server.keys = 'nope' as unknown as JWK[];
    await expect(
      createRemoteKeySet({ url: URL, fetch: server.fetch }).getKey('k1'),
    ).rejects.toBeInstanceOf(KeySetUnavailableError);
  });

  it('skips keys that are not RS256 RSA keys or cannot be imported, keeping the good ones', async () => {
    const server = fakeKeyServer([
      { kty: 'oct', k: 'c2VjcmV0', kid: 'hmac' },
      { ...k2, kid: 'rs512', alg: 'RS512' },
      { kty: 'RSA', kid: 'broken', e: 'AQAB' },
      { ...k1, kid: undefined },
      k1,
    ]);
    const keys = createRemoteKeySet({ url: URL, fetch: server.fetch, now: clock().now });
    expect(await keys.getKey('hmac')).toBeUndefined();
    expect(await keys.getKey('rs512')).toBeUndefined();
    expect(await keys.getKey('broken')).toBeUndefined();
    expect(await keys.getKey('k1')).toBeDefined();
  });
});
