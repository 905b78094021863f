import * as z from 'zod/mini';
import { PRINT_TOKEN_PATTERN } from './constants';
import { errorCatalog, type ErrorCode } from './errors';

/**
 * The schemas of what the public submit page and every page before sign-in read: the error body, the public
 * config, `GET /api/submit/{taskId}` and the upload receipt. The API validates and documents its responses
 * with them (mini schemas are zod schemas). The web app's entry and submit page do not parse these responses
 * again (ADR 012: the server has checked them, and zod would be a sixth of the page's JavaScript); they
 * import only types from here. Written with `zod/mini`, which tree-shakes, should a page ever validate them.
 */

/** Entity ids are 21-character nanoids, alphabet `A-Z a-z 0-9 _ -` (`ZId` of ids.ts is built from it). */
export const ID_PATTERN = /^[A-Za-z0-9_-]{21}$/;

/** ARCHITECTURE.md §5: `/submit/{taskId}` accepts uploads only while `published`. */
export const TASK_STATUSES = ['draft', 'published', 'closed'] as const;

/** Why a task takes no uploads: not yet published, closed by the teacher, or past its due date. */
export const SUBMIT_CLOSED_REASONS = ['draft', 'closed', 'past_due'] as const;
export const ZSubmitClosedReason = z.enum(SUBMIT_CLOSED_REASONS);
export type SubmitClosedReason = z.infer<typeof ZSubmitClosedReason>;

// The same rules as ZId, ZUserId and ZTimestamp (ids.ts, common.ts), in mini form for the schemas below.
const id = z.string().check(z.regex(ID_PATTERN, { error: 'Ungültige ID' }));
const userId = z.guid({ error: 'Ungültige Nutzer-ID' });
const timestamp = z.iso.datetime({ offset: true });
const count = z.number().check(z.int(), z.minimum(0));

export const ZErrorCode = z.enum(Object.keys(errorCatalog) as [ErrorCode, ...ErrorCode[]]);

/**
 * The single error body of ARCHITECTURE.md §6. `code` stays a string so that an older client reads newer
 * codes.
 */
export const ZApiError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.optional(z.unknown()),
  }),
  requestId: z.string(),
});
export type ApiError = z.infer<typeof ZApiError>;

/** The AI providers the API can talk to (AI_PROVIDER): none, the AI service of PRODUCT.md §7, or an OpenAI-compatible endpoint. */
export const AI_PROVIDERS = ['none', 'service', 'openai'] as const;
export type AiProviderName = (typeof AI_PROVIDERS)[number];

/** `GET /api/config`: the runtime configuration the SPA may see (nothing secret). */
export const ZPublicConfig = z.object({
  /** Base URL of the auth service the browser talks to (`<origin>/auth/v1` is built from it). */
  authUrl: z.string(),
  /** `local`: the API's built-in GoTrue-compatible auth; `supabase`: an external Supabase project. */
  authMode: z.enum(['local', 'supabase']),
  supabaseAnonKey: z.string(),
  publicUrl: z.string(),
  aiProvider: z.enum(AI_PROVIDERS),
  /** Self-registration is closed (built-in auth with AUTH_DISABLE_SIGNUP): the school creates accounts. */
  signupDisabled: z.boolean(),
  posthog: z.nullable(z.object({ key: z.string(), host: z.string() })),
  version: z.string(),
});
export type PublicConfig = z.infer<typeof ZPublicConfig>;

/** `GET /api/health` */
export const ZHealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  driver: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof ZHealthResponse>;

/**
 * One file of an upload receipt. `duplicate`: this hand-in already had the same content (the student's
 * submission, or the files under the same typed name); nothing new was stored. Another student's identical
 * file does not count.
 */
export const ZUploadReceiptFile = z.object({
  id,
  original_name: z.string(),
  /** Bytes as stored (images are re-encoded, so this differs from what was sent). */
  size: count,
  mime: z.string(),
  pages: z.nullable(count),
  duplicate: z.boolean(),
});
export type UploadReceiptFile = z.infer<typeof ZUploadReceiptFile>;

/** The answer to an upload: every file sent, in order, with what the server keeps of it. */
export const ZUploadReceipt = z.object({
  received: z.array(ZUploadReceiptFile),
  /** How many of `received` this hand-in already had (same content). */
  duplicates: count,
  received_at: timestamp,
});
export type UploadReceipt = z.infer<typeof ZUploadReceipt>;

/** A class member as the public page lists them: `id` to send back, `label` to show. Nothing else. */
export const ZSubmitStudent = z.object({ id: userId, label: z.string() });
export type SubmitStudent = z.infer<typeof ZSubmitStudent>;

/** `GET /api/submit/{taskId}?s=…`: the query of the public submit page. */
export const ZSubmitPageQuery = z.object({
  s: z.optional(
    z.string().check(z.regex(PRINT_TOKEN_PATTERN, { error: errorCatalog.PRINT_TOKEN_INVALID.message })),
  ),
});
export type SubmitPageQuery = z.infer<typeof ZSubmitPageQuery>;

/** `GET /api/submit/{taskId}`: what the public submit page shows. No other student data leaves the API. */
export const ZSubmitPageResponse = z.object({
  task: z.object({
    id,
    title: z.string(),
    description: z.string(),
    /** The task content (an opaque JSON document, `ZTaskData`); null for a draft (not published yet). */
    data: z.nullable(z.record(z.string(), z.unknown())),
    due_date: z.nullable(timestamp),
    status: z.enum(TASK_STATUSES),
    allow_late_submissions: z.boolean(),
  }),
  accepting: z.boolean(),
  closed_reason: z.nullable(ZSubmitClosedReason),
  /** The class list, sorted by label; empty while the task takes no uploads. */
  students: z.array(ZSubmitStudent),
  /**
   * The student whose printed worksheet code opened the page (`?s=<print token>`), to preselect; null without
   * a token, for an unknown one, or while the task takes no uploads.
   */
  preselected_student_id: z.nullable(userId),
  limits: z.object({
    maxFileBytes: z.number().check(z.int()),
    maxFiles: z.number().check(z.int()),
    mimeTypes: z.array(z.string()),
  }),
});
export type SubmitPageResponse = z.infer<typeof ZSubmitPageResponse>;
