import path from 'node:path';
import { z } from 'zod';

// The one place that reads process.env (DESIGN.md §4). A bad value stops the process naming the variable.

const flag = (fallback: boolean) =>
  z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === '1' || v === 'true'));

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional());

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

export const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default('./.data'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PUBLIC_URL: optionalUrl,
    /** Proxy hops to trust for the client IP (rate limits); 0 = none. */
    TRUST_PROXY: z.coerce.number().int().min(0).default(0),
    DATABASE_URL: optionalUrl,
    MIGRATE: flag(true),
    DEMO: flag(true),
    SUPABASE_URL: optionalUrl,
    SUPABASE_ANON_KEY: optionalString,
    AI_PROVIDER: z.enum(['none', 'service', 'openai']).default('none'),
    POSTHOG_KEY: optionalString,
    POSTHOG_HOST: optionalUrl,
    /** Directory of the built SPA; served in production. */
    WEB_DIST: optionalString,
    /** Requests per minute and IP for the whole API (stricter limits sit on public and auth routes). */
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  })
  .transform((e) => ({
    ...e,
    DATA_DIR: path.resolve(e.DATA_DIR),
    PUBLIC_URL: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
  }));

export type Env = z.infer<typeof ZEnv>;

export class EnvError extends Error {
  constructor(
    readonly variables: string[],
    message: string,
  ) {
    super(message);
    this.name = 'EnvError';
  }
}

/** Parses an environment (process.env by default). Throws EnvError naming every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = ZEnv.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
  throw new EnvError(
    result.error.issues.map((i) => i.path.join('.')),
    `Ungültige Konfiguration:\n  ${lines.join('\n  ')}`,
  );
}
