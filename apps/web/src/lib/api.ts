import type { ErrorCode } from '@app/contract';
import { deShell } from '../i18n/de.shell';
import { beginServerRetry } from './serverRetry';

/**
 * The one API client of the web app. Every call to the app server goes through `apiFetch`; every failure
 * arrives as an `ApiError` whose `message` is ready to show (German text from the server or this app).
 */

/** Codes the client itself produces, beside the server's error codes (`ErrorCode` of the contract). */
type ClientErrorCode = 'NETWORK' | 'INVALID_RESPONSE';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** A contract `ErrorCode`, a newer server code, or a `ClientErrorCode`. */
  readonly code: ErrorCode | ClientErrorCode | (string & {});
  readonly requestId: string | null;
  readonly details: unknown;
  /** Seconds the server asked to wait before trying again (`Retry-After`), when it said so. */
  readonly retryAfter: number | null;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    requestId?: string | null;
    details?: unknown;
    cause?: unknown;
    retryAfter?: number | null;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId ?? null;
    this.details = init.details;
    this.retryAfter = init.retryAfter ?? null;
  }
}

/** The longest the client keeps sending a request again while the server is unavailable; then it fails. */
export const OUTAGE_RETRY_LIMIT_MS = 60_000;
const OUTAGE_WAIT_MIN_MS = 1000;
const OUTAGE_WAIT_MAX_MS = 15_000;

/**
 * The server is unavailable for a moment rather than failing: its database is restarting (503
 * DATABASE_UNAVAILABLE), or a 503 says when to come back (`Retry-After`).
 */
export function isTemporaryOutage(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  return error.code === 'DATABASE_UNAVAILABLE' || (error.status === 503 && error.retryAfter !== null);
}

/** How long to wait before the `attempt`-th retry (0-based): the server's Retry-After, else 1, 2, 4 … s. */
export function outageWait(error: ApiError, attempt: number): number {
  const asked = error.retryAfter !== null ? error.retryAfter * 1000 : 1000 * 2 ** attempt;
  // A little jitter, so that a class of phones does not come back in the same instant.
  const wait = Math.min(Math.max(asked, OUTAGE_WAIT_MIN_MS), OUTAGE_WAIT_MAX_MS);
  return Math.round(wait * (1 + Math.random() * 0.2));
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason instanceof Error ? signal.reason : new DOMException('Abgebrochen', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Sends a request that may be sent twice (a GET, an upload the server recognises by its content) again
 * while the server is unavailable for a moment, waiting as it asks (`Retry-After`) for up to
 * `OUTAGE_RETRY_LIMIT_MS` in all. Meanwhile `serverRetries()` counts it, so that the page can say so.
 */
export async function retryingOutages<T>(send: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const started = Date.now();
  let end: (() => void) | undefined;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return await send();
      } catch (error) {
        if (!isTemporaryOutage(error) || signal?.aborted) throw error;
        const wait = outageWait(error, attempt);
        if (Date.now() - started + wait > OUTAGE_RETRY_LIMIT_MS) throw error;
        end ??= beginServerRetry();
        await sleep(wait, signal);
      }
    }
  } finally {
    end?.();
  }
}

