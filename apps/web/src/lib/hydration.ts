import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * True while React hydrates a page the server rendered (ADR 036) — and on the server itself —, false right
 * after and on every page the browser renders alone. The markup's buttons and fields cannot act before then.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  );
}
