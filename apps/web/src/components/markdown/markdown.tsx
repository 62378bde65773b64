import { Suspense, useEffect, useState } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import { settleStreamingMarkdown } from './streaming-markdown';

// react-markdown and its plugins are a chunk of their own, loaded only where an answer is shown;
// KaTeX (the larger part) joins it only for a text with math, which needs a "$" (remark-math).
const PlainRenderer = lazyComponent(() =>
  import('./markdown-renderer').then((m) => m.MarkdownRenderer),
);
const MathRenderer = lazyComponent(() =>
  import('./math-markdown-renderer').then((m) => m.MathMarkdownRenderer),
);

function rendererFor(text: string) {
  return text.includes('$') ? MathRenderer : PlainRenderer;
}

/** Starts loading what `text` needs, e.g. when a question is sent, before its answer arrives. */
export function preloadMarkdown(text = ''): Promise<void> {
  const loading = rendererFor(text).preload();
  loading.catch(() => undefined);
  return loading;
}

/**
 * Whether `text` can be shown formatted at once. Screens that show a stored answer wait for it, so
 * the answer appears formatted instead of raw and then reflowed.
 */
export function useMarkdownReady(text: string | undefined): boolean {
  const renderer = text === undefined ? null : rendererFor(text);
  const [, setArrived] = useState(0);
  useEffect(() => {
    if (!renderer || renderer.settled()) return;
    let current = true;
    const arrived = () => current && setArrived((count) => count + 1);
    renderer.preload().then(arrived, arrived);
    return () => {
      current = false;
    };
  }, [renderer]);
  return renderer?.settled() ?? false;
}

/**
 * Markdown with GFM and math ($…$, $$…$$). Links and images keep react-markdown's URL rule (http,
 * https, irc, ircs, mailto, xmpp or relative); internal links such as `/regulations/<id>#35.2.1`
 * stay in the app. Until the renderer arrives the raw text is shown, so a message is readable at
 * once — except while `streaming`: an answer still arriving shows only what is formatted, and
 * holds back a link or emphasis that has not closed yet.
 */
export function Markdown({
  children,
  className = '',
  streaming = false,
}: {
  children: string;
  className?: string;
  streaming?: boolean;
}) {
  const classes = `markdown ${className}`.trim();
  const text = streaming ? settleStreamingMarkdown(children) : children;
  let Renderer = rendererFor(text);
  // Math arriving mid-answer: the text goes on formatted without math until KaTeX is there.
  if (streaming && !Renderer.settled() && PlainRenderer.settled()) {
    Renderer.preload().catch(() => undefined);
    Renderer = PlainRenderer;
  }
  const fallback = streaming ? (
    <div className={classes} data-testid="markdown-pending" />
  ) : (
    <div className={`${classes} markdown--plain`} data-testid="markdown-fallback">
      {children}
    </div>
  );
  return (
    <Suspense fallback={fallback}>
      <Renderer className={classes}>{text}</Renderer>
    </Suspense>
  );
}
