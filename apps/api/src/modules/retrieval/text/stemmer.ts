import { stemmer } from '@orama/stemmers/portuguese';
import exceptions from '../data/stem-exceptions.pt-BR.json' with { type: 'json' };

/** Words whose Snowball stem would meet an unrelated word's ("porta" and "porto"). */
const EXCEPTIONS: ReadonlyMap<string, string> = new Map(Object.entries(exceptions.stems));

const cache = new Map<string, string>();

/**
 * Portuguese Snowball stem of a folded word. Plurals in -ões/-ães are first brought to -ão, because
 * without accents the stemmer no longer recognises them ("inspecoes" and "inspecao" must meet); the
 * same for adjectives in "-imos" and for plurals in "-veis".
 */
export function stem(folded: string): string {
  let hit = cache.get(folded) ?? EXCEPTIONS.get(folded);
  if (hit !== undefined) return hit;
  // Without its accent "minimos" reads like a verb in "-imos" and would stem to "min" (as "mina").
  const singular = folded
    .replace(/(?:oes|aes)$/, 'ao')
    .replace(/^(.{3,}im)os$/, '$1o')
    // Nouns in "-ção" meet their verb ("duração"/"durar", "marcação"/"marcadas"): Snowball keeps
    // "-cao" once the accents are gone, so the ending goes before stemming.
    .replace(/^(.{4,})cao$/, '$1')
    // Plurals in "-veis" ("inflamáveis", "indeléveis"): without accents the stemmer cuts them to
    // "inflamav" while the singular stays "inflamavel", so "responsáveis" never met "responsável".
    // (The same for "-ais"/"-ois" was measured and moved dev and held-out questions both ways.)
    .replace(/^(.{2,})veis$/, '$1vel');
  hit = stemmer(singular);
  if (cache.size < 200_000) cache.set(folded, hit);
  return hit;
}
