import { lazy, type ComponentType } from 'react';

/** A split-off component: `Component` renders it, `preload` fetches its chunk ahead of time. */
export interface LazyPart<P> {
  Component: ComponentType<P>;
  /** Fetches the chunk once (again after a failure); resolves to the component. */
  preload(): Promise<ComponentType<P>>;
}

/**
 * React.lazy that does not suspend when `preload` has already brought the module: its loader then
 * answers synchronously. A lazy component always suspends on its first render otherwise, and
 * React shows a revealed fallback for at least 300 ms, which a preload cannot win back.
 */
export function lazyPart<P>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = (): Promise<ComponentType<P>> => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const Component = lazy(() => {
    if (loaded) {
      const module = { default: loaded };
      // A thenable that resolves at once: React reads the module without suspending.
      return { then: (resolve: (value: typeof module) => void) => resolve(module) } as unknown as Promise<typeof module>;
    }
    return preload().then((component) => ({ default: component }));
  });
  return { Component: Component as unknown as ComponentType<P>, preload };
}
