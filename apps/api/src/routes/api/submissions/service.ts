import {
  displayStatus,
  newId,
  scoreForDisplay,
  type Submission,
  type SubmissionListEntry,
  type UpdateSubmissionStatusRequest,
} from '@app/contract';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { classUser, submissionFiles, submissions, tasks } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import type { ProfileCipher } from '../../../lib/profile-crypto';
import { isoTimestamp, isoTimestampOrNull } from '../../../lib/sql';
import { byName, namesOf } from '../../../lib/student-names';
import { displayFeedbackGroups } from '../feedback/service';
import { fileColumns, findOwnFile } from '../files/service';
import { assertOwnsTask } from '../tasks/ownership';
import { syncSubmissionStatus } from '../uploads/service';

// Every student of a class has one submission per task of the class, `offen` until something is handed in
// (spec §7 createmissingsubmissions). Created when a task is created, when a student joins a class and on
// request; idempotent through the unique (task_id, student_id) index, so concurrent calls cannot duplicate.

/** Inserts `offen` submissions for these (task, student) pairs; returns how many were new. */
async function insertMissing(
  db: Executor,
  teacherId: string,
  pairs: Array<{ task_id: string; student_id: string }>,
): Promise<number> {
  if (pairs.length === 0) return 0;
  const inserted = await db
    .insert(submissions)
    .values(pairs.map((p) => ({ id: newId(), ...p, status: 'offen' as const, created_by: teacherId })))
    .onConflictDoNothing()
    .returning({ id: submissions.id });
  return inserted.length;
}

/** For every student of the task's class who has no submission for the task yet. */
export async function createMissingSubmissionsForTask(
  db: Executor,
  teacherId: string,
  taskId: string,
  classId: string,
): Promise<number> {
  const missing = await db
    .select({ student_id: classUser.user_id })
    .from(classUser)
    .leftJoin(
      submissions,
      and(eq(submissions.task_id, taskId), eq(submissions.student_id, classUser.user_id)),
    )
    .where(and(eq(classUser.class_id, classId), isNull(submissions.id)));
  return insertMissing(
    db,
    teacherId,
    missing.map((m) => ({ task_id: taskId, student_id: m.student_id })),
  );
}

/** For every task of the teacher's classes the student is in (all statuses) that has none for them yet. */
export async function createMissingSubmissionsForStudent(
  db: Executor,
  teacherId: string,
  studentId: string,
): Promise<number> {
  const missing = await db
    .select({ task_id: tasks.id })
    .from(tasks)
    .innerJoin(classUser, and(eq(classUser.class_id, tasks.class_id), eq(classUser.user_id, studentId)))
    .leftJoin(submissions, and(eq(submissions.task_id, tasks.id), eq(submissions.student_id, studentId)))
    .where(and(eq(tasks.created_by, teacherId), isNull(submissions.id)));
  return insertMissing(
    db,
    teacherId,
    missing.map((m) => ({ task_id: m.task_id, student_id: studentId })),
  );
}

// ---- The teacher's view of hand-ins (issue 5) ----------------------------------------------------------

/** The columns of ZSubmission, timestamps formatted in SQL. */
const submissionColumns = {
  id: submissions.id,
  task_id: submissions.task_id,
  student_id: submissions.student_id,
  path: submissions.path,
  solution: submissions.solution,
  feedback: submissions.feedback,
  status: submissions.status,
  uploaded_at: isoTimestampOrNull(submissions.uploaded_at),
  created_at: isoTimestamp(submissions.created_at),
  created_by: submissions.created_by,
  updated_at: isoTimestamp(submissions.updated_at),
};

const ownSubmission = (teacherId: string, id: string) =>
  and(eq(submissions.id, id), eq(submissions.created_by, teacherId));

/**
 * `getAll`: the students' submissions of one of the teacher's tasks (of all their tasks without `taskId`) in
 * the display form of spec §3 — name, files, score, feedback groups — with the display status of spec §4.
 * The score follows from the feedback groups (`scoreForDisplay`).
 */
export async function listSubmissions(
  db: Executor,
  cipher: ProfileCipher,
  teacherId: string,
  taskId?: string,
  now: Date = new Date(),
): Promise<SubmissionListEntry[]> {
  if (taskId) await assertOwnsTask(db, teacherId, taskId);
  const scope = taskId
    ? and(eq(submissions.task_id, taskId), eq(submissions.created_by, teacherId))
    : eq(submissions.created_by, teacherId);
  const rows = await db
    .select(submissionColumns)
    .from(submissions)
    .where(and(scope, isNotNull(submissions.student_id)));
  const files = await db
    .select(fileColumns)
    .from(submissionFiles)
    .innerJoin(submissions, eq(submissions.id, submissionFiles.submission_id))
    .where(scope)
    .orderBy(asc(submissionFiles.uploaded_at), asc(submissionFiles.id));
  const filesBySubmission = new Map<string, typeof files>();
  for (const f of files) {
    const list = filesBySubmission.get(f.submission_id!);
    if (list) list.push(f);
    else filesBySubmission.set(f.submission_id!, [f]);
  }
  const names = await namesOf(
    db,
    cipher,
    rows.map((r) => r.student_id!),
  );
  // The rubric groups of each task with the stored feedback: three queries for the whole list.
  const groups = await displayFeedbackGroups(db, teacherId, scope, rows);
  const entries = rows.map((row): SubmissionListEntry => {
    const feedback = groups.get(row.id) ?? [];
    const entry = {
      ...row,
      name: names.get(row.student_id!)!,
      files: filesBySubmission.get(row.id) ?? [],
      score: scoreForDisplay(feedback),
      feedback,
    };
    return { ...entry, display_status: displayStatus(entry, now) };
  });
  return entries.sort(
    (a, b) => byName(a.name, b.name) || a.task_id.localeCompare(b.task_id) || a.id.localeCompare(b.id),
  );
}

