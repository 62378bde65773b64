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

// "NR-35", "nr35", "NR 35", "NR-1", "Norma Regulamentadora nº 35".
const CODE = /\b(?:nr|norma regulamentadora)\s*(?:n[ºo°.]*\s*)?-?\s*(\d{1,2})(?!\d|[.,]\d)/y;
// Item labels like "35.2.1" (no part with a leading zero, so "1.000" stays a quantity).
const ITEM_NUMBER = /(?:[1-9]\d?)(?:\.(?:[1-9]\d*))+(?![\d])/y;
const NUMBER = /\d+(?:[.,]\d+)*/y;
const WORD = /[a-z]+(?:[-'][a-z]+)*/y;
// Ordinals and degrees glued to numbers ("13º", "3ª") must not leave stray letters behind.
const SKIP = /[^a-z0-9]+/y;

export function canonicalCode(nrNumber: string | number): string {
  return `NR-${String(Number(nrNumber)).padStart(2, '0')}`;
}

/**
 * Splits folded text into words, NR codes and numbers. Item labels ("35.2.1") stay whole so that a
 * question can name an item; hyphenated words are split into their parts.
 */
export function tokenize(text: string): Token[] {
  const s = foldText(text);
  const tokens: Token[] = [];
  let i = 0;
  const push = (kind: TokenKind, value: string) => tokens.push({ kind, value, position: tokens.length });
  const at = (re: RegExp): RegExpExecArray | null => {
    re.lastIndex = i;
    return re.exec(s);
  };
  while (i < s.length) {
    let m: RegExpExecArray | null;
    if ((m = at(SKIP))) {
      i += m[0].length;
      continue;
    }
    const prev = i > 0 ? s[i - 1]! : ' ';
    if (!/[a-z0-9]/.test(prev) && (m = at(CODE))) {
      push('code', canonicalCode(m[1]!));
      i += m[0].length;
      continue;
    }
    if ((m = at(ITEM_NUMBER))) {
      push('item', m[0]);
      i += m[0].length;
      continue;
    }
    if ((m = at(NUMBER))) {
      push('number', m[0].replace(/\.(?=\d{3}\b)/g, '').replace(',', '.'));
      i += m[0].length;
      continue;
    }
    if ((m = at(WORD))) {
      for (const part of m[0].split(/[-']/)) push('word', part);
      i += m[0].length;
      continue;
    }
    i += 1;
  }
  return tokens;
}
