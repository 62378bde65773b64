import type { AnswerSource, Citation } from './answer-engine';
import { citationLink, validateCitations } from './citation';

type Citable = Pick<AnswerSource, 'regulationId' | 'sectionId' | 'code' | 'item'>;

// A link that has started but not yet closed: "[NR-35, item 3", "[NR-35](/regulations/ab".
const OPEN_LINK = /!?\[[^[\]\n]*(?:\](?:\([^()\n]*)?)?$/;
const COMPLETE_LINK_AT_END = /!?\[[^[\]\n]*\]\([^()\n]*\)[ \t]*$/;
// What may sit right before a link and must go with it if the link is dropped: " (", a list marker.
const LINK_PREFIX_AT_END = /(?:(?:^|\n)[ \t]*(?:[-*+]|\d+[.)]))?[ \t]*(?:[,;][ \t]*)?\(?[ \t]*$/;
// A label or target longer than this is not a citation; stop holding the text back.
const MAX_HELD = 600;

// "[1]", "[2, 3]", "[1; 4]": a model's passage markers, not followed by a link target.
const MARKER = /\[(\d{1,2}(?:\s*[,;]\s*\d{1,2})*)\](?!\()/g;

/**
 * Passage markers ("[1]", "[2, 3]") become links to the numbered sources they stand for, so they
 * reach the user as citations; a marker with no such source is dropped.
 */
export function markersToLinks(text: string, sources: readonly Citable[]): string {
  return text.replace(MARKER, (_whole, list: string) => {
    const links = [
      ...new Set(
        list
          .split(/[,;]/)
          .map((n) => sources[Number(n.trim()) - 1])
          .filter((s): s is Citable => s !== undefined),
      ),
    ].map((s) => citationLink(s));
    return links.length > 0 ? `(${links.join(', ')})` : '';
  });
}

export interface CitationFilter {
  /** Feeds model text; checked text is passed to `emit` as soon as no link can still be open in it. */
  push(chunk: string): void;
  /** Flushes what is held back; call once the stream has ended. */
  end(): void;
  readonly citations: Citation[];
  readonly removed: string[];
}

/**
 * The streaming form of `validateCitations`: text goes out as it arrives, except a link still being
 * written (and the "(" or list marker before it), which waits until it can be checked. So a link to
 * an item that was not retrieved never reaches the client, even for a moment. Passage markers
 * ("[1]") are held the same way and go out as links to the sources they number (`sources` in the
 * order the prompt numbered them).
 */
export function createCitationFilter(
  sources: readonly Citable[],
  emit: (text: string) => void,
): CitationFilter {
  let pending = '';
  const citations: Citation[] = [];
  const seen = new Set<string>();
  const removed: string[] = [];

  const release = (text: string) => {
    if (!text) return;
    const checked = validateCitations(markersToLinks(text, sources), sources);
    for (const c of checked.citations) {
      if (!seen.has(c.sectionId)) {
        seen.add(c.sectionId);
        citations.push(c);
      }
    }
    removed.push(...checked.removed);
    if (checked.markdown) emit(checked.markdown);
  };

  // Held back: an open link, a complete link whose right-hand context has not arrived yet, and what
  // sits before either; repeated because releasing up to a held prefix may end on another link.
  const holdFrom = (): number => {
    let hold = pending.length;
    for (;;) {
      const head = pending.slice(0, hold);
      let next = hold;
      const link = OPEN_LINK.exec(head) ?? COMPLETE_LINK_AT_END.exec(head);
      if (link && pending.length - link.index <= MAX_HELD) next = link.index;
      const prefix = LINK_PREFIX_AT_END.exec(head.slice(0, next));
      if (prefix) next = prefix.index;
      if (next === hold) return hold;
      hold = next;
    }
  };

  return {
    push(chunk) {
      pending += chunk;
      const hold = holdFrom();
      if (hold === 0) return;
      release(pending.slice(0, hold));
      pending = pending.slice(hold);
    },
    end() {
      release(pending);
      pending = '';
    },
    citations,
    removed,
  };
}
