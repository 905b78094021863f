import type { Submission, UpdateSubmissionStatusRequest } from '@app/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { submissionFiles, submissions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isoTimestamp, isoTimestampOrNull } from '../../lib/sql';
import { accessible } from '../access';
import { actorId, type Ctx } from '../context';

/** The columns of ZSubmission, timestamps formatted in SQL. */
export const submissionColumns = {
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

/**
 * Sets `offen`/`abgegeben` from whether the submission has files (ARCHITECTURE.md §5: the display rule shows
 * files as `abgegeben`); later statuses (in correction, corrected, handed back) are left alone.
 */
export async function syncSubmissionStatus(db: Executor, submissionId: string): Promise<void> {
  await db
    .update(submissions)
    .set({
      status: sql`case when exists (select 1 from ${submissionFiles} where ${submissionFiles.submission_id} = ${submissions.id}) then 'abgegeben' else 'offen' end`,
      updated_at: sql`now()`,
    })
    .where(and(eq(submissions.id, submissionId), inArray(submissions.status, ['offen', 'abgegeben'])));
}

/** `PUT /api/submissions/status`: the status, and the recognised text when `solution` is sent. */
export async function updateSubmissionStatus(
  ctx: Ctx,
  input: UpdateSubmissionStatusRequest,
): Promise<Submission> {
  const [row] = await ctx.db
    .update(submissions)
    .set({
      status: input.status,
      ...(input.solution === undefined ? {} : { solution: input.solution }),
      updated_at: sql`now()`,
    })
    .where(and(eq(submissions.id, input.submissionId), accessible.submissions('grade', actorId(ctx))))
    .returning(submissionColumns);
  if (!row) throw new AppError('SUBMISSION_NOT_FOUND');
  return row;
}
