import { z } from 'zod';
import { ZTimestamp } from './common';
import { ZFeedbackGroup } from './feedback';
import { ZId, ZUserId } from './ids';
import { ZScanReading } from './scans';
import { ZDisplayStatus } from './submission-status';
import { zMultiline } from './text';

/** ARCHITECTURE.md §5. How a submission is shown is `displayStatus()` (submission-status.ts). */
export const SUBMISSION_STATUSES = [
  'offen',
  'abgegeben',
  'inKorrektur',
  'korrigiert',
  'ausgeteilt',
  'error',
] as const;
export const ZSubmissionStatus = z.enum(SUBMISSION_STATUSES);
export type SubmissionStatus = z.infer<typeof ZSubmissionStatus>;

export const ZSubmission = z.object({
  id: ZId,
  task_id: ZId,
  /** The student's account; null while a typed-in name is not matched to an account. */
  student_id: ZUserId.nullable(),
  path: z.string().nullable(),
  /** The recognised text of the solution. */
  solution: z.string().nullable(),
  feedback: z.string().nullable(),
  status: ZSubmissionStatus,
  uploaded_at: ZTimestamp.nullable(),
  created_at: ZTimestamp,
  /** The owning teacher, also for uploads through the public link. */
  created_by: ZUserId,
  updated_at: ZTimestamp,
});
export type Submission = z.infer<typeof ZSubmission>;

/**
 * An uploaded file (ARCHITECTURE.md §5). `submission_id` null: not yet matched. The storage key never leaves
 * the API.
 */
export const ZSubmissionFile = z.object({
  id: ZId,
  task_id: ZId,
  submission_id: ZId.nullable(),
  original_name: z.string(),
  mime: z.string(),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Page count (PDF) or 1 (image); null while unknown. */
  pages: z.number().int().min(0).nullable(),
  uploaded_at: ZTimestamp,
  /** The name the student picked or typed on the submit page. */
  uploader_label: z.string().nullable(),
  /** What reading the page of a teacher's scanned stack found; null for other files or before it was read. */
  scan: ZScanReading.nullable(),
});
export type SubmissionFile = z.infer<typeof ZSubmissionFile>;

export const ZStudentName = z.object({
  first_name: z.string(),
  last_name: z.string(),
});
export type StudentName = z.infer<typeof ZStudentName>;

/** A submission as the teacher's lists show it: the row plus name, files, score and feedback groups. */
export const ZSubmissionDisplay = ZSubmission.omit({ feedback: true }).extend({
  name: ZStudentName,
  files: z.array(ZSubmissionFile),
  /** `scoreForDisplay(feedback)`: null while nothing is scored. */
  score: z.number().nullable(),
  feedback: z.array(ZFeedbackGroup),
});
export type SubmissionDisplay = z.infer<typeof ZSubmissionDisplay>;

/** `GET /api/submissions/getAll?taskId=…` */
export const ZListSubmissionsRequest = z.object({ taskId: ZId.optional() });
export type ListSubmissionsRequest = z.infer<typeof ZListSubmissionsRequest>;
/**
 * One entry of `getAll`: the display form plus the status it is shown with (`displayStatus()`,
 * PRODUCT.md §4).
 */
export const ZSubmissionListEntry = ZSubmissionDisplay.extend({
  display_status: ZDisplayStatus,
  /** Handed back, and the grading changed since (the student's link still shows the handed-back version). */
  changed_since_release: z.boolean(),
  /**
   * Other submissions of the same task holding a file with the same content (the same photo from two
   * students, e.g. shared by messenger); empty when none. Each keeps its own copy (ADR 008).
   */
  identical_files_with: z.array(ZId),
});
export type SubmissionListEntry = z.infer<typeof ZSubmissionListEntry>;
/** One entry per submission of a student, ordered by last name, first name (then by task without `taskId`). */
export const ZListSubmissionsResponse = z.object({ data: z.array(ZSubmissionListEntry) });
export type ListSubmissionsResponse = z.infer<typeof ZListSubmissionsResponse>;

/** `GET /api/files?taskId=…` and `GET /api/submissions/studentupload/{taskId}` */
export const ZListFilesRequest = z.object({ taskId: ZId });
export type ListFilesRequest = z.infer<typeof ZListFilesRequest>;
export const ZListFilesResponse = z.object({ files: z.array(ZSubmissionFile) });
export type ListFilesResponse = z.infer<typeof ZListFilesResponse>;

/** `PUT /api/submissions/status` (a correction request sets `inKorrektur`). */
export const ZUpdateSubmissionStatusRequest = z.object({
  submissionId: ZId,
  status: ZSubmissionStatus,
  solution: zMultiline().nullable().optional(),
});
export type UpdateSubmissionStatusRequest = z.infer<typeof ZUpdateSubmissionStatusRequest>;
export const ZUpdateSubmissionStatusResponse = ZSubmission;
export type UpdateSubmissionStatusResponse = z.infer<typeof ZUpdateSubmissionStatusResponse>;

/**
 * `POST /api/submissions/match` and `/api/submissions/match/delete`. Answered with `{ success: true, error:
 * null }`; a failure is the usual error body (404 SUBMISSION_NOT_FOUND / FILE_NOT_FOUND, 409
 * FILE_TASK_MISMATCH), so the web shows its toast ('Fehler beim Zuweisen der Datei' / '… der Zuweisung').
 */
export const ZMatchSubmissionFileRequest = z.object({ submissionId: ZId, fileId: ZId });
export type MatchSubmissionFileRequest = z.infer<typeof ZMatchSubmissionFileRequest>;
export const ZMatchSubmissionFileResponse = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
});
export type MatchSubmissionFileResponse = z.infer<typeof ZMatchSubmissionFileResponse>;

/** `POST /api/submissions/createmissingsubmissions` (PRODUCT.md §7: student_id; the response is ours). */
export const ZCreateMissingSubmissionsRequest = z.object({ student_id: ZUserId });
export type CreateMissingSubmissionsRequest = z.infer<typeof ZCreateMissingSubmissionsRequest>;
export const ZCreateMissingSubmissionsResponse = z.object({
  message: z.string(),
  /** How many `offen` submissions were created (0 when none were missing). */
  created: z.number().int().min(0),
});
export type CreateMissingSubmissionsResponse = z.infer<typeof ZCreateMissingSubmissionsResponse>;
