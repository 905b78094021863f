import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { de } from '../i18n/de';
import { ApiError, apiFetch, OUTAGE_RETRY_LIMIT_MS, setAccessTokenProvider } from './api';
import { shouldRetry } from './queryClient';
import { serverRetries, subscribeServerRetries } from './serverRetry';

function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function stubFetch(respond: (request: Request) => Response | Promise<Response>) {
  const calls: Request[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString();
    const request = new Request(new URL(url, 'http://localhost'), init);
    calls.push(request);
    return Promise.resolve(respond(request));
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

const ZSubject = z.object({ id: z.string(), name: z.string() });

afterEach(() => {
  setAccessTokenProvider(null);
});

describe('apiFetch', () => {
  it('sends the bearer token from the token provider and the X-Requested-With header', async () => {
    const calls = stubFetch(() => jsonResponse({ id: 's1', name: 'Mathematik' }));
    setAccessTokenProvider(() => Promise.resolve('token-123'));

    await apiFetch('/api/subjects/s1', { schema: ZSubject });

    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-123');
    expect(calls[0]?.headers.get('X-Requested-With')).toBe('fetch');
  });

  it('does not wait for the session on a public request (the auth client itself may be waiting for it)', async () => {
    const calls = stubFetch(() => jsonResponse({ authMode: 'local' }));
    // The session is still being read, e.g. while the auth client waits for /api/config.
    setAccessTokenProvider(() => new Promise<string | null>(() => undefined));

    const config = apiFetch('/api/config', {
      schema: z.object({ authMode: z.string() }),
      anonymous: true,
    });
    const outcome = await Promise.race([
      config,
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 200)),
    ]);

    expect(outcome).toEqual({ authMode: 'local' });
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it('renews a token the server refuses (401) once and sends the request again with the new one', async () => {
    const calls = stubFetch((request) =>
      request.headers.get('Authorization') === 'Bearer neu'
        ? jsonResponse({ id: 's1', name: 'Mathematik' })
        : jsonResponse({ error: { code: 'UNAUTHENTICATED', message: 'User not logged in' } }, 401),
    );
    const asked: Array<{ renew?: boolean } | undefined> = [];
    setAccessTokenProvider((options) => {
      asked.push(options);
      return Promise.resolve(options?.renew ? 'neu' : 'alt');
    });

    const subject = await apiFetch('/api/subjects/s1', {
      method: 'PUT',
      body: { name: 'Mathematik' },
      schema: ZSubject,
    });

    expect(subject).toEqual({ id: 's1', name: 'Mathematik' });
    expect(asked).toEqual([undefined, { renew: true }]);
    expect(calls.map((c) => c.headers.get('Authorization'))).toEqual(['Bearer alt', 'Bearer neu']);
    expect(await calls[1]!.json()).toEqual({ name: 'Mathematik' });
  });

  it('gives up after one renewal, and does not renew when no token was sent or none comes back', async () => {
    const refused = () =>
      jsonResponse({ error: { code: 'UNAUTHENTICATED', message: 'User not logged in' } }, 401);
    let calls = stubFetch(refused);
    setAccessTokenProvider((options) => Promise.resolve(options?.renew ? 'auch-abgelehnt' : 'alt'));
    expect((await rejectionOf(apiFetch('/api/subjects', { schema: ZSubject }))).status).toBe(401);
    expect(calls).toHaveLength(2);

    // The refresh failed (the session has ended): the first answer stands.
    calls = stubFetch(refused);
    setAccessTokenProvider((options) => Promise.resolve(options?.renew ? null : 'alt'));
    expect((await rejectionOf(apiFetch('/api/subjects', { schema: ZSubject }))).status).toBe(401);
    expect(calls).toHaveLength(1);

    // Signed out: nothing to renew, the 401 stands.
    calls = stubFetch(refused);
    const provider = vi.fn((_options?: { renew?: boolean }) => Promise.resolve<string | null>(null));
    setAccessTokenProvider(provider);
    expect((await rejectionOf(apiFetch('/api/subjects', { schema: ZSubject }))).status).toBe(401);
    expect(calls).toHaveLength(1);
    expect(provider).toHaveBeenCalledTimes(2);

    // A public request is not renewed.
    calls = stubFetch(refused);
    provider.mockClear();
    expect((await rejectionOf(apiFetch('/api/config', { schema: ZSubject, anonymous: true }))).status).toBe(
      401,
    );
    expect(provider).not.toHaveBeenCalled();
  });

  it('renews also when the request went with the session cookie only (the auth client not loaded yet)', async () => {
    const calls = stubFetch((request) =>
      request.headers.get('Authorization') === 'Bearer neu'
        ? jsonResponse({ id: 's1', name: 'Mathematik' })
        : jsonResponse({ error: { code: 'UNAUTHENTICATED', message: 'User not logged in' } }, 401),
    );
    setAccessTokenProvider((options) => Promise.resolve(options?.renew ? 'neu' : null));
    expect(await apiFetch('/api/subjects/s1', { schema: ZSubject })).toEqual({
      id: 's1',
      name: 'Mathematik',
    });
    expect(calls.map((c) => c.headers.get('Authorization'))).toEqual([null, 'Bearer neu']);
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    const calls = stubFetch(() => jsonResponse({ id: 's1', name: 'Mathematik' }));
    setAccessTokenProvider(() => Promise.resolve(null));

    await apiFetch('/api/subjects/s1', { schema: ZSubject });

    expect(calls[0]?.headers.has('Authorization')).toBe(false);
    expect(calls[0]?.headers.get('X-Requested-With')).toBe('fetch');
  });

  it('JSON-encodes the body and returns the response parsed by the schema', async () => {
    const calls = stubFetch(() => jsonResponse({ id: 's1', name: 'Physik', extra: 'dropped' }, 201));

    const subject = await apiFetch('/api/subjects', {
      method: 'POST',
      body: { name: 'Physik' },
      schema: ZSubject,
    });

    expect(subject).toEqual({ id: 's1', name: 'Physik' });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(await calls[0]?.json()).toEqual({ name: 'Physik' });
  });

  it('parses an empty 204 body as undefined', async () => {
    stubFetch(() => new Response(null, { status: 204 }));

    await expect(apiFetch('/api/subjects/s1', { method: 'DELETE', schema: z.undefined() })).resolves.toBe(
      undefined,
    );
  });

  it('turns the contract error shape into an ApiError with status, code, message, requestId and details', async () => {
    stubFetch(() =>
      jsonResponse(
        {
          error: {
            code: 'SUBJECT_IN_USE',
            message: 'Fach kann nicht gelöscht werden, da es noch in Klassen verwendet wird',
            details: { classes: 2 },
          },
          requestId: 'req-42',
        },
        409,
      ),
    );

    const error = await rejectionOf(apiFetch('/api/subjects/s1', { method: 'DELETE', schema: z.unknown() }));

    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(409);
    expect(error.code).toBe('SUBJECT_IN_USE');
    expect(error.message).toBe('Fach kann nicht gelöscht werden, da es noch in Klassen verwendet wird');
    expect(error.requestId).toBe('req-42');
    expect(error.details).toEqual({ classes: 2 });
  });

  it('gives an error response without the contract shape a German message for its status', async () => {
    stubFetch(() => new Response('<html>Bad Gateway</html>', { status: 502 }));

    const error = await rejectionOf(apiFetch('/api/subjects', { schema: z.unknown() }));

    expect(error.status).toBe(502);
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.message).toBe(de.errors.SERVICE_UNAVAILABLE);
  });

  it('rejects a response that does not fit the schema with INVALID_RESPONSE', async () => {
    stubFetch(() => jsonResponse({ id: 7 }));

    const error = await rejectionOf(apiFetch('/api/subjects/s1', { schema: ZSubject }));

    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.message).toBe('Invalid API response format');
    expect(error.status).toBe(200);
  });

  it('rejects a successful response that is not JSON with INVALID_RESPONSE', async () => {
    stubFetch(() => new Response('<!doctype html><title>SPA</title>', { status: 200 }));

    const error = await rejectionOf(apiFetch('/api/subjects/s1', { schema: ZSubject }));

    expect(error.code).toBe('INVALID_RESPONSE');
  });

  it('reports a network failure as NETWORK with a German message', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));

    const error = await rejectionOf(apiFetch('/api/subjects', { schema: z.unknown() }));

    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK');
    expect(error.message).toBe(de.api.network);
  });

  it('lets an aborted request fail as an abort, not as a network error', async () => {
    vi.stubGlobal('fetch', (_input: RequestInfo | URL, init?: RequestInit) => {
      const reason: unknown = init?.signal?.reason;
      return Promise.reject(reason instanceof Error ? reason : new Error('aborted'));
    });
    const controller = new AbortController();
    controller.abort();

    const outcome = await apiFetch('/api/subjects', { schema: z.unknown(), signal: controller.signal }).catch(
      (reason: unknown) => reason,
    );

    expect(outcome).not.toBeInstanceOf(ApiError);
    expect(outcome).toBeInstanceOf(Error);
    expect((outcome as Error).name).toBe('AbortError');
  });
});

