import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from './lazy-component';

function Greeting({ name }: { name: string }) {
  return <p>Olá, {name}</p>;
}

describe('lazyComponent', () => {
  it('shows the fallback until the code arrives, then renders without waiting again', async () => {
    let arrive: (component: typeof Greeting) => void = () => undefined;
    const Lazy = lazyComponent(
      () =>
        new Promise<typeof Greeting>((resolve) => {
          arrive = resolve;
        }),
    );
    const tree = (name: string) => (
      <Suspense fallback={<p>Carregando…</p>}>
        <Lazy name={name} />
      </Suspense>
    );

    const first = render(tree('Ana'));
    expect(screen.getByText('Carregando…')).toBeInTheDocument();
    expect(Lazy.settled()).toBe(false);
    arrive(Greeting);
    expect(await screen.findByText('Olá, Ana')).toBeInTheDocument();
    expect(Lazy.settled()).toBe(true);
    first.unmount();

    // A new tree (another visit to the screen) renders at once, with no fallback in between.
    render(tree('Bruno'));
    expect(screen.getByText('Olá, Bruno')).toBeInTheDocument();
    expect(screen.queryByText('Carregando…')).not.toBeInTheDocument();
  });

  it('asks for the code once however often it is preloaded', async () => {
    let loads = 0;
    const Lazy = lazyComponent(async () => {
      loads += 1;
      return Greeting;
    });
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    await Lazy.preload();
    expect(loads).toBe(1);
    render(<Lazy name="Carla" />);
    expect(screen.getByText('Olá, Carla')).toBeInTheDocument();
  });
});
