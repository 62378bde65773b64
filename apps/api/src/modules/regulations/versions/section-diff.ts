import type { VersionChanges } from '@normas/contracts/regulations';

interface ItemText {
  item: string;
  content: string;
}

/** An item's whole text (long items are stored in several sections), in document order. */
function byItem(sections: readonly ItemText[]): Map<string, string> {
  const items = new Map<string, string>();
  for (const { item, content } of sections) {
    const earlier = items.get(item);
    items.set(item, earlier === undefined ? content : `${earlier}\n${content}`);
  }
  return items;
}

/** Line breaks and spacing follow the PDF's layout, not the act: they do not make a rewording. */
const comparable = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Compares two versions by printed item ("35.2.1", "Anexo II 1.3"). */
export function diffSections(
  before: readonly ItemText[],
  after: readonly ItemText[],
): VersionChanges {
  const old = byItem(before);
  const now = byItem(after);
  const changes: VersionChanges = { added: [], removed: [], reworded: [] };
  for (const [item, content] of now) {
    const earlier = old.get(item);
    if (earlier === undefined) changes.added.push({ item });
    else if (comparable(earlier) !== comparable(content))
      changes.reworded.push({ item, before: earlier });
  }
  for (const [item, content] of old) if (!now.has(item)) changes.removed.push({ item, content });
  return changes;
}
