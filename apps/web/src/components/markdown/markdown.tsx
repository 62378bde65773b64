import { lazy, Suspense } from 'react';

// react-markdown, remark/rehype plugins and KaTeX are a large chunk: only pages that show answers load it.
const MarkdownRenderer = lazy(() => import('./markdown-renderer'));

/**
 * Markdown with GFM and math ($…$, $$…$$). Until the renderer arrives the raw text is shown, so an
 * answer is readable at once. Links and images keep react-markdown's URL rule (http, https, irc,
 * ircs, mailto, xmpp or relative); internal links such as `/regulations/<id>#35.2.1` stay in the app.
 */
export function Markdown({ children, className = '' }: { children: string; className?: string }) {
  const classes = `markdown ${className}`.trim();
  return (
    <Suspense
      fallback={
        <div className={`${classes} markdown--plain`} data-testid="markdown-fallback">
          {children}
        </div>
      }
    >
      <MarkdownRenderer className={classes}>{children}</MarkdownRenderer>
    </Suspense>
  );
}
