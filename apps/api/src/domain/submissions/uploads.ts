import {
  newId,
  studentLabels,
  submissionWindow,
  TEXT_CONTROL_MESSAGE,
  ZStudentUploadFields,
  ZTeacherUploadFields,
  type UploadReceipt,
  type UploadReceiptFile,
} from '@app/contract';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isDatabaseUnavailable, isPgError, PgErrorCode } from '../../db/errors';
import { submissionFiles, submissions, tasks } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { classMembers } from '../../lib/student-names';
import { receiveUpload, removeStored, type ReceivedUpload, type UploadBody } from '../../lib/uploads/receive';
import type { StoredFile } from '../../lib/uploads/process';
import { accessible, isClassMember, publicByTaskId } from '../access';
import { actorId, cipherOf, type Ctx } from '../context';
import { queueStackReading } from '../scans';
import { syncSubmissionStatus } from './status';

// Recording uploads (ARCHITECTURE.md §5, §8): the files of one request become `submission_files` rows in one
// transaction — linked to the student's submission (created if missing, status `abgegeben`) or unmatched
// (submission_id null) for the teacher's matching view. A file whose content this hand-in already has (the
// same submission, or the unmatched files under the same typed name, or the teacher's own unmatched scans)
// is not stored twice: the receipt names the row that has it, and the new copy is deleted again. The same
// content in another student's hand-in is no duplicate: every hand-in keeps what it received (ADR 008).

type UploadTask = Pick<
  typeof tasks.$inferSelect,
  'id' | 'class_id' | 'created_by' | 'status' | 'due_date' | 'allow_late_submissions'
>;

const uploadTaskColumns = {
  id: tasks.id,
  class_id: tasks.class_id,
  created_by: tasks.created_by,
  status: tasks.status,
  due_date: tasks.due_date,
  allow_late_submissions: tasks.allow_late_submissions,
};

/** The task the files go to; 404 TASK_NOT_FOUND unless `where` finds it. */
async function findUploadTask(db: Executor, where: SQL | undefined): Promise<UploadTask> {
  const [task] = await db.select(uploadTaskColumns).from(tasks).where(where);
  if (!task) throw new AppError('TASK_NOT_FOUND');
  return task;
}

/**
 * Whose files these are: a student's submission, or nobody yet (`studentId` null: unmatched). `label` is the
 * name given on the public page (picked or typed); null for a teacher's upload.
 */
interface UploadTarget {
  studentId: string | null;
  label: string | null;
}

/** The student's submission for the task, created if missing; its upload time is now. */
async function studentSubmission(db: Executor, task: UploadTask, studentId: string, now: Date) {
  const [row] = await db
    .insert(submissions)
    .values({
      id: newId(),
      task_id: task.id,
      student_id: studentId,
      status: 'offen',
      uploaded_at: now,
      created_by: task.created_by,
    })
    .onConflictDoUpdate({
      target: [submissions.task_id, submissions.student_id],
      targetWhere: sql`${submissions.student_id} is not null`,
      set: { uploaded_at: now, updated_at: sql`now()` },
    })
    .returning({ id: submissions.id });
  return row!.id;
}

/**
 * Writes the rows of stored files. Returns the receipt (every file in order; duplicates name the row that
 * already has the content in this hand-in) and the stored copies that turned out to be duplicates (to
 * delete).
 */
