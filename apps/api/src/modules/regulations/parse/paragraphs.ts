/** Rebuilding paragraphs from hard-wrapped lines ('' in the input marks a paragraph break). */
import { tableMarkerIndex } from '../import/table-markers';

const ALINEA = /^[a-z]{1,2}\)\s/;
const INCISO = /^[IVXL]{1,6}\s*[-–)]\s/;
const NOTE_START = /^(Nota|Notas|Observa[çc][ãa]o|Obs\.|Exemplos?|Par[áa]grafo)\b/i;
const BULLET = /^[•▪●◦–-]\s/;
const DEFINITION = /^[\p{Lu}][^:.;|]{0,90}:\s/u;

export function isTableRow(line: string): boolean {
  return line.includes(' | ');
}

function startsParagraph(line: string, prev: string, definitions: boolean): boolean {
  if (ALINEA.test(line) || INCISO.test(line) || NOTE_START.test(line) || BULLET.test(line))
    return true;
  if (isTableRow(line) || isTableRow(prev)) return true;
  // A table's placeholder stands alone (parse/section-tables.ts).
  if (tableMarkerIndex(line) !== null || tableMarkerIndex(prev) !== null) return true;
  if (/^(Reda[çc][ãa]o dada|Entra(?:m)? em vigor)/i.test(line)) return true;
  if (
    /^\((Alterad|Inserid|Incluíd|Acrescentad|Redação|Revogad|Aprovad|Este |Esta |Caput)/i.test(line)
  ) {
    return /[.;:)]$/.test(prev);
  }
  return definitions && DEFINITION.test(line) && /[.;)]$/.test(prev);
}

/**
 * Joins wrapped lines into paragraphs; lettered sub-items, table rows and notes keep their own line.
 * With `definitions`, "Termo: definição" lines start a new paragraph (glossaries).
 */
export function buildParagraphs(lines: string[], definitions = false): string[] {
  const paragraphs: string[] = [];
  let current = '';
  let prev = '';
  for (const line of lines) {
    if (line === '') {
      if (current) paragraphs.push(current);
      current = '';
      prev = '';
      continue;
    }
    if (current && startsParagraph(line, prev, definitions)) {
      paragraphs.push(current);
      current = '';
    }
    // A hyphen glued to a word at the end of a line is a real hyphen ("NR-" + "16").
    current = !current ? line : /\p{L}-$/u.test(current) ? current + line : `${current} ${line}`;
    prev = line;
  }
  if (current) paragraphs.push(current);
  return paragraphs;
}

const INLINE_NOTE =
  /\((?:Alterad|Inserid|Incluíd|Acrescentad|Redação|Revogad|Título|Aprovad|Retificad)[^)]*\)/gi;

/** The text without the "(Alterado pela Portaria …)" notes, to judge what kind of text it is. */
export function withoutNotes(text: string): string {
  return text
    .replace(INLINE_NOTE, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** A paragraph that only says which act gave the wording or when it applies. */
export function isScopeNote(paragraph: string): boolean {
  return /^\(?\s*(Reda[çc][ãa]o dada|Entra(?:m)? em vigor|Esta reda[çc][ãa]o|Este Anexo|Aprovad[oa] pela|Revogad[oa] pela)/i.test(
    paragraph,
  );
}
