import { errorCatalog, errorCodeForStatus, type ApiError, type ErrorCode } from '@app/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
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

function toAppError(err: FastifyError | Error): AppError {
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
    return new AppError('VALIDATION_FAILED', issues);
  }
  const fe = err as FastifyError;
  const mapped = fe.code ? frameworkCodes[fe.code] : undefined;
  if (mapped) return new AppError(mapped);
  const status = fe.statusCode;
  if (status !== undefined && status >= 400 && status < 500) return new AppError(errorCodeForStatus(status));
  if (status === 503) return new AppError('SERVICE_UNAVAILABLE');
  return new AppError('INTERNAL', undefined, { cause: err });
}

/** One error handler and one not-found handler for the whole app (ARCHITECTURE.md §6). */
export default fp(
  function errors(app: FastifyInstance) {
    app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const appError = toAppError(err);
      if (appError.statusCode >= 500) {
        // A response that does not fit its schema is our bug, not the client's: log it fully.
        request.log.error({ err, serialization: isResponseSerializationError(err) }, 'request failed');
      } else {
        request.log.info({ code: appError.code, err: err.message }, 'request rejected');
      }
      if (appError.code === 'RATE_LIMITED' && !reply.getHeader('retry-after'))
        reply.header('retry-after', 60);
      return sendError(reply, appError.code, appError.details);
    });
  },
  { name: 'errors' },
);
