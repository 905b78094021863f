import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { retryDelay, shouldRetry } from './queryClient';

describe('Retrying failed requests', () => {
  it('tries up to 3 more times after a server error or a lost connection', () => {
    const serverError = new ApiError({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Der Dienst ist nicht erreichbar.',
    });
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, serverError))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('waits at most 2 s in all between the tries, so the error shows within 3 s', () => {
    const waits = [0, 1, 2].map(retryDelay);
    expect(waits).toEqual([250, 500, 1000]);
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(2000);
    // However often a caller retries, no single wait grows beyond a second.
    expect(retryDelay(10)).toBe(1000);
  });
});