/** `PUT /api/submissions/status`: the status, and the recognised text when `solution` is sent. */
export async function updateSubmissionStatus(
  db: Executor,
  teacherId: string,
  input: UpdateSubmissionStatusRequest,
): Promise<Submission> {
  const [row] = await db
    .update(submissions)
    .set({
      status: input.status,
      ...(input.solution === undefined ? {} : { solution: input.solution }),
      updated_at: sql`now()`,
    })
    .where(ownSubmission(teacherId, input.submissionId))
    .returning(submissionColumns);
  if (!row) throw new AppError('SUBMISSION_NOT_FOUND');
  return row;
}

async function findOwnSubmission(db: Executor, teacherId: string, id: string) {
  const [row] = await db
    .select({ id: submissions.id, task_id: submissions.task_id, student_id: submissions.student_id })
    .from(submissions)
    .where(ownSubmission(teacherId, id));
  if (!row) throw new AppError('SUBMISSION_NOT_FOUND');
  return row;
}

/**
 * Assigns a file of the task to the submission (also moving it away from another one). Both submissions'
 * `offen`/`abgegeben` follow their files.
 */
export async function matchFile(
  db: Executor,
  teacherId: string,
  submissionId: string,
  fileId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const submission = await findOwnSubmission(tx, teacherId, submissionId);
    const file = await findOwnFile(tx, teacherId, fileId);
    if (file.task_id !== submission.task_id) throw new AppError('FILE_TASK_MISMATCH');
    if (file.submission_id === submission.id) return;
    await tx
      .update(submissionFiles)
      .set({ submission_id: submission.id })
      .where(eq(submissionFiles.id, file.id));
    await tx
      .update(submissions)
      .set({ uploaded_at: sql`coalesce(${submissions.uploaded_at}, ${file.uploaded_at})` })
      .where(eq(submissions.id, submission.id));
    await syncSubmissionStatus(tx, submission.id);
    if (file.submission_id) await syncSubmissionStatus(tx, file.submission_id);
  });
}

/** Returns a file of the submission to the unmatched pool; 404 FILE_NOT_FOUND when it is not one of its files. */
export async function unmatchFile(
  db: Executor,
  teacherId: string,
  submissionId: string,
  fileId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const submission = await findOwnSubmission(tx, teacherId, submissionId);
    const released = await tx
      .update(submissionFiles)
      .set({ submission_id: null })
      .where(and(eq(submissionFiles.id, fileId), eq(submissionFiles.submission_id, submission.id)))
      .returning({ id: submissionFiles.id });
    if (released.length === 0) throw new AppError('FILE_NOT_FOUND');
    await syncSubmissionStatus(tx, submission.id);
  });
}

/**
 * Deletes a hand-in: the submission with its feedback and its files' rows. A student still in the task's
 * class gets a fresh `offen` submission so they stay on the list. Returns the storage keys to remove after
 * the commit.
 */
export async function deleteSubmission(
  db: Executor,
  teacherId: string,
  id: string,
): Promise<{ keys: string[]; replacementId: string | null }> {
  return db.transaction(async (tx) => {
    const submission = await findOwnSubmission(tx, teacherId, id);
    const files = await tx
      .delete(submissionFiles)
      .where(eq(submissionFiles.submission_id, submission.id))
      .returning({ storage_key: submissionFiles.storage_key });
    await tx.delete(submissions).where(eq(submissions.id, submission.id));
    let replacementId: string | null = null;
    if (submission.student_id) {
      const [inClass] = await tx
        .select({ user_id: classUser.user_id })
        .from(classUser)
        .innerJoin(tasks, eq(tasks.class_id, classUser.class_id))
        .where(and(eq(tasks.id, submission.task_id), eq(classUser.user_id, submission.student_id)));
      if (inClass) {
        replacementId = newId();
        await tx.insert(submissions).values({
          id: replacementId,
          task_id: submission.task_id,
          student_id: submission.student_id,
          status: 'offen',
          created_by: teacherId,
        });
      }
    }
    return { keys: files.map((f) => f.storage_key), replacementId };
  });
}
