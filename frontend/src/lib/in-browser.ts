import { useSyncExternalStore } from "react";

const neverChanges = () => () => undefined;

/**
 * False in the server's render and while the browser hydrates it, true in every render after: what
 * depends on the browser (its stored choices, its scripts) waits for true, so hydration matches.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
