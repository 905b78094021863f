import { SUBMISSION_STATUSES, type ScanReading } from '@app/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { audit, entityId, oneOf, userId } from './columns';
import { tasks } from './tasks';

/**
 * One student's hand-in for a task (PRODUCT.md §3). `created_by` is the owning teacher (the task's
 * created_by), also for uploads through the public submit page, so ownership checks are one column
 * everywhere.
 */
export const submissions = pgTable(
  'submissions',
  {
    id: entityId(),
    // CASCADE: a task's submissions (and through them files and feedback) go with the task.
    task_id: text()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** The student's auth user id; null while the hand-in is not matched to a class member. */
    student_id: userId(),
    path: text(),
    /** Recognised text of the solution (OCR). */
    solution: text(),
    feedback: text(),
    // Values: ARCHITECTURE.md §5 (contract SUBMISSION_STATUSES); the display status of PRODUCT.md §4 is
    // derived from this plus the feedback by the contract's displayStatus().
    status: text({ enum: SUBMISSION_STATUSES }).notNull().default('offen'),
    uploaded_at: timestamp({ withTimezone: true }),
    /**
     * Secret of the student's personal feedback link (ARCHITECTURE.md §5); set when the feedback is handed
     * back.
     */
    feedback_token: text().unique(),
    /**
     * Secret of the QR code on the student's printed worksheet (PRODUCT.md §4 "PDF-Vorlagen"): a random
     * value, set when the worksheet is first printed, that maps a scanned page back to this submission
     * without a name or id in the code.
     */
    print_token: text().unique(),
    /** Why the last AI correction failed (German, for the teacher), null otherwise. */
    correction_error: text(),
    /**
     * The feedback job (pg-boss id) of the AI correction running now; only that job may finish the correction
     * (a job that expired and was retried elsewhere, or a superseded one, then changes nothing).
     */
    correction_job_id: text(),
    ...audit(),
  },
  (t) => [
    check('submissions_status_check', oneOf(t.status, SUBMISSION_STATUSES)),
    // One submission per student and task; any number of not-yet-matched ones.
    uniqueIndex('submissions_task_id_student_id_uq')
      .on(t.task_id, t.student_id)
      .where(sql`${t.student_id} is not null`),
    index('submissions_task_id_idx').on(t.task_id),
    index('submissions_student_id_idx').on(t.student_id),
  ],
);

/**
 * An uploaded photo or PDF (ARCHITECTURE.md §5, §8). Files arrive per task through the public page; matching
 * assigns them to a submission. No created_by: public uploads have no user (uploader_label is the typed
 * name).
 */
export const submissionFiles = pgTable(
  'submission_files',
  {
    id: entityId(),
    // CASCADE: file rows go with their task. The stored objects are not the database's business: the code
    // deleting a task removes them from storage (by storage_key) first.
    task_id: text()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    // SET NULL: deleting a submission returns its files to the unmatched pool instead of losing a
    // student's upload; the teacher can re-assign or delete them in the matching view.
    submission_id: text().references(() => submissions.id, { onDelete: 'set null' }),
    storage_key: text().notNull().unique(),
    original_name: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    /**
     * Hex SHA-256 of the stored bytes. The same content twice in one hand-in is kept once (unique per
     * submission below; for unmatched files per typed name, by the upload). Two students' hand-ins may hold
     * the same content: each has its own row and stored copy (ADR 008).
     */
    sha256: text().notNull(),
    /** Page count for PDFs; 1 for images; null until known. */
    pages: integer(),
    uploaded_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    uploader_label: text(),
    /**
     * What reading the page of a teacher's scanned stack found (domain/scans, ADR 017); null for files that
     * were not read (student uploads, a teacher's upload for a named student, or before the reading).
     */
    scan: jsonb().$type<ScanReading>(),
  },
  (t) => [
    // "Files of a task" (leading column) and "the same content elsewhere in the task".
    index('submission_files_task_id_sha256_idx').on(t.task_id, t.sha256),
    uniqueIndex('submission_files_submission_id_sha256_uq')
      .on(t.submission_id, t.sha256)
      .where(sql`${t.submission_id} is not null`),
    index('submission_files_submission_id_idx').on(t.submission_id),
    check('submission_files_size_check', sql`${t.size} >= 0`),
    check('submission_files_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check('submission_files_pages_check', sql`${t.pages} is null or ${t.pages} >= 0`),
  ],
);
