// Requests the API client is waiting to send again because the server said it is unavailable for a moment
// (503 DATABASE_UNAVAILABLE with Retry-After, ADR 004): a count, so that pages can say they are retrying.
// No React here: `api.ts` updates it on every page, `useServerRetry` reads it.

let waiting = 0;
const listeners = new Set<() => void>();

/** How many requests are waiting to be sent again right now. */
export function serverRetries(): number {
  return waiting;
}

export function subscribeServerRetries(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Counts one request as waiting until the returned function is called. */
export function beginServerRetry(): () => void {
  waiting += 1;
  listeners.forEach((l) => l());
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    waiting -= 1;
    listeners.forEach((l) => l());
  };
}
