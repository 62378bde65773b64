import 'katex/dist/katex.min.css';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';
import { MarkdownRenderer, type MarkdownRendererProps } from './markdown-renderer';

const remarkPlugins = [remarkMath];
const rehypePlugins = [rehypeKatex];

/** The renderer plus math ($…$, $$…$$) through KaTeX, loaded only for a text that has a "$". */
export function MathMarkdownRenderer(
  props: Omit<MarkdownRendererProps, 'remarkPlugins' | 'rehypePlugins'>,
) {
  return (
    <MarkdownRenderer {...props} remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} />
  );
}
