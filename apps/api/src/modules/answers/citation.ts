import type { AnswerSource, Citation } from './answer-engine';

type Citable = Pick<AnswerSource, 'regulationId' | 'sectionId' | 'code' | 'item'>;

const ANNEX_ITEM = /^(Anexo\s+[IVXLC\d]+(?:-[A-Z])?)(?:\s+(.+))?$/i;

/** "NR-35, item 35.2.1"; annex items read "NR-12, Anexo II, item 1.3"; unnumbered text "NR-01, Glossário". */
export function citationLabel(source: Pick<Citable, 'code' | 'item'>): string {
  const annex = ANNEX_ITEM.exec(source.item);
  const [part, rest] = annex ? [`${annex[1]}, `, annex[2] ?? ''] : ['', source.item];
  if (!rest) return `${source.code}, ${part.slice(0, -2)}`;
  return `${source.code}, ${part}${/^(?:\d|[A-Z]\.\d)/.test(rest) ? 'item ' : ''}${rest}`;
}

/** Where the regulation viewer shows the item. */
export function citationHref(source: Pick<Citable, 'regulationId' | 'item'>): string {
  return `/regulations/${source.regulationId}#${encodeURIComponent(source.item)}`;
}

/** The markdown link every answer uses to cite an item: `[NR-35, item 35.2.1](/regulations/<id>#35.2.1)`. */
export function citationLink(source: Pick<Citable, 'regulationId' | 'code' | 'item'>): string {
  return `[${citationLabel(source)}](${citationHref(source)})`;
}

export function toCitation(source: Citable): Citation {
  return {
    regulationId: source.regulationId,
    sectionId: source.sectionId,
    code: source.code,
    item: source.item,
  };
}

export interface CitationCheck {
  /** The markdown with item links in their canonical form and links to unknown items removed. */
  markdown: string;
  /** Valid items cited, each once, in order of first appearance. */
  citations: Citation[];
  /** Link targets that pointed to no given section. */
  removed: string[];
}

// A markdown link whose label and target stay on one line; the target is parsed separately.
const LINK = /!?\[([^[\]\n]*)\]\(([^()\n]*)\)/g;
const REGULATION_TARGET = /\/regulations\/([^/#?\s]+)[^#\s]*(?:#(.*))?$/;

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment).trim();
  } catch {
    return fragment.trim();
  }
}

function cleanTarget(raw: string): string {
  return raw
    .trim()
    .replace(/\s+"[^"]*"$/, '')
    .replace(/^<(.*)>$/, '$1')
    .trim();
}

/**
 * Checks every `/regulations/<id>#<item>` link in `markdown` against the given sections: a link to one
 * of them is rewritten to its canonical label; any other is removed with the punctuation around it,
 * so that an answer can only point at items that were actually retrieved. Other links stay untouched.
 */
export function validateCitations(markdown: string, sources: readonly Citable[]): CitationCheck {
  const byItem = new Map(sources.map((s) => [`${s.regulationId}#${s.item}`, s]));
  const knownRegulations = new Set(sources.map((s) => s.regulationId));
  const citations: Citation[] = [];
  const seen = new Set<string>();
  const removed: string[] = [];
  let out = '';
  let pos = 0;
  LINK.lastIndex = 0;
  for (let m = LINK.exec(markdown); m; m = LINK.exec(markdown)) {
    const target = cleanTarget(m[2]!);
    const parsed = REGULATION_TARGET.exec(target);
    out += markdown.slice(pos, m.index);
    pos = m.index + m[0].length;
    if (!parsed) {
      out += m[0];
      continue;
    }
    const [, regulationId, fragment] = parsed;
    const source =
      fragment !== undefined
        ? byItem.get(`${regulationId}#${decodeFragment(fragment)}`)
        : undefined;
    if (source) {
      out += citationLink(source);
      if (!seen.has(source.sectionId)) {
        seen.add(source.sectionId);
        citations.push(toCitation(source));
      }
      continue;
    }
    if (fragment === undefined && knownRegulations.has(regulationId!)) {
      out += m[0];
      continue;
    }
    removed.push(target);
    const tidied = tidyAroundRemoval(out, markdown, pos);
    out = tidied.left;
    pos = tidied.pos;
    LINK.lastIndex = pos;
  }
  out += markdown.slice(pos);
  return { markdown: out, citations, removed };
}

const LIST_MARKER_AT_END = /(^|\n)[ \t]*(?:[-*+]|\d+[.)])[ \t]*$/;

/** Removes what a dropped link leaves behind: "()", an empty list item, a space before punctuation. */
function tidyAroundRemoval(left: string, text: string, pos: number): { left: string; pos: number } {
  const right = text.slice(pos);
  const closing = /^[ \t]*\)/.exec(right);
  if (/\([ \t]*$/.test(left) && closing) {
    return tidyAroundRemoval(left.replace(/[ \t]*\([ \t]*$/, ''), text, pos + closing[0].length);
  }
  const separatorAfter = /^[ \t]*[,;][ \t]*/.exec(right);
  if (/\([ \t]*$/.test(left) && separatorAfter)
    return { left, pos: pos + separatorAfter[0].length };
  if (/[ \t]*[,;][ \t]*$/.test(left) && /^[ \t]*(?:[).\n]|$)/.test(right)) {
    return tidyAroundRemoval(left.replace(/[ \t]*[,;][ \t]*$/, ''), text, pos);
  }
  const endOfLine = /^[ \t]*(?:\n|$)/.exec(right);
  if (LIST_MARKER_AT_END.test(left) && endOfLine) {
    return { left: left.replace(LIST_MARKER_AT_END, '$1'), pos: pos + endOfLine[0].length };
  }
  if (/[ \t]$/.test(left)) {
    const spaces = /^[ \t]+/.exec(right);
    if (spaces) return { left, pos: pos + spaces[0].length };
    if (/^[.,;:!?]/.test(right)) return { left: left.replace(/[ \t]+$/, ''), pos };
  }
  return { left, pos };
}
