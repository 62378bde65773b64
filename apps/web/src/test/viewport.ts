/**
 * jsdom has no layout, so window.matchMedia is missing. This stand-in answers width queries
 * against a width the test chooses and fires `change` when the test resizes the window.
 */
type Listener = (event: { matches: boolean; media: string }) => void;

let width = 1024;
const lists = new Set<{ media: string; listeners: Set<Listener> }>();

function matches(media: string): boolean {
  const max = /max-width:\s*(\d+)px/.exec(media);
  const min = /min-width:\s*(\d+)px/.exec(media);
  if (max && width > Number(max[1])) return false;
  if (min && width < Number(min[1])) return false;
  return Boolean(max || min);
}

function matchMedia(media: string): MediaQueryList {
  const entry = { media, listeners: new Set<Listener>() };
  lists.add(entry);
  return {
    media,
    get matches() {
      return matches(media);
    },
    onchange: null,
    addEventListener: (_type: string, listener: Listener) => entry.listeners.add(listener),
    removeEventListener: (_type: string, listener: Listener) => entry.listeners.delete(listener),
    addListener: (listener: Listener) => entry.listeners.add(listener),
    removeListener: (listener: Listener) => entry.listeners.delete(listener),
    dispatchEvent: () => true,
  } as unknown as MediaQueryList;
}

/** Sets the window width before rendering. */
export function setViewportWidth(next: number): void {
  width = next;
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: next });
  window.matchMedia = matchMedia;
}

/** Changes the width of a rendered page, notifying every media query whose answer changed. */
export function resizeViewport(next: number): void {
  const before = new Map([...lists].map((entry) => [entry, matches(entry.media)]));
  setViewportWidth(next);
  for (const [entry, was] of before) {
    const now = matches(entry.media);
    if (now !== was)
      for (const listener of entry.listeners) listener({ matches: now, media: entry.media });
  }
}

export function resetViewport(): void {
  lists.clear();
  setViewportWidth(1024);
}
