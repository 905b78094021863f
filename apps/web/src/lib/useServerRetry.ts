import { useSyncExternalStore } from 'react';
import { serverRetries, subscribeServerRetries } from './serverRetry';

/** True while the API client waits to send a request again because the server is unavailable (ADR 004). */
export function useServerRetry(): boolean {
  // Rendered on the server (ADR 036): no request is waiting there.
  return useSyncExternalStore(
    subscribeServerRetries,
    () => serverRetries() > 0,
    () => false,
  );
}
