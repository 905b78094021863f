/** A path reloads after a failed chunk at most once in this window, so a chunk that is really gone cannot loop. */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;
const KEY = 'chunk-reload';

/**
 * After a deploy, an open tab may ask for a chunk of the old build that the server no longer has. Reloading
 * fetches the new build; if the same path failed within the last 10 s, the error is shown instead of
 * reloading again. Returns whether it reloads.
 */
export function reloadAfterChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  location: Pick<Location, 'pathname' | 'reload'> = window.location,
  now = Date.now(),
): boolean {
  let last: { path?: string; at?: number } = {};
  try {
    last = JSON.parse(storage.getItem(KEY) ?? '{}') as typeof last;
  } catch {
    // Unreadable: as if nothing was reloaded.
  }
  if (
    last.path === location.pathname &&
    typeof last.at === 'number' &&
    now - last.at < CHUNK_RELOAD_WINDOW_MS
  )
    return false;
  storage.setItem(KEY, JSON.stringify({ path: location.pathname, at: now }));
  location.reload();
  return true;
}

/** Whether an error is a failed dynamic import (the browsers word it differently). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/** Vite reports a failed chunk (also its preloads) as `vite:preloadError`; handled here before the router sees it. */
export function installChunkReloadGuard(): void {
  window.addEventListener('vite:preloadError', (event) => {
    // The router's lazy routes would reload once more on their own for the same error: this guard decides.
    const failure = (event as Event & { payload?: unknown }).payload;
    if (failure instanceof Error) sessionStorage.setItem(`tanstack_router_reload:${failure.message}`, '1');
    if (reloadAfterChunkError()) event.preventDefault();
  });
}
