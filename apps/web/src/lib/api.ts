import { errorCodeForStatus, ZApiError, type ErrorCode } from '@app/contract';
import type { z } from 'zod';
import { de } from '../i18n/de';

/**
 * The one API client of the web app. Every call to the app server goes through `apiFetch`; every failure
 * arrives as an `ApiError` whose `message` is ready to show (German text from the server or this app).
 */

/** Codes the client itself produces, beside the server's error codes (`ErrorCode` of the contract). */
export type ClientErrorCode = 'NETWORK' | 'INVALID_RESPONSE';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** A contract `ErrorCode`, a newer server code, or a `ClientErrorCode`. */
  readonly code: ErrorCode | ClientErrorCode | (string & {});
  readonly requestId: string | null;
  readonly details: unknown;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    requestId?: string | null;
    details?: unknown;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId ?? null;
    this.details = init.details;
  }
}

export type AccessTokenProvider = () => Promise<string | null>;

let accessTokenProvider: AccessTokenProvider | null = null;

/** Installed by the auth feature: returns the current access token, or null when nobody is signed in. */
export function setAccessTokenProvider(provider: AccessTokenProvider | null): void {
  accessTokenProvider = provider;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiFetchOptions<TSchema extends z.ZodType> {
  method?: HttpMethod;
  /** Plain values are sent as JSON; `FormData` and `Blob` bodies are sent as they are (uploads). */
  body?: unknown;
  /** Parses the successful response body (`undefined` for an empty body, e.g. 204). */
  schema: TSchema;
  signal?: AbortSignal;
}

export async function apiFetch<TSchema extends z.ZodType>(
  path: string,
  { method = 'GET', body, schema, signal }: ApiFetchOptions<TSchema>,
): Promise<z.output<TSchema>> {
  const headers = new Headers({ Accept: 'application/json', 'X-Requested-With': 'fetch' });
  const token = accessTokenProvider ? await accessTokenProvider() : null;
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let requestBody: BodyInit | undefined;
  if (body instanceof FormData || body instanceof Blob) {
    requestBody = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    requestBody = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: requestBody, signal, credentials: 'same-origin' });
  } catch (error) {
    // A cancelled request is not a failure: let the caller (TanStack Query) see the abort as it is.
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'NETWORK', message: de.api.network, cause: error });
  }

  const requestIdHeader = response.headers.get('x-request-id');
  let payload: unknown;
  let parsedJson = true;
  try {
    const text = await response.text();
    payload = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch (error) {
    if (signal?.aborted) throw error;
    parsedJson = false;
  }

  if (!response.ok) {
    const apiError = ZApiError.safeParse(payload);
    if (apiError.success) {
      const { code, message, details } = apiError.data.error;
      throw new ApiError({
        status: response.status,
        code,
        message,
        details,
        requestId: apiError.data.requestId,
      });
    }
    const fallback = fallbackForStatus(response.status);
    throw new ApiError({ status: response.status, ...fallback, requestId: requestIdHeader });
  }

  const result = parsedJson ? schema.safeParse(payload) : null;
  if (!result?.success) {
    throw new ApiError({
      status: response.status,
      code: 'INVALID_RESPONSE',
      message: de.toasts.generic.invalidResponse,
      details: result?.error.issues,
      requestId: requestIdHeader,
    });
  }
  return result.data;
}

/** For error responses without the contract's body (a proxy's 502, an HTML error page …). */
function fallbackForStatus(status: number): { code: string; message: string } {
  const code = errorCodeForStatus(status);
  return { code, message: de.errors[code] };
}
