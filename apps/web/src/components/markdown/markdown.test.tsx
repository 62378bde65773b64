import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

function renderMarkdown(text: string) {
  const router = createMemoryRouter([{ path: '*', element: <Markdown>{text}</Markdown> }]);
  const view = render(<RouterProvider router={router} />);
  return { ...view, router };
}

describe('Markdown', () => {
  it('shows the raw text until the renderer loads, then the formatted text', async () => {
    renderMarkdown('Texto **forte**');

    expect(screen.getByTestId('markdown-fallback')).toHaveTextContent('Texto **forte**');
    expect(await screen.findByText('forte', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.queryByTestId('markdown-fallback')).not.toBeInTheDocument();
  });

  it('renders inline and display math with KaTeX', async () => {
    const { container } = renderMarkdown('Área: $A = b \\times h$\n\n$$\n\\frac{1}{2}\n$$');

    await screen.findByText('Área:', { exact: false });
    await expect.poll(() => container.querySelectorAll('.katex').length).toBe(2);
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

    expect(await screen.findByRole('table')).toHaveTextContent('Guarda-corpo');
  });
});
