import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Env } from './env';

/** Never write credentials to the log: auth headers, cookies, passwords and tokens anywhere in a body. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.new_password',
  '*.access_token',
  '*.refresh_token',
  '*.token',
  '*.p_token',
  '*.apiKey',
];

/** Query parameters that carry secrets in a URL (e-mail links of /auth/v1/verify, PKCE codes, join tokens). */
const SECRET_QUERY =
  /([?&](?:token|token_hash|code|auth_code|code_verifier|access_token|refresh_token|p_token)=)[^&#]*/gi;

/** The URL as it may be logged: values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

/** A request already in its logged form (see requestLogFields). */
class RequestSummary {
  [field: string]: unknown;
  constructor(
    readonly method: string | undefined,
    readonly url: string | undefined,
    readonly version: string | undefined,
    readonly host: string | undefined,
    readonly remoteAddress: string | undefined,
    readonly remotePort: number | undefined,
  ) {}
}

/** Fastify's request serializer (lib/logger-pino.js) with the URL redacted. */
function serializeRequest(req: LoggedRequest | RequestSummary): RequestSummary {
  if (req instanceof RequestSummary) return req;
  return new RequestSummary(
    req.method,
    req.url === undefined ? undefined : redactUrl(req.url),
    req.headers?.['accept-version'] as string | undefined,
    req.host,
    req.ip,
    req.socket?.remotePort,
  );
}

/**
 * The fields of the one line per request, as plain values. Handing pino the live request instead would make
 * its redaction copy the request's headers (to censor the Authorization header) on every request, only for
 * the serializer to drop them: a third of a cached list request's cost.
 */
export function requestLogFields(request: LoggedRequest, statusCode: number, responseTime: number) {
  return { req: serializeRequest(request), res: { statusCode }, responseTime: Math.round(responseTime) };
}

export function loggerOptions(
  env: Env,
  options: { pretty?: boolean; stream?: DestinationStream } = {},
): FastifyServerOptions['logger'] {
  if (env.LOG_LEVEL === 'silent') return false;
  return {
    level: env.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest },
    ...(options.stream ? { stream: options.stream } : {}),
    ...(options.pretty && !options.stream
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
