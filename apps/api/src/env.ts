import { AI_PROVIDERS, UPLOAD_RATE_LIMIT_DEFAULT } from '@app/contract';
import path from 'node:path';
import { z } from 'zod';

// The one place that reads process.env (ARCHITECTURE.md §4). A bad value stops the process naming the
// variable.

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

const profileKey = z
  .string()
  .refine(
    (v) => /^[A-Za-z0-9+/_-]{43}=?$/.test(v) && Buffer.from(v, 'base64').length === 32,
    '32 Bytes als Base64 erwartet (openssl rand -base64 32)',
  )
  .optional();

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
    /** External Supabase project; unset = built-in GoTrue-compatible auth at /auth/v1. */
    SUPABASE_URL: optionalUrl,
    SUPABASE_ANON_KEY: optionalString,
    /** HS256 secret of the external project (else its JWKS is used). */
    SUPABASE_JWT_SECRET: optionalString,
    /** Service-role key for the external project's admin API. */
    SUPABASE_SERVICE_ROLE_KEY: optionalString,
    /** Built-in auth: HS256 signing secret; generated and kept in DATA_DIR/jwt-secret when unset. */
    JWT_SECRET: optionalString.pipe(z.string().min(32, 'mindestens 32 Zeichen').optional()),
    /**
     * Built-in auth: the signing secret before a rotation (docs/OPERATIONS.md). Tokens it signed are still
     * accepted; new ones are signed with JWT_SECRET. Remove it once those have expired (JWT_EXPIRY).
     */
    JWT_SECRET_PREVIOUS: optionalString.pipe(z.string().min(32, 'mindestens 32 Zeichen').optional()),
    /**
     * AES-256-GCM key of user_profile.meta_data (ARCHITECTURE.md §5): 32 bytes, base64. Generated and kept in
     * DATA_DIR/profile-key when unset; several API replicas need the same value set here.
     */
    PROFILE_ENCRYPTION_KEY: optionalString.pipe(profileKey),
    /**
     * The profile key before a rotation (docs/OPERATIONS.md): still decrypts until `pnpm cli profile-key
     * rotate` has encrypted every profile with PROFILE_ENCRYPTION_KEY.
     */
    PROFILE_ENCRYPTION_KEY_PREVIOUS: optionalString.pipe(profileKey),
    /** Built-in auth: access-token lifetime in seconds. */
    JWT_EXPIRY: z.coerce.number().int().min(60).max(86_400).default(3600),
    /** smtp(s)://user:pass@host:port; unset = mails are written to DATA_DIR/outbox as .eml files. */
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'smtp:// oder smtps:// erwartet')
        .optional(),
    ),
    MAIL_FROM: z.string().min(3).default('Klassenzimmer <no-reply@localhost>'),
    /** Role granted to every user on e-mail confirmation; none = waitlist until an admin grants one. */
    AUTO_ROLE: z.enum(['none', 'teacher', 'organization_member']).default('none'),
    /**
     * Built-in auth: sign-up confirms the address at once and answers a session (GoTrue's
     * MAILER_AUTOCONFIRM).
     */
    AUTH_AUTOCONFIRM: flag(false),
    /**
     * Built-in auth: no self-registration; accounts come from invitations and admins (GoTrue's
     * DISABLE_SIGNUP).
     */
    AUTH_DISABLE_SIGNUP: flag(false),
    /**
     * Built-in auth: a password change in a session older than a day needs the nonce of GET /reauthenticate
     * (GoTrue's SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION).
     */
    AUTH_SECURE_PASSWORD_CHANGE: flag(false),
    AI_PROVIDER: z.enum(AI_PROVIDERS).default('none'),
    /** AI_PROVIDER=service: base URL of the AI service of PRODUCT.md §7. */
    AI_SERVICE_URL: optionalUrl,
    /** Route prefix of the AI service, e.g. `/aiapi` (PRODUCT.md §7: configurable route prefix). */
    AI_ROUTE_PREFIX: z
      .string()
      .default('')
      .transform((v) => v.replace(/\/+$/, ''))
      .pipe(z.string().regex(/^(\/[\w.~-]+)*$/, 'leer oder ein Pfad wie /aiapi erwartet')),
    /** Bearer token sent to the AI service. */
    AI_SERVICE_TOKEN: optionalString,
    /** AI_PROVIDER=openai: any OpenAI-compatible chat-completions endpoint (Ollama, vLLM, Azure, OpenAI). */
    OPENAI_BASE_URL: optionalUrl.transform((v) => (v ?? 'https://api.openai.com/v1').replace(/\/+$/, '')),
    OPENAI_API_KEY: optionalString,
    OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
    /** Deadline of one AI call in milliseconds (feedback on a scan can take a while). */
    AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(120_000),
    /**
     * skill_feedback runs per correction (ADR 024): the median is the suggestion, the spread marks unsure
     * skills. Unset: 3 for `openai`, 1 for `service` (its answers are calibrated by the service itself).
     */
    AI_FEEDBACK_RUNS: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce
        .number({ error: 'ganze Zahl von 1 bis 7 erwartet' })
        .int({ error: 'ganze Zahl von 1 bis 7 erwartet' })
        .min(1, { error: 'ganze Zahl von 1 bis 7 erwartet' })
        .max(7, { error: 'ganze Zahl von 1 bis 7 erwartet' })
        .optional(),
    ),
    /** Coins every teacher receives once (ADR 009); 0 = none. */
    AI_START_COINS: z.coerce.number().int().min(0).default(100),
    /** Coins one AI feedback for one submission costs. */
    AI_COST_FEEDBACK: z.coerce.number().int().min(0).default(1),
    /** AI feedback jobs (pg-boss, ARCHITECTURE.md §7): how many run at once in this process. */
    FEEDBACK_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
    /** Further attempts of a failed feedback job before the submission shows 'error' and coins come back. */
    FEEDBACK_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
    /** First retry delay in seconds, doubling per attempt (0 = retry at once, no backoff). */
    FEEDBACK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
    /** A feedback job running longer than this (seconds) counts as lost and is retried. */
    FEEDBACK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(600),
    /**
     * A running job reports every half of this (seconds); when a process dies, its job is retried after
     * this long instead of after FEEDBACK_TIMEOUT_SECONDS. 0 = off; otherwise at least 10.
     */
    FEEDBACK_HEARTBEAT_SECONDS: z.coerce
      .number()
      .int()
      .refine((v) => v === 0 || (v >= 10 && v <= 3600), '0 oder 10 bis 3600 erwartet')
      .default(30),
    /** Class exports of feedback sheets (pg-boss, domain/pdfs/exports.ts): how many run at once here. */
    PDF_EXPORT_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
    /**
     * Background jobs in this process (ARCHITECTURE.md §2): `on` = API and job workers, `off` = API only,
     * `only` = job workers only, no HTTP routes but /api/health (`pnpm worker`). off/only need DATABASE_URL.
     */
    WORKERS: z.enum(['on', 'off', 'only'], { error: '"on", "off" oder "only" erwartet' }).default('on'),
    /** How often (seconds) lost jobs are looked for (pg-boss monitor). */
    JOBS_MONITOR_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /**
     * The public school directory (jedeschule API shape: `GET {url}/schools/?state=BY`); unset → no school
     * suggestions, the UI offers free text (domain/schools).
     */
    SCHOOL_DIRECTORY_URL: optionalUrl.transform((v) => v?.replace(/\/+$/, '')),
    POSTHOG_KEY: optionalString,
    POSTHOG_HOST: optionalUrl,
    /** Directory of the built SPA; served in production. */
    WEB_DIST: optionalString,
    /** Requests per minute and IP for the whole API (stricter limits sit on public and auth routes). */
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
    /** Where uploaded files live (ADR 021): `fs` = DATA_DIR/files, `s3` = the bucket S3_BUCKET. */
    STORAGE: z.enum(['fs', 's3'], { error: '"fs" oder "s3" erwartet' }).default('fs'),
    /** STORAGE=s3: endpoint of an S3-compatible service (MinIO, Ceph, Garage…); unset = AWS S3 itself. */
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: optionalString,
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** Unset together with S3_SECRET_ACCESS_KEY: the AWS SDK's own credential chain (instance role etc.). */
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** `http://endpoint/bucket/key` instead of `http://bucket.endpoint/key` (MinIO and most self-hosted stores). */
    S3_FORCE_PATH_STYLE: flag(false),
    /**
     * Upload requests per client IP and task within 10 minutes on the public submit page
     * (ARCHITECTURE.md §8).
     */
    UPLOAD_RATE_LIMIT: z.coerce.number().int().min(1).default(UPLOAD_RATE_LIMIT_DEFAULT),
    /**
     * Longest a TikZ render may take before its worker is stopped and replaced (ARCHITECTURE.md §4: a
     * never-ending TeX macro must not hold the renderer).
     */
    TIKZ_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
    /**
     * Retention (ADR 022): school years (1 Aug – 31 Jul) a class's submissions and files are kept after its
     * school year ended; unset = kept until deleted by hand.
     */
    RETENTION_SCHOOL_YEARS: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce
        .number({ error: 'ganze Zahl von 1 bis 50 erwartet' })
        .int({ error: 'ganze Zahl von 1 bis 50 erwartet' })
        .min(1, { error: 'ganze Zahl von 1 bis 50 erwartet' })
        .max(50, { error: 'ganze Zahl von 1 bis 50 erwartet' })
        .optional(),
    ),
  })
  .superRefine((e, ctx) => {
    if (e.AI_PROVIDER === 'service' && !e.AI_SERVICE_URL)
      ctx.addIssue({ code: 'custom', path: ['AI_SERVICE_URL'], message: 'nötig, wenn AI_PROVIDER=service' });
  })
  .superRefine((e, ctx) => {
    // External auth needs the project's public key for the browser and the service key for admin calls.
    if (!e.SUPABASE_URL) return;
    for (const key of ['SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY'] as const) {
      if (!e[key])
        ctx.addIssue({ code: 'custom', path: [key], message: 'nötig, wenn SUPABASE_URL gesetzt ist' });
    }
  })
  .superRefine((e, ctx) => {
    // The embedded database belongs to one process: a separate API or worker process could not open it.
    if (e.WORKERS !== 'on' && !e.DATABASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['WORKERS'],
        message: `"${e.WORKERS}" braucht DATABASE_URL (PostgreSQL): die eingebettete Datenbank kann nicht von mehreren Prozessen geteilt werden`,
      });
  })
  .superRefine((e, ctx) => {
    if (e.STORAGE === 's3' && !e.S3_BUCKET)
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'nötig, wenn STORAGE=s3' });
    // One half of a key pair is a typo, not a wish for the SDK's credential chain.
    if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
      const missing = e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'S3_ACCESS_KEY_ID und S3_SECRET_ACCESS_KEY nur zusammen setzen',
      });
    }
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
