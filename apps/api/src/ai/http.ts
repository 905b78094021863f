import type { z } from 'zod';
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
 * a status outside 2xx → AiError('response') (spec §7). Returns the parsed JSON (or null for an empty body).
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

/** Validates a provider's answer with the operation's output schema; a misfit is AiError('invalid_response'). */
export function validateOutput<S extends z.ZodType>(
  operation: AiOperation,
  schema: S,
  value: unknown,
): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AiError(
    'invalid_response',
    operation,
    `${operation}: Antwort passt nicht zum Schema (${issue?.path.join('.') || '(root)'}: ${issue?.message ?? ''})`,
  );
}

/** Validates an input; anything missing or malformed is the spec §5 required-parameter error. */
export function requireInput<S extends z.ZodType>(
  operation: AiOperation,
  schema: S,
  value: unknown,
): z.infer<S> {
  if (value === undefined || value === null)
    throw new AiError('missing_parameter', operation, `${operation}: Eingabe fehlt`);
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AiError(
    'missing_parameter',
    operation,
    `${operation}: Parameter fehlt oder ist ungültig (${issue?.path.join('.') || '(root)'})`,
  );
}

export function requireFiles(operation: AiOperation, files: unknown): void {
  if (!Array.isArray(files) || files.length === 0)
    throw new AiError('missing_parameter', operation, `${operation}: keine Dateien übergeben`);
}
