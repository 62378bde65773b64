import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import { Link } from 'react-router';
import remarkGfm from 'remark-gfm';

function isInternal(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

const components: Components = {
  a({ href, children, node: _node, ...rest }) {
    // react-markdown empties a refused address (javascript:, data:…): keep the text, drop the link.
    if (!href) return <span>{children}</span>;
    if (isInternal(href))
      return (
        <Link to={href} {...rest}>
          {children}
        </Link>
      );
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  },
  table({ node: _node, children, ...rest }) {
    // A wide table (a Quadro row quoted in an answer) scrolls sideways in its own box instead of
    // squeezing its columns until words break; the box takes the keyboard focus to scroll.
    return (
      <div className="markdown-table" role="group" aria-label="Tabela" tabIndex={0}>
        <table {...rest}>{children}</table>
      </div>
    );
  },
  img({ src, alt, node: _node, ...rest }) {
    // A refused address arrives empty; an <img src=""> would make the browser fetch the page again.
    if (!src) return alt ? <span>{alt}</span> : null;
    return <img src={src} alt={alt ?? ''} loading="lazy" {...rest} />;
  },
};

export interface MarkdownRendererProps {
  children: string;
  className: string;
  /** Added after GFM, e.g. math by math-markdown-renderer.tsx. */
  remarkPlugins?: NonNullable<Options['remarkPlugins']>;
  rehypePlugins?: NonNullable<Options['rehypePlugins']>;
}

const gfm = [remarkGfm];

/** Markdown with GFM (tables, lists, autolinks), without math: most answers need no more. */
export function MarkdownRenderer({
  children,
  className,
  remarkPlugins,
  rehypePlugins,
}: MarkdownRendererProps) {
  return (
    <div className={className}>
      <ReactMarkdown
        remarkPlugins={remarkPlugins ? [...gfm, ...remarkPlugins] : gfm}
        rehypePlugins={rehypePlugins}
        components={components}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
