import type { SubmissionFile } from '@app/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { submissionFiles } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isoTimestamp } from '../../lib/sql';
import { accessible, requireTask, type Verb } from '../access';
import { actorId, inTransaction, type Ctx } from '../context';
import { syncSubmissionStatus } from '../submissions/status';

// Uploaded files of a teacher's tasks (ARCHITECTURE.md §5, §8). A file the actor may not see is the same 404
// FILE_NOT_FOUND as a missing one. The storage key never leaves the API.

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
  scan: submissionFiles.scan,
};

/**
 * The files of the teacher's task in upload order. `viaLink`: only those that came through the public
 * page (they carry the name the student picked or typed; a teacher's stack upload has none).
 */
export async function listTaskFiles(
  ctx: Ctx,
  taskId: string,
  options: { viaLink?: boolean } = {},
): Promise<SubmissionFile[]> {
  await requireTask(ctx, taskId, 'view');
  return ctx.db
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

/** What serving a stored file needs (lib/send-file.ts): its key and the headers' facts. */
export const storedFileColumns = {
  id: submissionFiles.id,
  storage_key: submissionFiles.storage_key,
  original_name: submissionFiles.original_name,
  mime: submissionFiles.mime,
  size: submissionFiles.size,
  sha256: submissionFiles.sha256,
  uploaded_at: submissionFiles.uploaded_at,
};

/** One file the actor may use for `verb`, with its storage key; 404 FILE_NOT_FOUND otherwise. */
export async function findFile(ctx: Ctx, fileId: string, verb: Verb) {
  const [row] = await ctx.db
    .select({
      ...storedFileColumns,
      task_id: submissionFiles.task_id,
      submission_id: submissionFiles.submission_id,
    })
    .from(submissionFiles)
    .where(and(eq(submissionFiles.id, fileId), accessible.submissionFiles(verb, actorId(ctx))));
  if (!row) throw new AppError('FILE_NOT_FOUND');
  return row;
}

/** `GET /api/files/:id/content`: the file to send, if the actor may view it. */
export const fileToSend = (ctx: Ctx, fileId: string) => findFile(ctx, fileId, 'view');

/**
 * Deletes the file's row (its submission goes back to `offen` when it was the last file), then the stored
 * object after the commit (a failure there is logged: the row is gone either way).
 */
export async function deleteFile(ctx: Ctx, fileId: string): Promise<void> {
  const key = await ctx.db.transaction(async (tx) => {
    const file = await findFile(inTransaction(ctx, tx), fileId, 'manage');
    await tx.delete(submissionFiles).where(eq(submissionFiles.id, file.id));
    if (file.submission_id) await syncSubmissionStatus(tx, file.submission_id);
    return file.storage_key;
  });
  await ctx.services.storage
    .delete(key)
    .catch((err: unknown) => ctx.log.error({ err, key }, 'Datei nicht aus dem Speicher gelöscht'));
}

/** The whole stored object (a page or photo: small enough to hold in memory). */
export async function storedBytes(ctx: Ctx, key: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of await ctx.services.storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
