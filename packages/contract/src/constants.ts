// No zod here: every page reads these constants (TOAST, …), and zod stays out of the web's entry bundle. The
// registration wizard's lists (subjects, federal states) are in lists.ts: only the pages that use them load them.

/** Most coins an organization member grants in one `POST /api/admin/coins` (ADR 009). */
export const MAX_COIN_GRANT = 100_000;

/** `limit` of the school directory query (PRODUCT.md §7, §9). */
export const SCHOOL_LIST_LIMIT = 30_000;

/** Toasts (PRODUCT.md §9). */
export const TOAST = {
  durationMs: 4000,
  maxVisible: 3,
  widthPx: 356,
  gapPx: 14,
  offsetPx: 32,
  swipeThresholdPx: 20,
} as const;

/** A chunk-load error reloads a path at most once within this window (PRODUCT.md §4, §9). */
export const RELOAD_GUARD_MS = 10_000;

/** How often the service worker checks for a new version (PRODUCT.md §9). */
export const SW_CHECK_INTERVAL_MS = 20_000;

/** Default upload limits of the submit page (ARCHITECTURE.md §8; the API may be configured otherwise). */
export const UPLOAD_LIMITS = {
  maxFileBytes: 20 * 1024 * 1024,
  maxFilesPerSubmission: 20,
  /** A teacher's stack PDF is split into one file per page (`teacherupload`); longer ones are refused. */
  maxStackPdfPages: 200,
} as const;

/** File types the submit page accepts (ARCHITECTURE.md §8; checked by magic bytes on the server). */
export const ALLOWED_UPLOAD_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'application/pdf',
] as const;

/** The access token's `user_role` claim values that may use the app (PRODUCT.md §6). */
export const USER_ROLES = ['teacher', 'organization_member'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** True for a claim value that lets the user in; anything else (absent, `none`, …) goes to the waitlist. */
export function isPermittedRole(value: unknown): value is UserRole {
  return (USER_ROLES as readonly unknown[]).includes(value);
}

/** Multipart field names of the upload endpoints: `files` repeated, plus one of the two name fields. */
export const UPLOAD_FIELDS = {
  files: 'files',
  /** The student picked from the class list (`GET /api/submit/{taskId}` → `students[].id`). */
  studentId: 'studentId',
  /** The name typed when the student is not on the list; the files stay unmatched for the teacher. */
  studentName: 'studentName',
} as const;

/**
 * A print token (`submissions.print_token`, the `?s=` of a printed worksheet's code): URL-safe, 32 characters
 * as printed today; 16–64 accepted so that a longer token later still reads. Here, not in public.ts, so that
 * the submit page can check it without loading the schemas (ADR 012).
 */
export const PRINT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
