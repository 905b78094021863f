import { errorCodeForStatus, errorMessages } from '@app/contract';

/**
 * For error responses without the contract's body (a proxy's 502, an HTML error page …): the generic code
 * and German message of the status. Loaded by `apiFetch` only when such a response arrives.
 */
export function fallbackForStatus(status: number): { code: string; message: string } {
  const code = errorCodeForStatus(status);
  return { code, message: errorMessages[code] };
}