/** `Retry-After` in seconds (the HTTP-date form is not sent by this server). */
function retryAfterOf(header: string | null): number | null {
  const seconds = header === null ? NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

type AccessTokenProvider = (options?: { renew?: boolean }) => Promise<string | null>;

type Transport = (path: string, init: RequestInit) => Promise<Response>;

/** The browser's `fetch`; the server's renderer of the teacher pages installs its own (app.server.tsx). */
let transport: Transport = (path, init) => fetch(path, init);

/** Installs how requests reach the API (the server's renderer answers them in-process); null: `fetch`. */
export function setApiTransport(next: Transport | null): void {
  transport = next ?? ((path, init) => fetch(path, init));
}

let accessTokenProvider: AccessTokenProvider | null = null;

/** Installed by the auth feature: returns the current access token, or null when nobody is signed in. */
export function setAccessTokenProvider(provider: AccessTokenProvider | null): void {
  accessTokenProvider = provider;
}

/**
 * Sends a request with the current access token (none for `anonymous`). When the server answers 401 to a
 * token, it no longer accepts one it issued (e.g. its signing secret was changed): the token is renewed
 * once with the session's refresh token and the request sent again. `send` gets the token to use.
 */
export async function withAccessToken<T extends { status: number }>(
  send: (token: string | null) => Promise<T>,
  { anonymous = false }: { anonymous?: boolean } = {},
): Promise<T> {
  const token = accessTokenProvider && !anonymous ? await accessTokenProvider() : null;
  const answer = await send(token);
  // Also without a token: before the auth client is loaded the session cookie carries it.
  if (answer.status !== 401 || anonymous || !accessTokenProvider) return answer;
  const renewed = await accessTokenProvider({ renew: true });
  return renewed && renewed !== token ? send(renewed) : answer;
}

type ValidationResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<{ readonly message: string }> };

/**
 * What reads a successful response: `checkedByServer<T>()` (see there). The interface is Standard Schema v1 (standardschema.dev), which
 * zod implements; copied here as its authors intend, so that this module needs no zod.
 */
interface ResponseSchema<Output = unknown> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => ValidationResult<Output> | Promise<ValidationResult<Output>>;
    readonly types?: { readonly input: unknown; readonly output: Output } | undefined;
  };
}

/** The output type of a contract schema: `checkedByServer<ResponseOf<typeof ZListClassesResponse>>()`. */
export type ResponseOf<TSchema extends ResponseSchema> = NonNullable<TSchema['~standard']['types']>['output'];

/**
 * Every response, typed by its contract schema but not parsed again: the API has validated it against that
 * schema before sending (its serializer parses every response, and checks request bodies on the way in), and
 * the same server serves this build of the app. Parsing again would put zod on the path of every page's
 * first data — a sixth of the submit page's JavaScript (ADR 012), a fifth of a teacher page's (ADR 035).
 */
export function checkedByServer<T>(): ResponseSchema<T> {
  return {
    '~standard': {
      version: 1,
      vendor: 'klassenzimmer',
      validate: (value) => ({ value: value as T }),
      types: undefined,
    },
  };
}

/**
 * The error body of ARCHITECTURE.md §6 (`ZApiError` in the contract), checked without zod (it comes with
 * every page).
 */
