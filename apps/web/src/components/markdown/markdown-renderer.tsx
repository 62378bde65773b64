import 'katex/dist/katex.min.css';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';

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
  img({ src, alt, node: _node, ...rest }) {
    // A refused address arrives empty; an <img src=""> would make the browser fetch the page again.
    if (!src) return alt ? <span>{alt}</span> : null;
    return <img src={src} alt={alt ?? ''} loading="lazy" {...rest} />;
  },
};

const remarkPlugins = [remarkGfm, remarkMath];
const rehypePlugins = [rehypeKatex];

export default function MarkdownRenderer({
  children,
  className,
}: {
  children: string;
  className: string;
}) {
  return (
    <div className={className}>
      <ReactMarkdown
        remarkPlugins={remarkPlugins}
        rehypePlugins={rehypePlugins}
        components={components}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
