import type { IndexedSection } from './retrieval.types';
import { containsSequence } from './synonyms';
import { phraseKey } from './text/analyzer';

/** "Inspeção Periódica: Realizada periodicamente..." — a glossary line that opens an entry. */
const ENTRY = /^[^\s:][^:\n]{1,99}:\s+\S/u;

/** The number of a numbered glossary entry: "31. " in "31. Zona Controlada: entorno de…". */
const ENTRY_NUMBER = /^\d{1,3}\s*[.)–-]\s*/u;

/** The mark a lettered or numbered sub-item opens with: "a) ", "I - ". */
export const ALINEA = /^(?:[a-z]{1,2}|[IVXL]{1,6})\s*[)–-]\s+/;
/** "- lixo urbano (coleta e industrialização)": a sub-item marked by a dash rather than a letter. */
export const BULLET = /^[-–•]\s+(?=\S)/;

/** Fewest entries for a section to be read as a glossary rather than as one item. */
const MIN_ENTRIES = 2;

export interface RetrievalUnits {
  /** What the index ranks: every section, with each glossary entry as a section of its own. */
  units: IndexedSection[];
  /** The section each unit belongs to (an index into the sections given). */
  sectionOf: Int32Array;
  /** The term a glossary entry defines ("Inspeção Periódica"); null for every other unit. */
  defines: (string | null)[];
}

/**
 * The term a glossary line defines ("Inspeção Periódica" in "Inspeção Periódica: Realizada…"), or
 * null when the line opens no entry. A numbered entry ("31. Zona Controlada: …") defines the term,
 * not its number.
 */
export function entryTerm(line: string): string | null {
  return ENTRY.test(line) ? line.slice(0, line.indexOf(':')).replace(ENTRY_NUMBER, '') : null;
}

/**
 * The entries of a glossary ("Termo: definição", one a line; a line that opens no entry continues
 * the one above), or null when the section is not a glossary under one of `headings`.
 */
export function glossaryEntries(
  section: IndexedSection,
  headings: readonly (readonly string[])[],
): string[] | null {
  const label = phraseKey(`${section.item} ${section.headingPath.split(' > ').at(-1) ?? ''}`);
  if (!headings.some((h) => containsSequence(label, h))) return null;
  const entries: string[] = [];
  for (const line of section.content.split('\n')) {
    if (ENTRY.test(line) || entries.length === 0) entries.push(line);
    else entries[entries.length - 1] += `\n${line}`;
  }
  return entries.filter((e) => ENTRY.test(e)).length >= MIN_ENTRIES ? entries : null;
}

/**
 * A glossary is long reference text: as one unit it matches every question that shares a few words
 * with any of its entries, and outranks the operative item. Each entry is ranked on its own and
 * answers as the glossary it belongs to (decision 0045).
 */
export function retrievalUnits(
  sections: readonly IndexedSection[],
  headings: readonly (readonly string[])[],
): RetrievalUnits {
  const units: IndexedSection[] = [];
  const sectionOf: number[] = [];
  const defines: (string | null)[] = [];
  sections.forEach((s, i) => {
    const entries = glossaryEntries(s, headings);
    for (const content of entries ?? [s.content]) {
      units.push(entries ? { ...s, content } : s);
      sectionOf.push(i);
      defines.push(entries ? entryTerm(content) : null);
    }
  });
  return { units, sectionOf: Int32Array.from(sectionOf), defines };
}