function isApiErrorBody(
  value: unknown,
): value is { error: { code: string; message: string; details?: unknown }; requestId: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { error, requestId } = value as { error?: unknown; requestId?: unknown };
  if (typeof requestId !== 'string' || typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && typeof message === 'string';
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface ApiFetchOptions<TSchema extends ResponseSchema> {
  method?: HttpMethod;
  /** Plain values are sent as JSON; `FormData` and `Blob` bodies are sent as they are (uploads). */
  body?: unknown;
  /** Parses the successful response body (`undefined` for an empty body, e.g. 204). */
  schema: TSchema;
  signal?: AbortSignal;
  /**
   * A public request that is sent without the session and does not wait for it: `GET /api/config`, which
   * the auth client is built from (waiting for the session there would wait for itself).
   */
  anonymous?: boolean;
}

export async function apiFetch<TSchema extends ResponseSchema>(
  path: string,
  { method = 'GET', body, schema, signal, anonymous = false }: ApiFetchOptions<TSchema>,
): Promise<ResponseOf<TSchema>> {
  const headers = new Headers({ Accept: 'application/json', 'X-Requested-With': 'fetch' });
  let requestBody: BodyInit | undefined;
  if (body instanceof FormData || body instanceof Blob) {
    requestBody = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    requestBody = JSON.stringify(body);
  }

  const sendOnce = async () => {
    let response: Response;
    try {
      response = await withAccessToken(
        (token) => {
          if (token) headers.set('Authorization', `Bearer ${token}`);
          return transport(path, { method, headers, body: requestBody, signal, credentials: 'same-origin' });
        },
        { anonymous },
      );
    } catch (error) {
      // A cancelled request is not a failure: let the caller (TanStack Query) see the abort as it is.
      if (signal?.aborted) throw error;
      throw new ApiError({ status: 0, code: 'NETWORK', message: deShell.api.network, cause: error });
    }

    const requestIdHeader = response.headers.get('x-request-id');
    let text: string | null;
    try {
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) throw error;
      text = null;
    }
    return parseApiResponse(
      response.status,
      text,
      requestIdHeader,
      schema,
      response.headers.get('retry-after'),
    );
  };
  // Only what may be sent twice: a GET changes nothing.
  return method === 'GET' ? retryingOutages(sendOnce, signal) : sendOnce();
}

/**
 * Turns a response (status and body text) into the parsed result or an `ApiError` — the one error parsing
 * of `apiFetch`, `apiUpload` and `apiDownload`.
 */
export async function parseApiResponse<TSchema extends ResponseSchema>(
  status: number,
  /** The body; null when it could not be read. */
  text: string | null,
  requestIdHeader: string | null,
  schema: TSchema,
  retryAfterHeader: string | null = null,
): Promise<ResponseOf<TSchema>> {
  let payload: unknown;
  let parsedJson = text !== null;
  try {
    payload = text === '' || text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    parsedJson = false;
  }

  if (status < 200 || status >= 300) {
    if (isApiErrorBody(payload)) {
      const { code, message, details } = payload.error;
      const retryAfter = retryAfterOf(retryAfterHeader);
      throw new ApiError({ status, code, message, details, requestId: payload.requestId, retryAfter });
    }
    // The error catalog is fetched only for such a response: it stays out of every page's first load.
    const { fallbackForStatus } = await import('./apiFallback');
    throw new ApiError({
      status,
      ...fallbackForStatus(status),
      requestId: requestIdHeader,
      retryAfter: retryAfterOf(retryAfterHeader),
    });
  }

  const result = parsedJson ? await schema['~standard'].validate(payload) : null;
  if (!result || result.issues) {
    throw new ApiError({
      status,
      code: 'INVALID_RESPONSE',
      message: deShell.api.invalidResponse,
      details: result?.issues,
      requestId: requestIdHeader,
    });
  }
  return result.value;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

interface ApiUploadOptions<TSchema extends ResponseSchema> {
  schema: TSchema;
  /** Bytes of the request body sent so far (`total` 0 while unknown). */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  method?: 'POST' | 'PUT';
  /**
   * Send it again while the server is unavailable for a moment (`retryingOutages`): only for uploads the
   * server recognises when they arrive twice (the same content in the same hand-in, ADR 008).
   */
  retryOutages?: boolean;
}

/**
 * A multipart upload with progress events (`fetch` reports none for request bodies): the same headers,
 * token and error handling as `apiFetch`, over XMLHttpRequest. An aborted upload rejects with the
 * signal's `AbortError`, like `fetch`.
 */
export async function apiUpload<TSchema extends ResponseSchema>(
  path: string,
  formData: FormData,
  { schema, onProgress, signal, method = 'POST', retryOutages = false }: ApiUploadOptions<TSchema>,
): Promise<ResponseOf<TSchema>> {
  signal?.throwIfAborted();
  const send = (token: string | null) =>
    new Promise<{
      status: number;
      text: string;
      requestId: string | null;
      retryAfter: string | null;
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
          retryAfter: xhr.getResponseHeader('retry-after'),
        });
      });
      xhr.addEventListener('error', () => {
        done();
        reject(new ApiError({ status: 0, code: 'NETWORK', message: deShell.api.network }));
      });
      xhr.addEventListener('timeout', () => {
        done();
        reject(new ApiError({ status: 0, code: 'NETWORK', message: deShell.api.network }));
      });
      xhr.addEventListener('abort', () => {
        done();
        reject(abortError());
      });
      xhr.send(formData);
    });
  const sendOnce = async () => {
    const { status, text, requestId, retryAfter } = await withAccessToken(send);
    return parseApiResponse(status, text, requestId, schema, retryAfter);
  };
  return retryOutages ? retryingOutages(sendOnce, signal) : sendOnce();
}
