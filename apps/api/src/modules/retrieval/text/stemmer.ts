import { stemmer } from '@orama/stemmers/portuguese';

const cache = new Map<string, string>();

/**
 * Portuguese Snowball stem of a folded word. Plurals in -ões/-ães are first brought to -ão, because
 * without accents the stemmer no longer recognises them ("inspecoes" and "inspecao" must meet).
 */
export function stem(folded: string): string {
  let hit = cache.get(folded);
  if (hit !== undefined) return hit;
  const singular = folded.replace(/(?:oes|aes)$/, 'ao');
  hit = stemmer(singular);
  if (cache.size < 200_000) cache.set(folded, hit);
  return hit;
}
