/**
 * The part of a markdown answer that can be shown while the rest is still arriving. A chunk may end
 * in the middle of a link (`[NR-35, item 35.2.1](/regu`) or between two `**`: shown as they are,
 * those would flash as raw markdown and then jump into place. They are held back until they are
 * complete; the final text, once the answer is done, is rendered in full.
 */
export function settleStreamingMarkdown(text: string): string {
  const start = text.lastIndexOf('\n\n') + 1;
  const paragraph = text.slice(start);
  const cut = Math.min(
    unfinishedLink(paragraph),
    ...['**', '_', '`'].map((m) => unpaired(paragraph, m)),
  );
  return cut === Infinity ? text : text.slice(0, start + cut).trimEnd();
}

/** Where a link or image that has not closed yet starts in `paragraph`, or Infinity. */
function unfinishedLink(paragraph: string): number {
  let open = -1;
  for (let i = 0; i < paragraph.length; i++) {
    const char = paragraph[i];
    if (char === '\\') {
      i++;
      continue;
    }
    if (char === '[' && open === -1) open = i;
    else if (char === ']' && open !== -1) {
      const rest = paragraph.slice(i + 1);
      if (rest === '' || (rest.startsWith('(') && !rest.includes(')'))) break;
      if (rest.startsWith('(')) i += rest.indexOf(')') + 1;
      open = -1;
    }
  }
  if (open === -1) return Infinity;
  return open > 0 && paragraph[open - 1] === '!' ? open - 1 : open;
}

/** Where the last of an odd number of unescaped `marker`s is in `paragraph`, or Infinity. */
function unpaired(paragraph: string, marker: string): number {
  const positions: number[] = [];
  for (let i = 0; i < paragraph.length; i++) {
    if (paragraph[i] === '\\') {
      i++;
      continue;
    }
    if (paragraph.startsWith(marker, i)) {
      // "**" is not two "_"-style single markers; a lone "*" list bullet is not emphasis.
      if (marker === '_' || marker === '`' || paragraph[i + marker.length] !== '*')
        positions.push(i);
      i += marker.length - 1;
    }
  }
  return positions.length % 2 === 1 ? positions.at(-1)! : Infinity;
}
