import { newId } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { classUser, submissionFiles, submissions, tasks } from '../../db/schema';
import { removeStored } from '../../lib/uploads/receive';
import { actorId, inTransaction, type Ctx } from '../context';
import { findSubmission } from './matching';

/**
 * Deletes a hand-in: the submission with its feedback and its files (rows, then the stored objects after the
 * commit). A student still in the task's class gets a fresh `offen` submission so they stay on the list;
 * returns its id.
 */
export async function deleteSubmission(ctx: Ctx, id: string): Promise<string | null> {
  const teacherId = actorId(ctx);
  const { keys, replacementId } = await ctx.db.transaction(async (tx) => {
    const submission = await findSubmission(inTransaction(ctx, tx), id, 'manage');
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
  await removeStored(
    ctx.services.storage,
    keys.map((key) => ({ key })),
    ctx.log,
  );
  return replacementId;
}
