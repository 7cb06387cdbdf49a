import { lazy, useState, type ComponentType } from 'react';

/**
 * React.lazy that can be fetched ahead, and that renders at once when its code is already here. A
 * lazy component suspends on its first render even then, and React then holds back what follows
 * a fallback for up to 300 ms: on the dashboard's load that cost more than the code itself.
 */
export function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed fetch may be tried again by the next render (a reconnected network).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));

  function PreloadableLazy(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount it.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return { Component: PreloadableLazy, preload };
}
