import {
  errorCatalog,
  errorCodeForStatus,
  TEXT_CONTROL_MESSAGE,
  type ApiError,
  type ErrorCode,
} from '@app/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { AiError } from '../../ai/types';
import {
  DATABASE_RETRY_AFTER_S,
  isConnectionError,
  isDatabaseUnavailable,
  isPgError,
  PgErrorCode,
} from '../../db/errors';
import { AppError } from '../../lib/app-error';

// Fastify and plugin error codes that are the client's fault, mapped to our codes.
const frameworkCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_BODY',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_PROTO_VIOLATION: 'MALFORMED_BODY',
};

export function sendError(reply: FastifyReply, code: ErrorCode, details?: unknown): FastifyReply {
  const body: ApiError = {
    error: { code, message: errorCatalog[code].message, ...(details === undefined ? {} : { details }) },
    requestId: String(reply.request.id),
  };
  return reply.code(errorCatalog[code].status).type('application/json; charset=utf-8').send(body);
}

// Errors of the auth backend's admin side (AuthAdmin): GoTrue codes, as supabase-js' AuthApiError carries them.
const authCodes: Record<string, ErrorCode> = {
  email_exists: 'EMAIL_EXISTS',
  user_already_exists: 'EMAIL_EXISTS',
  weak_password: 'WEAK_PASSWORD',
  user_not_found: 'USER_NOT_FOUND',
  over_request_rate_limit: 'RATE_LIMITED',
  over_email_send_rate_limit: 'RATE_LIMITED',
};

function isAuthApiError(err: unknown): err is Error & { status: number; code: string } {
  return (
    err instanceof Error &&
    err.name === 'AuthApiError' &&
    typeof (err as { status?: unknown }).status === 'number' &&
    typeof (err as { code?: unknown }).code === 'string'
  );
}

/** Any error as the AppError it is answered with (the JSON body here, the HTML pages of routes/pages). */
export function toAppError(err: FastifyError | Error): AppError {
  if (err instanceof AppError) return err;
  if (isAuthApiError(err)) {
    const code = authCodes[err.code];
    if (code) return new AppError(code);
    if (err.status >= 400 && err.status < 500) return new AppError(errorCodeForStatus(err.status));
    return new AppError('SERVICE_UNAVAILABLE', undefined, { cause: err });
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const location = err.validationContext ?? 'body';
    // Rebuild the zod issues the type provider flattened into Ajv-style entries.
    const issues = err.validation.map((v) => ({
      code: v.keyword,
      path: v.instancePath.split('/').filter(Boolean),
      message: v.message,
      ...v.params,
      location,
    }));
    // Control characters in text have their own message (contract text.ts).
    const control = err.validation.some((v) => v.message === TEXT_CONTROL_MESSAGE);
    return new AppError(control ? 'TEXT_CONTROL_CHARACTERS' : 'VALIDATION_FAILED', issues);
  }
  // A NUL that got past the contract's text rule (text.ts) is still the client's: PostgreSQL cannot store it.
  if (
    isPgError(err, PgErrorCode.characterNotInRepertoire) ||
    isPgError(err, PgErrorCode.untranslatableCharacter)
  )
    return new AppError('TEXT_CONTROL_CHARACTERS');
  // A database that is down or restarting is no bug of ours: the client may ask again in a moment.
  if (isDatabaseUnavailable(err)) return new AppError('DATABASE_UNAVAILABLE', undefined, { cause: err });
  // An AI provider that failed, as the AI routes report it.
  if (err instanceof AiError && err.kind !== 'missing_parameter')
    return new AppError(err.kind === 'invalid_response' ? 'AI_INVALID_RESPONSE' : 'AI_FAILED', undefined, {
      cause: err,
    });
  const fe = err as FastifyError;
  const mapped = fe.code ? frameworkCodes[fe.code] : undefined;
  if (mapped) return new AppError(mapped);
  const status = fe.statusCode;
  if (status !== undefined && status >= 400 && status < 500) return new AppError(errorCodeForStatus(status));
  if (status === 503) return new AppError('SERVICE_UNAVAILABLE');
  // Another server (the S3 store, a provider reached with fetch) that cannot be reached: not the database.
  if (isConnectionError(err)) return new AppError('SERVICE_UNAVAILABLE', undefined, { cause: err });
  return new AppError('INTERNAL', undefined, { cause: err });
}

