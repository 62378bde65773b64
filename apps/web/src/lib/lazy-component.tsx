import { lazy, type ComponentType } from 'react';

export interface LazyComponent<P extends object> {
  (props: P): React.JSX.Element;
  /** Fetches the code ahead of time; once it has arrived the component renders without waiting. */
  preload(): Promise<void>;
  /** Whether the code has arrived (or failed to, in which case rendering shows the error). */
  settled(): boolean;
}

/**
 * A component whose code is a chunk of its own, fetched the first time it renders or is preloaded
 * (docs/decisions/0036). Until it arrives the nearest Suspense boundary shows its fallback; once it
 * has, it renders at once, even in a new tree (React.lazy alone would suspend once per tree).
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyComponent<P> {
  let Loaded: ComponentType<P> | null = null;
  let failed = false;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        Loaded = component;
      },
      (error: unknown) => {
        failed = true;
        pending = null;
        throw error;
      },
    ));
  const Suspending = lazy(async () => {
    await preload();
    return { default: Loaded! };
  });
  function Component(props: P) {
    return Loaded ? <Loaded {...props} /> : <Suspending {...props} />;
  }
  Component.preload = preload;
  Component.settled = () => Loaded !== null || failed;
  return Component;
}
