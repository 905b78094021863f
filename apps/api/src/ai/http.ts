import { AiError, type AiCallOptions, type AiOperation } from './types';

/** A body for fetch plus the content type header it needs (none for FormData: fetch sets the boundary). */
export interface RequestBody {
  body: string | Uint8Array | FormData;
  contentType?: string;
}

export interface CallProvider {
  operation: AiOperation;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: RequestBody;
  timeoutMs: number;
  opts?: AiCallOptions;
}

/**
 * One HTTP call to a provider with a deadline. Network failure, timeout or abort → AiError('fetch');
 * a status outside 2xx → AiError('response') (PRODUCT.md §7). Returns the parsed JSON (or null for an empty body).
 */
export async function callProvider(call: CallProvider): Promise<unknown> {
  const timeout = AbortSignal.timeout(call.timeoutMs);
  const signal = call.opts?.signal ? AbortSignal.any([timeout, call.opts.signal]) : timeout;
  const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
  if (call.body?.contentType) headers['content-type'] = call.body.contentType;
  let response: Response;
  try {
    response = await fetch(call.url, {
      method: call.method ?? 'POST',
      headers,
      body: call.body?.body as RequestInit['body'],
      signal,
    });
  } catch (err) {
    const reason = timeout.aborted
      ? `keine Antwort innerhalb von ${call.timeoutMs} ms`
      : err instanceof Error
        ? describeFetchError(err)
        : 'Netzwerkfehler';
    throw new AiError('fetch', call.operation, `${call.operation}: ${reason}`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new AiError('fetch', call.operation, `${call.operation}: Antwort abgebrochen`);
  }
  if (!response.ok) {
    // The body may echo our request; keep only a short, single-line excerpt for the log.
    const excerpt = text.slice(0, 200).replace(/\s+/g, ' ');
    throw new AiError(
      'response',
      call.operation,
      `${call.operation}: HTTP ${response.status} ${excerpt}`.trim(),
      response.status,
    );
  }
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AiError('invalid_response', call.operation, `${call.operation}: Antwort ist kein JSON`);
  }
}

function describeFetchError(err: Error): string {
  const cause = err.cause as { code?: string; message?: string } | undefined;
  return cause?.code ?? cause?.message ?? err.message;
}
