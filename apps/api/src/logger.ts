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

export function loggerOptions(
  env: Env,
  options: { pretty?: boolean; stream?: DestinationStream } = {},
): FastifyServerOptions['logger'] {
  if (env.LOG_LEVEL === 'silent') return false;
  return {
    level: env.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
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
