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
  let text: string | null;
  try {
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw error;
    text = null;
  }
  return parseApiResponse(response.status, text, requestIdHeader, schema);
}

/**
 * Turns a response (status and body text) into the parsed result or an `ApiError` — the one error parsing
 * of `apiFetch` and `apiUpload`.
 */
function parseApiResponse<TSchema extends z.ZodType>(
  status: number,
  /** The body; null when it could not be read. */
  text: string | null,
  requestIdHeader: string | null,
  schema: TSchema,
): z.output<TSchema> {
  let payload: unknown;
  let parsedJson = text !== null;
  try {
    payload = text === '' || text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    parsedJson = false;
  }

  if (status < 200 || status >= 300) {
    const apiError = ZApiError.safeParse(payload);
    if (apiError.success) {
      const { code, message, details } = apiError.data.error;
      throw new ApiError({ status, code, message, details, requestId: apiError.data.requestId });
    }
    const fallback = fallbackForStatus(status);
    throw new ApiError({ status, ...fallback, requestId: requestIdHeader });
  }

  const result = parsedJson ? schema.safeParse(payload) : null;
  if (!result?.success) {
    throw new ApiError({
      status,
      code: 'INVALID_RESPONSE',
      message: de.toasts.generic.invalidResponse,
      details: result?.error.issues,
      requestId: requestIdHeader,
    });
  }
  return result.data;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface ApiUploadOptions<TSchema extends z.ZodType> {
  schema: TSchema;
  /** Bytes of the request body sent so far (`total` 0 while unknown). */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  method?: 'POST' | 'PUT';
}

/**
 * A multipart upload with progress events (`fetch` reports none for request bodies): the same headers,
 * token and error handling as `apiFetch`, over XMLHttpRequest. An aborted upload rejects with the
 * signal's `AbortError`, like `fetch`.
 */
export async function apiUpload<TSchema extends z.ZodType>(
  path: string,
  formData: FormData,
  { schema, onProgress, signal, method = 'POST' }: ApiUploadOptions<TSchema>,
): Promise<z.output<TSchema>> {
  const token = accessTokenProvider ? await accessTokenProvider() : null;
  signal?.throwIfAborted();
  const { status, text, requestId } = await new Promise<{
    status: number;
    text: string;
    requestId: string | null;
  }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'fetch');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const abortError = (): Error =>
      signal?.reason instanceof Error
        ? signal.reason
        : new DOMException('Der Upload wurde abgebrochen.', 'AbortError');
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
      });
    }
    xhr.addEventListener('load', () => {
      done();
      resolve({
        status: xhr.status,
        text: typeof xhr.responseText === 'string' ? xhr.responseText : '',
        requestId: xhr.getResponseHeader('x-request-id'),
      });
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new ApiError({ status: 0, code: 'NETWORK', message: de.api.network }));
    });
    xhr.addEventListener('timeout', () => {
      done();
      reject(new ApiError({ status: 0, code: 'NETWORK', message: de.api.network }));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(abortError());
    });
    xhr.send(formData);
  });
  return parseApiResponse(status, text, requestId, schema);
}

/** For error responses without the contract's body (a proxy's 502, an HTML error page …). */
function fallbackForStatus(status: number): { code: string; message: string } {
  const code = errorCodeForStatus(status);
  return { code, message: de.errors[code] };
}