async function recordUpload(
  db: Executor,
  task: UploadTask,
  target: UploadTarget,
  files: readonly StoredFile[],
  progress: { committing: boolean },
): Promise<{ receipt: UploadReceipt; duplicateCopies: StoredFile[] }> {
  const now = new Date();
  return db.transaction(async (tx) => {
    // One upload to a task at a time decides what is already there (two taps on "Abgeben" at once).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`uploads:${task.id}`}))`);
    const submissionId = target.studentId ? await studentSubmission(tx, task, target.studentId, now) : null;
    // The same content twice in one request: the first copy counts.
    const firstBySha = new Map<string, StoredFile>();
    for (const f of files) if (!firstBySha.has(f.sha256)) firstBySha.set(f.sha256, f);
    const firsts = [...firstBySha.values()];
    // What this hand-in already has: the submission's files, or the unmatched ones under the same name.
    const handIn = submissionId
      ? eq(submissionFiles.submission_id, submissionId)
      : and(
          eq(submissionFiles.task_id, task.id),
          isNull(submissionFiles.submission_id),
          target.label === null
            ? isNull(submissionFiles.uploader_label)
            : eq(submissionFiles.uploader_label, target.label),
        );
    const existing = await tx
      .select()
      .from(submissionFiles)
      .where(and(handIn, inArray(submissionFiles.sha256, [...firstBySha.keys()])));
    const rowBySha = new Map(existing.map((row) => [row.sha256, row]));
    const fresh = firsts.filter((f) => !rowBySha.has(f.sha256));
    const inserted =
      fresh.length === 0
        ? []
        : await tx
            .insert(submissionFiles)
            .values(
              fresh.map((f, i) => ({
                id: newId(),
                task_id: task.id,
                submission_id: submissionId,
                storage_key: f.key,
                original_name: f.original_name,
                mime: f.mime,
                size: f.size,
                sha256: f.sha256,
                pages: f.pages,
                // 1 ms apart: lists are ordered by upload time, and the pages of one hand-in keep their order.
                uploaded_at: new Date(now.getTime() + i),
                uploader_label: target.label,
              })),
            )
            .returning();
    for (const row of inserted) rowBySha.set(row.sha256, row);
    if (submissionId) await syncSubmissionStatus(tx, submissionId);

    const received: UploadReceiptFile[] = [];
    const duplicateCopies: StoredFile[] = [];
    for (const f of files) {
      const row = rowBySha.get(f.sha256)!;
      const duplicate = row.storage_key !== f.key;
      if (duplicate) duplicateCopies.push(f);
      received.push({
        id: row.id,
        original_name: row.original_name,
        size: row.size,
        mime: row.mime,
        pages: row.pages,
        duplicate,
      });
    }
    progress.committing = true;
    return {
      receipt: { received, duplicates: duplicateCopies.length, received_at: now.toISOString() },
      duplicateCopies,
    };
  });
}

/**
 * The whole upload of one request: receive and store the files, let `resolveTarget` check the fields (it
 * may throw), record the rows. Any failure leaves no row and no file behind.
 */
async function handleUpload(
  ctx: Ctx,
  body: UploadBody,
  task: UploadTask,
  resolveTarget: (fields: Record<string, string>) => Promise<UploadTarget>,
  options: { splitPdf?: boolean } = {},
): Promise<UploadReceipt> {
  const { storage, config } = ctx.services;
  const log = ctx.log;
  let upload: ReceivedUpload;
  try {
    upload = await receiveUpload(body, {
      storage,
      dataDir: config.DATA_DIR,
      keyPrefix: task.id,
      log,
      splitPdf: options.splitPdf,
    });
  } catch (err) {
    // Answer now, but let the client finish sending so that it reads the answer (no reset mid-upload).
    body.discardRest();
    throw err;
  }
  const progress = { committing: false };
  try {
    const target = await resolveTarget(upload.fields);
    const { receipt, duplicateCopies } = await recordUpload(ctx.db, task, target, upload.files, progress);
    await removeStored(storage, duplicateCopies, log);
    log.info(
      { taskId: task.id, files: receipt.received.length, duplicates: receipt.duplicates },
      'Upload gespeichert',
    );
    return receipt;
  } catch (err) {
    if (progress.committing && isDatabaseUnavailable(err)) {
      // The connection broke during COMMIT: the rows may exist after all. The orphan sweep (ARCHITECTURE.md
      // §8) removes the files later if they do not; deleting them now could leave rows without their files.
      log.warn({ taskId: task.id, files: upload.files.length }, 'Upload: Ausgang des Commits unbekannt');
    } else {
      await removeStored(storage, upload.files, log);
    }
    // The task was deleted while the files were arriving.
    if (isPgError(err, PgErrorCode.foreignKeyViolation)) throw new AppError('TASK_NOT_FOUND');
    // The teacher matched a file with the same content into this submission meanwhile: send it again.
    if (isPgError(err, PgErrorCode.uniqueViolation)) throw new AppError('CONFLICT');
    throw err;
  }
}

