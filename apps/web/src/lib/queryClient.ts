import { QueryClient } from '@tanstack/react-query';
import { ApiError, isTemporaryOutage } from './api';

const MAX_RETRIES = 3;

/**
 * Failed requests are retried up to 3 times (PRODUCT.md §8), but not when retrying cannot help: client errors
 * (4xx) and responses that do not fit the contract, nor after an outage `apiFetch` has waited out already.
 * Aborted requests are never retried by TanStack Query.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) {
    if (error.status >= 400 && error.status < 500) return false;
    if (error.code === 'INVALID_RESPONSE') return false;
    // The API client already sent it again for up to a minute while the server was unavailable (ADR 004).
    if (isTemporaryOutage(error)) return false;
  }
  return failureCount < MAX_RETRIES;
}

/**
 * 250, 500, 1000 ms between the tries: a page whose requests keep failing shows its error (with "Erneut
 * versuchen") within about 2 s, not after TanStack Query's default of 1 + 2 + 4 s in front of a loader.
 */
export function retryDelay(failureCount: number): number {
  return Math.min(250 * 2 ** failureCount, 1000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        retryDelay,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
