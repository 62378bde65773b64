import { parse, NodeType, type HTMLElement, type Node } from 'node-html-parser';

const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'div',
  'dl',
  'dt',
  'dd',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'ul',
  'caption',
]);
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg', 'iframe']);

function inlineText(node: Node): string {
  if (node.nodeType === NodeType.TEXT_NODE) return node.text;
  if (node.nodeType !== NodeType.ELEMENT_NODE) return '';
  const el = node as HTMLElement;
  const tag = el.tagName?.toLowerCase() ?? '';
  if (SKIP.has(tag)) return '';
  if (tag === 'br') return '\n';
  return el.childNodes.map(inlineText).join('');
}

/**
 * Plain text of an HTML page: one paragraph per block element (blank line between), table rows as
 * "cell | cell" lines, line breaks kept.
 */
export function extractHtmlText(html: string): string {
  const root = parse(html, {
    comment: false,
    blockTextElements: { script: false, style: false, pre: true },
  });
  const out: string[] = [];
  let inline = '';
  const flush = () => {
    const text = inline
      .replace(/[ \t\r\f]+/g, ' ')
      .split('\n')
      .map((l) => l.trim())
      .join('\n')
      .trim();
    if (text) out.push(text, '');
    inline = '';
  };
  const walk = (node: Node) => {
    if (node.nodeType === NodeType.TEXT_NODE) {
      inline += node.text;
      return;
    }
    if (node.nodeType !== NodeType.ELEMENT_NODE) return;
    const el = node as HTMLElement;
    const tag = el.tagName?.toLowerCase() ?? '';
    if (SKIP.has(tag)) return;
    if (tag === 'br') {
      inline += '\n';
      return;
    }
    if (tag === 'tr') {
      flush();
      const cells = el.childNodes
        .filter(
          (c) =>
            c.nodeType === NodeType.ELEMENT_NODE && /^t[dh]$/i.test((c as HTMLElement).tagName),
        )
        .map((c) => inlineText(c).replace(/\s+/g, ' ').trim());
      if (cells.some(Boolean)) out.push(cells.join(' | '));
      return;
    }
    const block = BLOCK.has(tag);
    if (block) flush();
    el.childNodes.forEach(walk);
    if (block) flush();
  };
  walk(root);
  flush();
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
