/**
 * A rough, conservative estimate of how many bits of randomness a secret holds: the shortest
 * period the text repeats with (`abcabcabc…` counts as `abc`) times the Shannon entropy of its
 * characters. A random 32-character base64 value scores about 150 bits, 32 hexadecimal digits
 * about 110; one character repeated scores 0, a short word repeated very little.
 */
export function estimatedEntropyBits(secret: string): number {
  const chars = [...secret];
  if (chars.length === 0) return 0;
  const period = shortestPeriod(chars);
  const counts = new Map<string, number>();
  for (const c of chars.slice(0, period)) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bitsPerChar = 0;
  for (const n of counts.values()) {
    const p = n / period;
    bitsPerChar -= p * Math.log2(p);
  }
  return bitsPerChar * period;
}

/** The smallest p such that the text is its first p characters repeated (KMP failure function). */
function shortestPeriod(chars: string[]): number {
  const fail = new Array<number>(chars.length).fill(0);
  for (let i = 1, k = 0; i < chars.length; i++) {
    while (k > 0 && chars[i] !== chars[k]) k = fail[k - 1]!;
    if (chars[i] === chars[k]) k++;
    fail[i] = k;
  }
  return chars.length - fail[chars.length - 1]!;
}

/** What a session secret must reach: 32 random hexadecimal digits (128 bits) pass with margin. */
export const MIN_SECRET_ENTROPY_BITS = 96;
