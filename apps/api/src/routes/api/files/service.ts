import type { SubmissionFile } from '@app/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { submissionFiles, tasks } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { isoTimestamp } from '../../../lib/sql';
import { assertOwnsTask } from '../tasks/ownership';
import { syncSubmissionStatus } from '../uploads/service';

// Uploaded files of a teacher's tasks (DESIGN §5, §8). Ownership goes through the task: a file of another
// teacher's task is the same 404 FILE_NOT_FOUND as a missing one. The storage key never leaves the API.

/** The columns of ZSubmissionFile, the timestamp formatted in SQL. */
export const fileColumns = {
  id: submissionFiles.id,
  task_id: submissionFiles.task_id,
  submission_id: submissionFiles.submission_id,
  original_name: submissionFiles.original_name,
  mime: submissionFiles.mime,
  size: submissionFiles.size,
  sha256: submissionFiles.sha256,
  pages: submissionFiles.pages,
  uploaded_at: isoTimestamp(submissionFiles.uploaded_at),
  uploader_label: submissionFiles.uploader_label,
};

/**
 * The files of the teacher's task in upload order. `viaLink`: only those that came through the public
 * page (they carry the name the student picked or typed; a teacher's stack upload has none).
 */
export async function listTaskFiles(
  db: Executor,
  teacherId: string,
  taskId: string,
  options: { viaLink?: boolean } = {},
): Promise<SubmissionFile[]> {
  await assertOwnsTask(db, teacherId, taskId);
  return db
    .select(fileColumns)
    .from(submissionFiles)
    .where(
      and(
        eq(submissionFiles.task_id, taskId),
        options.viaLink ? isNotNull(submissionFiles.uploader_label) : undefined,
      ),
    )
    .orderBy(asc(submissionFiles.uploaded_at), asc(submissionFiles.id));
}

/** One file of the teacher's with its storage key; 404 FILE_NOT_FOUND otherwise. */
export async function findOwnFile(db: Executor, teacherId: string, fileId: string) {
  const [row] = await db
    .select({
      id: submissionFiles.id,
      task_id: submissionFiles.task_id,
      submission_id: submissionFiles.submission_id,
      storage_key: submissionFiles.storage_key,
      original_name: submissionFiles.original_name,
      mime: submissionFiles.mime,
      size: submissionFiles.size,
      sha256: submissionFiles.sha256,
      uploaded_at: submissionFiles.uploaded_at,
    })
    .from(submissionFiles)
    .innerJoin(tasks, eq(tasks.id, submissionFiles.task_id))
    .where(and(eq(submissionFiles.id, fileId), eq(tasks.created_by, teacherId)));
  if (!row) throw new AppError('FILE_NOT_FOUND');
  return row;
}

/**
 * Deletes the file's row (its submission goes back to `offen` when it was the last file) and returns the
 * storage key: the caller removes the stored object after the commit.
 */
export async function deleteFile(db: Executor, teacherId: string, fileId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const file = await findOwnFile(tx, teacherId, fileId);
    await tx.delete(submissionFiles).where(eq(submissionFiles.id, file.id));
    if (file.submission_id) await syncSubmissionStatus(tx, file.submission_id);
    return file.storage_key;
  });
}
