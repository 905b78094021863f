import { and, eq, sql } from 'drizzle-orm';
import { submissionFiles, submissions } from '../../db/schema';
import { isPgError, PgErrorCode } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import { removeStored } from '../../lib/uploads/receive';
import { accessible, type Verb } from '../access';
import { actorId, inTransaction, type Ctx } from '../context';
import { findFile } from '../files';
import { syncSubmissionStatus } from './status';

// The teacher's matching view (PRODUCT.md §7): files of a task assigned to, and taken back from, the
// students' submissions. A submission's `offen`/`abgegeben` follows its files.

/** A submission the actor may use for `verb`; 404 SUBMISSION_NOT_FOUND otherwise. */
export async function findSubmission(ctx: Ctx, id: string, verb: Verb) {
  const [row] = await ctx.db
    .select({ id: submissions.id, task_id: submissions.task_id, student_id: submissions.student_id })
    .from(submissions)
    .where(and(eq(submissions.id, id), accessible.submissions(verb, actorId(ctx))));
  if (!row) throw new AppError('SUBMISSION_NOT_FOUND');
  return row;
}

/**
 * Assigns a file of the task to the submission (also moving it away from another one). When the submission
 * already has a file with the same content, it keeps that one and the assigned copy goes (row now, stored
 * object after the commit): a hand-in holds each content once.
 */
export async function matchFile(ctx: Ctx, submissionId: string, fileId: string): Promise<void> {
  const redundantKey = await ctx.db
    .transaction(async (tx) => {
      const txCtx = inTransaction(ctx, tx);
      const submission = await findSubmission(txCtx, submissionId, 'grade');
      const file = await findFile(txCtx, fileId, 'grade');
      if (file.task_id !== submission.task_id) throw new AppError('FILE_TASK_MISMATCH');
      if (file.submission_id === submission.id) return null;
      const [same] = await tx
        .select({ id: submissionFiles.id })
        .from(submissionFiles)
        .where(
          and(eq(submissionFiles.submission_id, submission.id), eq(submissionFiles.sha256, file.sha256)),
        );
      if (same) await tx.delete(submissionFiles).where(eq(submissionFiles.id, file.id));
      else
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
      return same ? file.storage_key : null;
    })
    .catch((err: unknown) => {
      // The same content was assigned to this submission at the same moment: the client tries again.
      if (isPgError(err, PgErrorCode.uniqueViolation)) throw new AppError('CONFLICT');
      throw err;
    });
  if (redundantKey) await removeStored(ctx.services.storage, [{ key: redundantKey }], ctx.log);
}

/** Returns a file of the submission to the unmatched files; 404 FILE_NOT_FOUND unless it is one of them. */
export async function unmatchFile(ctx: Ctx, submissionId: string, fileId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const submission = await findSubmission(inTransaction(ctx, tx), submissionId, 'grade');
    const released = await tx
      .update(submissionFiles)
      .set({ submission_id: null })
      .where(and(eq(submissionFiles.id, fileId), eq(submissionFiles.submission_id, submission.id)))
      .returning({ id: submissionFiles.id });
    if (released.length === 0) throw new AppError('FILE_NOT_FOUND');
    await syncSubmissionStatus(tx, submission.id);
  });
}
