import { z } from 'zod';
import { ALLOWED_UPLOAD_MIME_TYPES, UPLOAD_LIMITS } from './constants';
import { errorMessages } from './errors';
import { ZId, ZUserId, zId } from './ids';
import type { SubmitClosedReason } from './public';
import { zLine } from './text';
import type { TaskStatus } from './tasks';

// The public submit page and uploads (ARCHITECTURE.md §8): `GET /api/submit/{taskId}`,
// `POST /api/submissions/studentupload/{taskId}` (public) and `POST /api/submissions/teacherupload/{taskId}`.

/** Default of `UPLOAD_RATE_LIMIT`: upload requests per client IP and task within `UPLOAD_RATE_WINDOW_MS`. */
// Per IP and task in 10 minutes. 30 per IP would be too few: a whole class shares one school NAT address and
// the submit page sends one request per file: 28 students × 3 files would be refused. See ADR 008.
export const UPLOAD_RATE_LIMIT_DEFAULT = 200;
export const UPLOAD_RATE_WINDOW_MS = 10 * 60 * 1000;
/** Images with more pixels are refused (decompression bombs; a 12 MP phone photo is far below). */
export const UPLOAD_MAX_PIXELS = 40_000_000;
/** A typed name on the submit page: 2 to 100 characters. */
export const UPLOADER_NAME_MIN_LENGTH = 2;
export const UPLOADER_NAME_MAX_LENGTH = 100;

/** `:taskId` of the upload and submit-page routes; a malformed id is the same 404 as an unknown one. */
export const ZUploadParams = z.object({ taskId: zId(errorMessages.TASK_NOT_FOUND) });
export type UploadParams = z.infer<typeof ZUploadParams>;

const ZTypedName = zLine()
  .transform((v) => v.replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(UPLOADER_NAME_MIN_LENGTH, { error: errorMessages.UPLOAD_NAME_REQUIRED })
      .max(UPLOADER_NAME_MAX_LENGTH, { error: errorMessages.UPLOAD_NAME_REQUIRED }),
  );

/**
 * The text fields of a student upload (sent as multipart fields beside `files`). One of the two is required;
 * when both are sent, the picked `studentId` wins.
 */
export const ZStudentUploadFields = z
  .object({
    studentId: ZUserId.optional(),
    studentName: ZTypedName.optional(),
  })
  .refine((v) => v.studentId !== undefined || v.studentName !== undefined, {
    error: errorMessages.UPLOAD_NAME_REQUIRED,
  });
export type StudentUploadFields = z.infer<typeof ZStudentUploadFields>;

/** A teacher's stack upload: unmatched unless `studentId` (a student of the task's class) is given. */
export const ZTeacherUploadFields = z.object({ studentId: ZUserId.optional() });
export type TeacherUploadFields = z.infer<typeof ZTeacherUploadFields>;

export interface SubmissionWindowInput {
  status: TaskStatus;
  due_date: string | Date | null;
  allow_late_submissions: boolean;
}

/**
 * ARCHITECTURE.md §5: a task takes uploads only while `published`, and before `due_date` unless late
 * submissions are allowed. `reason` is null while it accepts.
 */
export function submissionWindow(
  task: SubmissionWindowInput,
  now: Date = new Date(),
): { accepting: boolean; reason: SubmitClosedReason | null } {
  if (task.status === 'draft') return { accepting: false, reason: 'draft' };
  if (task.status === 'closed') return { accepting: false, reason: 'closed' };
  if (task.due_date !== null && !task.allow_late_submissions) {
    if (now.getTime() > new Date(task.due_date).getTime()) return { accepting: false, reason: 'past_due' };
  }
  return { accepting: true, reason: null };
}

/**
 * How the public page names a student: first name and the initial of the last name ("Greta G."). Students
 * whose labels would collide get more of their last name ("Max Mü." / "Max Ma."), then the whole name, then
 * a number; a student without a readable profile is "Schüler <n>".
 */
export function studentLabels(
  students: ReadonlyArray<{ id: string; first_name: string; last_name: string }>,
): Map<string, string> {
  const named = students
    .map((s) => ({ id: s.id, first: s.first_name.trim(), last: [...s.last_name.trim()] }))
    .filter((s) => s.first || s.last.length > 0);
  const prefix = new Map(named.map((s) => [s.id, 1]));
  const labelOf = (s: (typeof named)[number]) => {
    const n = prefix.get(s.id)!;
    if (s.last.length === 0) return s.first;
    const last = n >= s.last.length ? s.last.join('') : `${s.last.slice(0, n).join('')}.`;
    return s.first ? `${s.first} ${last}` : last;
  };
  const grouped = () => {
    const groups = new Map<string, Array<(typeof named)[number]>>();
    for (const s of named) groups.set(labelOf(s), [...(groups.get(labelOf(s)) ?? []), s]);
    return groups;
  };
  // Every round gives each student whose label is still shared one more letter of the last name.
  for (let grew = true; grew;) {
    grew = false;
    for (const group of grouped().values()) {
      if (group.length < 2) continue;
      for (const s of group) {
        if (prefix.get(s.id)! < s.last.length) {
          prefix.set(s.id, prefix.get(s.id)! + 1);
          grew = true;
        }
      }
    }
  }
  const labels = new Map<string, string>();
  for (const [label, group] of grouped())
    group.forEach((s, i) => labels.set(s.id, i === 0 ? label : `${label} (${i + 1})`));
  let unnamed = 0;
  for (const s of students) if (!labels.has(s.id)) labels.set(s.id, `Schüler ${++unnamed}`);
  return labels;
}

/** The limits the page shows and the browser checks before sending (the server checks them again). */
export const SUBMIT_PAGE_LIMITS = {
  maxFileBytes: UPLOAD_LIMITS.maxFileBytes,
  maxFiles: UPLOAD_LIMITS.maxFilesPerSubmission,
  mimeTypes: [...ALLOWED_UPLOAD_MIME_TYPES],
};

/**
 * The lines of the picture shown instead of a page's thumbnail when the page cannot be drawn within the
 * server's memory and time limits (the file itself is kept and can be downloaded).
 */
export const PREVIEW_UNAVAILABLE_LINES = [
  'Keine Vorschau möglich',
  'Die Seite ist zu aufwendig,',
  'um sie hier zu zeigen.',
  'Die Datei ist gespeichert',
  'und kann geöffnet werden.',
] as const;

/** `/api/files/:id…` params. */
export const ZFileParams = z.object({ id: zId(errorMessages.FILE_NOT_FOUND) });
export type FileParams = z.infer<typeof ZFileParams>;
/** `DELETE /api/files/:id` */
export const ZDeleteFileResponse = z.object({ id: ZId });
export type DeleteFileResponse = z.infer<typeof ZDeleteFileResponse>;

/** `/api/submissions/:id` params. */
export const ZSubmissionParams = z.object({ id: zId(errorMessages.SUBMISSION_NOT_FOUND) });
export type SubmissionParams = z.infer<typeof ZSubmissionParams>;
/**
 * `DELETE /api/submissions/:id`: the hand-in (files, feedback) is gone. A student still in the class gets a
 * fresh, empty `offen` submission (`replacement_id`), so they stay on the task's list.
 */
export const ZDeleteSubmissionResponse = z.object({ id: ZId, replacement_id: ZId.nullable() });
export type DeleteSubmissionResponse = z.infer<typeof ZDeleteSubmissionResponse>;
