/** Lower case without diacritics: "Proteção" → "protecao". Users type either form. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export type TokenKind = 'word' | 'number' | 'item' | 'code';

export interface Token {
  kind: TokenKind;
  /** Folded text; codes canonical ("NR-35"), item labels dotted ("35.2.1"), decimals with a point ("13.8"). */
  value: string;
  /** Position among the text's tokens, for proximity. */
  position: number;
}

/**
 * One pass over folded text. Alternatives, in order: an NR code ("NR-35", "nr35", "NR 35",
 * "Norma Regulamentadora nº 35"); an item label ("35.2.1", no part with a leading zero so that
 * "1.000" stays a quantity); any other number ("13,8"); a word, hyphenated parts included.
 */
const TOKEN =
  /(?<![a-z0-9])(?:nr|norma regulamentadora)\s*(?:n[o.]*\s*)?-?\s*(\d{1,2})(?!\d|[.,]\d)|([1-9]\d?(?:\.[1-9]\d*)+)(?![\d])|(\d+(?:[.,]\d+)*)|([a-z]+(?:[-'][a-z]+)*)/g;

const PERCENT_AFTER = /^\s?%/;

export function canonicalCode(nrNumber: string | number): string {
  return `NR-${String(Number(nrNumber)).padStart(2, '0')}`;
}

/**
 * Splits folded text into words, NR codes and numbers. Item labels ("35.2.1") stay whole so that a
 * question can name an item; hyphenated words are split into their parts.
 */
export function tokenize(text: string): Token[] {
  // "nº"/"n°" lose their ordinal sign here so that "NR nº 35" reads like "NR n 35".
  const folded = foldText(text).replace(/[º°ª]/g, '');
  const tokens: Token[] = [];
  const push = (kind: TokenKind, value: string) =>
    tokens.push({ kind, value, position: tokens.length });
  for (const m of folded.matchAll(TOKEN)) {
    if (m[1] !== undefined) push('code', canonicalCode(m[1]));
    else if (m[2] !== undefined) push('item', m[2]);
    else if (m[3] !== undefined) {
      push('number', m[3].replace(/\.(?=\d{3}\b)/g, '').replace(',', '.'));
      // "40%" is a percentage as "percentual" says it: "qual o percentual de insalubridade?".
      if (PERCENT_AFTER.test(folded.slice(m.index + m[0].length))) push('word', 'percentual');
    } else for (const part of m[4]!.split(/[-']/)) push('word', part);
  }
  return tokens;
}
