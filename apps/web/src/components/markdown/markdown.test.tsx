import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Markdown } from './markdown';

/** A Markdown whose renderers have not been loaded yet, as on a page's first answer. */
async function freshMarkdown(): Promise<typeof Markdown> {
  vi.resetModules();
  return (await import('./markdown')).Markdown;
}

// Loading a renderer chunk on a busy machine can take a while: these tests wait for it.
const LOAD = { timeout: 15_000 };

function renderMarkdown(text: string, streaming = false, Component = Markdown) {
  const router = createMemoryRouter([
    { path: '*', element: <Component streaming={streaming}>{text}</Component> },
  ]);
  const view = render(<RouterProvider router={router} />);
  return { ...view, router };
}

describe('Markdown', () => {
  it('shows the raw text until the renderer loads, then the formatted text', async () => {
    renderMarkdown('Texto **forte**', false, await freshMarkdown());

    expect(screen.getByTestId('markdown-fallback')).toHaveTextContent('Texto **forte**');
    expect(await screen.findByText('forte', { selector: 'strong' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByTestId('markdown-fallback')).not.toBeInTheDocument();
  });

  it('never shows the raw text of an answer that is still arriving, nor its unfinished link', async () => {
    const { container } = renderMarkdown(
      '> Considera-se **trabalho em altura**\n\n— [NR-35, it',
      true,
      await freshMarkdown(),
    );

    expect(container).not.toHaveTextContent('>');
    expect(container).not.toHaveTextContent('**');
    expect(
      await screen.findByText('trabalho em altura', { selector: 'strong' }, LOAD),
    ).toBeInTheDocument();
    expect(container.querySelector('blockquote')).toHaveTextContent(
      'Considera-se trabalho em altura',
    );
    expect(container).not.toHaveTextContent('[NR-35');
  });

  it('renders inline and display math with KaTeX', async () => {
    const { container } = renderMarkdown('Área: $A = b \\times h$\n\n$$\n\\frac{1}{2}\n$$');

    await screen.findByText('Área:', { exact: false }, LOAD);
    await expect.poll(() => container.querySelectorAll('.katex').length, LOAD).toBe(2);
    expect(container.querySelector('.katex-display')).not.toBeNull();
    expect(container.querySelector('annotation')).toHaveTextContent('A = b \\times h');
  });

  it('refuses javascript: links but keeps their text', async () => {
    const { container } = renderMarkdown('[clique](javascript:alert(1)) e ![img](javascript:x)');

    expect(await screen.findByText('clique')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(container.innerHTML).not.toContain('javascript:');
    // The refused image keeps its description and leaves no empty address behind.
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('img')).toBeInTheDocument();
  });

  it('keeps internal links in the app and opens external ones in a new tab', async () => {
    renderMarkdown(
      '[NR-35, item 35.2.1](/regulations/reg-35#35.2.1) e [site](https://www.gov.br/trabalho)',
    );

    const internal = await screen.findByRole('link', { name: 'NR-35, item 35.2.1' });
    expect(internal).toHaveAttribute('href', '/regulations/reg-35#35.2.1');
    expect(internal).not.toHaveAttribute('target');
    const external = screen.getByRole('link', { name: 'site' });
    expect(external).toHaveAttribute('href', 'https://www.gov.br/trabalho');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('renders GFM tables', async () => {
    renderMarkdown('| Item | Altura |\n| --- | --- |\n| Guarda-corpo | 1,20 m |');

    const table = await screen.findByRole('table');
    expect(table).toHaveTextContent('Guarda-corpo');
    // In a box of its own that scrolls sideways and takes the keyboard focus.
    const box = screen.getByRole('group', { name: 'Tabela' });
    expect(box).toContainElement(table);
    expect(box).toHaveClass('markdown-table');
    expect(box).toHaveAttribute('tabindex', '0');
  });
});