describe('query retries', () => {
  it('retries network and server errors up to 3 times but never client errors', () => {
    const network = new ApiError({ status: 0, code: 'NETWORK', message: de.api.network });
    const server = new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'x' });
    const notFound = new ApiError({ status: 404, code: 'NOT_FOUND', message: 'x' });

    expect(shouldRetry(0, network)).toBe(true);
    expect(shouldRetry(2, server)).toBe(true);
    expect(shouldRetry(3, server)).toBe(false);
    expect(shouldRetry(0, notFound)).toBe(false);
  });
});

describe('a server unavailable for a moment (503 DATABASE_UNAVAILABLE)', () => {
  const unavailable = () =>
    jsonResponse(
      {
        error: { code: 'DATABASE_UNAVAILABLE', message: 'Der Server ist gerade nicht erreichbar.' },
        requestId: 'r',
      },
      503,
      { 'Retry-After': '2' },
    );

  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a GET again after Retry-After, counting it as retrying meanwhile, until it succeeds', async () => {
    vi.useFakeTimers();
    let n = 0;
    const calls = stubFetch(() =>
      ++n <= 2 ? unavailable() : jsonResponse({ id: 's1', name: 'Mathematik' }),
    );
    const seen: number[] = [];
    const stop = subscribeServerRetries(() => seen.push(serverRetries()));

    const result = apiFetch('/api/subjects/s1', { schema: ZSubject });
    await vi.advanceTimersByTimeAsync(1900);
    expect(calls).toHaveLength(1);
    expect(serverRetries()).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);

    expect(await result).toEqual({ id: 's1', name: 'Mathematik' });
    expect(calls).toHaveLength(3);
    expect(serverRetries()).toBe(0);
    expect(seen).toEqual([1, 0]);
    stop();
  });

  it('gives up after about a minute with the server message and Retry-After on the error', async () => {
    vi.useFakeTimers();
    const calls = stubFetch(() => unavailable());

    const result = rejectionOf(apiFetch('/api/subjects', { schema: z.unknown() }));
    await vi.advanceTimersByTimeAsync(OUTAGE_RETRY_LIMIT_MS + 5000);
    const error = await result;

    expect(error.code).toBe('DATABASE_UNAVAILABLE');
    expect(error.retryAfter).toBe(2);
    // Waits of 2–2.4 s within the minute.
    expect(calls.length).toBeGreaterThanOrEqual(25);
    expect(calls.length).toBeLessThanOrEqual(31);
    expect(serverRetries()).toBe(0);
    expect(shouldRetry(0, error)).toBe(false);
  });

  it('never sends a state change twice', async () => {
    const calls = stubFetch(() => unavailable());

    const error = await rejectionOf(
      apiFetch('/api/subjects', { method: 'POST', body: { name: 'Physik' }, schema: z.unknown() }),
    );

    expect(error.status).toBe(503);
    expect(calls).toHaveLength(1);
  });
});
