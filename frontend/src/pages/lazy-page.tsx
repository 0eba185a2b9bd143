import { lazy, type ComponentType } from "react";

/**
 * A page component in its own chunk that can be loaded before rendering. The server loads the matched
 * page before it renders and the browser before it hydrates, so both render the component itself (no
 * fallback, no flash); later navigation suspends on `lazy` until the chunk arrives.
 */
export interface LazyPage<Props extends object> {
  Component: ComponentType<Props>;
  /** The module's path as Vite's manifest names it, so the server can preload the chunk. */
  source: string;
  preload: () => Promise<void>;
}

export function lazyPage<Props extends object>(
  source: string,
  load: () => Promise<ComponentType<Props>>,
): LazyPage<Props> {
  let loaded: ComponentType<Props> | undefined;
  let pending: Promise<ComponentType<Props>> | undefined;
  const loadOnce = () => {
    pending ??= load().then((component) => (loaded = component));
    pending.catch(() => (pending = undefined));
    return pending;
  };
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component })));
  function Component(props: Props) {
    const Page = loaded ?? Lazy;
    return <Page {...props} />;
  }
  return {
    Component,
    source,
    preload: async () => {
      await loadOnce();
    },
  };
}