/** The innermost error (the driver's, not drizzle's "Failed query" with its parameters). */
function rootCause(err: Error): Error {
  let e = err;
  for (let depth = 0; e.cause instanceof Error && depth < 5; depth++) e = e.cause;
  return e;
}

/**
 * Errors the router raises before any route or hook runs (Fastify's `frameworkErrors` option, set in app.ts):
 * a path parameter over the router's 100 characters (no id is that long: the same 404 as an unknown one), a
 * malformed URL escape. Same shape as every other error, with the request id.
 */
export function frameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const code: ErrorCode =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'NOT_FOUND'
      : err.code === 'FST_ERR_BAD_URL'
        ? 'MALFORMED_BODY'
        : toAppError(err).code;
  request.log.info({ code, err: err.message }, 'request rejected');
  reply.header('x-request-id', request.id);
  void sendError(reply, code);
}

/**
 * A request Node could not even parse (a malformed header line, headers over the size limit, a timeout):
 * Fastify's `clientErrorHandler` option, set in app.ts. No request exists yet, so the id is a new one.
 */
export function clientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode = err.code === 'HPE_HEADER_OVERFLOW' ? 'PAYLOAD_TOO_LARGE' : 'MALFORMED_BODY';
  const { status, message } = errorCatalog[code];
  const requestId = randomUUID();
  const body = JSON.stringify({ error: { code, message }, requestId } satisfies ApiError);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods some route answers for this path (for 405 and `Allow`); empty when none does. */
    allowedMethods(url: string): string[];
  }
}

/** A route's URL pattern (`/api/tasks/:id`) as a regular expression for concrete paths. */
function routePattern(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/** One error handler and one not-found handler for the whole app (ARCHITECTURE.md §6). */
export default fp(
  function errors(app: FastifyInstance) {
    // Every route's methods by URL pattern, so that the not-found handler can tell a wrong method (405) from
    // an unknown path (404). Wildcard routes (static files, the docs' assets) answer any path: left out.
    const routes: Array<{ pattern: RegExp; methods: string[] }> = [];
    app.addHook('onRoute', (route) => {
      if (route.url.includes('*')) return;
      routes.push({ pattern: routePattern(route.url), methods: [route.method].flat() });
    });
    app.decorate('allowedMethods', (url: string) => {
      const path = url.split('?')[0]!;
      const methods = new Set<string>();
      for (const route of routes) if (route.pattern.test(path)) route.methods.forEach((m) => methods.add(m));
      return [...methods].sort();
    });

    app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const appError = toAppError(err);
      if (appError.code === 'DATABASE_UNAVAILABLE') {
        // One line, not a stack per request: an outage answers many of them.
        request.log.warn({ code: appError.code, err: rootCause(err).message }, 'database unavailable');
      } else if (appError.statusCode >= 500) {
        // A response that does not fit its schema is our bug, not the client's: log it fully.
        request.log.error({ err, serialization: isResponseSerializationError(err) }, 'request failed');
      } else {
        request.log.info({ code: appError.code, err: err.message }, 'request rejected');
      }
      if (appError.code === 'RATE_LIMITED' && !reply.getHeader('retry-after'))
        reply.header('retry-after', 60);
      if (appError.code === 'DATABASE_UNAVAILABLE') reply.header('retry-after', DATABASE_RETRY_AFTER_S);
      return sendError(reply, appError.code, appError.details);
    });
  },
  { name: 'errors' },
);
