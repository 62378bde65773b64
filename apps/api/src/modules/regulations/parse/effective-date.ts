const MONTHS: Record<string, number> = {
  janeiro: 1,
  fevereiro: 2,
  março: 3,
  marco: 3,
  abril: 4,
  maio: 5,
  junho: 6,
  julho: 7,
  agosto: 8,
  setembro: 9,
  outubro: 10,
  novembro: 11,
  dezembro: 12,
};

// "entra em vigor a partir de 02 de janeiro de 2026", "Entra em vigor em 26 de maio de 2026",
// "vigência em 26 de maio de 2025", "entram em vigor a partir de 04/01/2027".
const IN_FORCE =
  /(?:entra(?:m|rá|rão)?\s+em\s+vigor|vig[êe]ncia)\s+(?:a\s+partir\s+)?(?:de\s+|em\s+|no\s+dia\s+|do\s+dia\s+)?(?:(\d{1,2})[º°o]?\s+de\s+([a-zç]+)\s+de\s+(\d{4})|(\d{1,2})\/(\d{1,2})\/(\d{4}))/gi;

function isoDate(y: number, m: number, d: number): string | null {
  if (!(m >= 1 && m <= 12 && d >= 1 && d <= 31)) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * The date from which a wording applies, when the text says so ("Esta redação entra em vigor a
 * partir de …"). With several such notes the latest wins: it is the one that governs the whole text.
 */
export function findEffectiveDate(text: string): string | null {
  let latest: string | null = null;
  for (const m of text.matchAll(IN_FORCE)) {
    const date = m[1]
      ? isoDate(Number(m[3]), MONTHS[m[2]!.toLowerCase()] ?? 0, Number(m[1]))
      : isoDate(Number(m[6]), Number(m[5]), Number(m[4]));
    if (date && (!latest || date > latest)) latest = date;
  }
  return latest;
}

export function laterDate(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}
