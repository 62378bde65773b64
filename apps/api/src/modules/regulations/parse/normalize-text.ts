/**
 * Symbol-font glyphs: Word exports "Symbol" characters as private-use code points U+F0xx, where xx
 * is the character's code in the Symbol encoding. Only the ones that carry meaning in the NRs are
 * mapped; any other private-use glyph is dropped rather than shown as a box.
 */
const SYMBOL_FONT: Record<number, string> = {
  0x20: ' ',
  0x25: '%',
  0x28: '(',
  0x29: ')',
  0x2b: '+',
  0x2c: ',',
  0x2d: '−',
  0x2e: '.',
  0x2f: '/',
  0x3c: '<',
  0x3d: '=',
  0x3e: '>',
  0x44: 'Δ',
  0x57: 'Ω',
  0x61: 'α',
  0x62: 'β',
  0x64: 'δ',
  0x6c: 'λ',
  0x6d: 'μ',
  0x70: 'π',
  0x73: 'σ',
  0xa3: '≤',
  0xa5: '∞',
  0xb0: '°',
  0xb1: '±',
  0xb3: '≥',
  0xb4: '×',
  0xb7: '•',
  0xb8: '÷',
  0xb9: '≠',
  0xbb: '≈',
  0xd6: '√',
};

const LIGATURES: Record<string, string> = { ﬀ: 'ff', ﬁ: 'fi', ﬂ: 'fl', ﬃ: 'ffi', ﬄ: 'ffl' };

/**
 * Turns extracted text into ordinary characters: symbol-font glyphs, mathematical bold/italic
 * letters (U+1D400 block, used in formulas), ligatures, odd spaces. Line breaks are kept.
 */
export function normalizeText(text: string): string {
  return (
    text
      .normalize('NFC')
      .replace(/[\uE000-\uF8FF]/g, (ch) => {
        const code = ch.charCodeAt(0);
        return code >= 0xf000 && code <= 0xf0ff ? (SYMBOL_FONT[code - 0xf000] ?? '') : '';
      })
      // NFKC maps mathematical alphanumerics to plain letters and digits; applied to them only, so
      // that "nº" or "½" elsewhere stay as printed.
      .replace(/[\u{1D400}-\u{1D7FF}]/gu, (ch) => ch.normalize('NFKC'))
      .replace(/[ﬀﬁﬂﬃﬄ]/g, (ch) => LIGATURES[ch] ?? ch)
      .replace(/\u00AD/g, '')
      .replace(/[\u00A0\u2000-\u200A\u202F\u205F\u3000\t]/g, ' ')
      .replace(/[\u200B-\u200D\uFEFF]/g, '')
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .map((line) => line.replace(/ {2,}/g, ' ').trim())
      .join('\n')
  );
}

/** Page furniture that survives extraction from any format. */
const FURNITURE = [
  /^Este texto não substitui o publicado no DOU\b.*$/i,
  /^P[áa]gina \d+( de \d+)?$/i,
];

export function isPageFurniture(line: string): boolean {
  return FURNITURE.some((re) => re.test(line));
}