/**
 * A student hands in files through the task's public link (ARCHITECTURE.md §8: no account): a public task by
 * id (`publicByTaskId`; a draft is 404 as an unknown task), only while it accepts submissions (409
 * TASK_NOT_ACCEPTING). The student is picked from the class list (`studentId`) or typed (`studentName`: the
 * files stay unmatched). An empty field counts as not sent: the plain HTML form (ADR 020) sends both.
 */
export async function studentUpload(ctx: Ctx, taskId: string, body: UploadBody): Promise<UploadReceipt> {
  return (await studentUploadNamed(ctx, taskId, body)).receipt;
}

/** `studentUpload`, also answering the name the files were handed in under (the receipt page shows it). */
export async function studentUploadNamed(
  ctx: Ctx,
  taskId: string,
  body: UploadBody,
): Promise<{ receipt: UploadReceipt; label: string }> {
  const task = await findUploadTask(ctx.db, publicByTaskId(taskId));
  const window = submissionWindow(task);
  if (!window.accepting) throw new AppError('TASK_NOT_ACCEPTING', { reason: window.reason });
  let label = '';
  const receipt = await handleUpload(ctx, body, task, async (fields) => {
    const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== ''));
    const parsed = ZStudentUploadFields.safeParse(given);
    if (!parsed.success) {
      const control = parsed.error.issues.some((issue) => issue.message === TEXT_CONTROL_MESSAGE);
      throw new AppError(control ? 'TEXT_CONTROL_CHARACTERS' : 'UPLOAD_NAME_REQUIRED', parsed.error.issues);
    }
    const { studentId, studentName } = parsed.data;
    if (studentId) {
      const members = await classMembers(ctx.db, cipherOf(ctx), task.class_id);
      if (!members.some((m) => m.id === studentId)) throw new AppError('STUDENT_NOT_FOUND');
      label = studentLabels(members).get(studentId)!;
      return { studentId, label };
    }
    label = studentName!;
    return { studentId: null, label };
  });
  return { receipt, label };
}

/**
 * The teacher's stack of scans or photos for the matching view: same checks as the student upload, any task
 * status, a multi-page PDF split into pages. Unmatched unless `studentId` (a student of the task's class);
 * then every page is read, and a page whose printed code names a submission of the task is assigned to it.
 */
export async function teacherUpload(ctx: Ctx, taskId: string, body: UploadBody): Promise<UploadReceipt> {
  const task = await findUploadTask(
    ctx.db,
    and(eq(tasks.id, taskId), accessible.tasks('grade', actorId(ctx))),
  );
  let stack = false;
  const receipt = await handleUpload(
    ctx,
    body,
    task,
    async (fields) => {
      const parsed = ZTeacherUploadFields.safeParse(fields);
      if (!parsed.success) throw new AppError('VALIDATION_FAILED', parsed.error.issues);
      const { studentId } = parsed.data;
      if (!studentId) {
        stack = true;
        return { studentId: null, label: null };
      }
      if (!(await isClassMember(ctx.db, task.class_id, studentId))) throw new AppError('STUDENT_NOT_FOUND');
      // No uploader label: that marks files that came through the public link.
      return { studentId, label: null };
    },
    { splitPdf: true },
  );
  // The pages are read once their rows exist, in the background: whatever happens there, the upload is kept.
  if (stack)
    await queueStackReading(ctx, {
      taskId: task.id,
      teacherId: actorId(ctx),
      fileIds: [...new Set(receipt.received.map((f) => f.id))],
    });
  return receipt;
}
