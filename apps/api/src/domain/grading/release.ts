import type { ReleasedFeedback, SubmissionStatus } from '@app/contract';
import { and, asc, eq, exists, gte, inArray, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client';
import { skillFeedback, submissions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { accessible, requireTask } from '../access';
import { actorId, inTransaction, type Ctx } from '../context';
import { publishedGradings, publishReleases } from './published';
import { feedbackUrl, gradedSubmission } from './rows';

// "Austeilen" (ADR 010): a scored submission is handed back (`ausgeteilt`) and its student gets a personal
// feedback link.

/** Statuses a scored submission may be handed back from (not while a correction job is still writing). */
const RELEASABLE_STATUSES: SubmissionStatus[] = ['offen', 'abgegeben', 'korrigiert', 'ausgeteilt'];

/** 192 random bits, base64url (32 characters): the secret of a student's feedback link. */
const newFeedbackToken = (): string => randomBytes(24).toString('base64url');

const hasScore = exists(
  sql`(select 1 from ${skillFeedback} where ${skillFeedback.submission_id} = ${submissions.id} and ${gte(skillFeedback.score, 0)})`,
);

/**
 * Hands back the scored submissions among `rows` (status `ausgeteilt`), publishes what their links show from
 * now on (until the next hand-back) and gives each a feedback token unless it has one (a link once given
 * keeps working). Returns the links.
 */
async function release(
  db: Executor,
  viewer: string,
  rows: ReadonlyArray<{ id: string; task_id: string }>,
  publicUrl: string,
): Promise<ReleasedFeedback[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  await publishReleases(db, viewer, await publishedGradings(db, viewer, rows));
  // One statement for the whole task; a fresh token per row, used only where the row has none yet.
  const pairs = sql.join(
    ids.map((id) => sql`(${id}, ${newFeedbackToken()})`),
    sql`, `,
  );
  const { rows: updated } = await db.execute<{ id: string; token: string }>(sql`
    update ${submissions}
    set status = 'ausgeteilt', feedback_token = coalesce(${submissions.feedback_token}, chosen.token),
      updated_at = now()
    from (values ${pairs}) as chosen(submission_id, token)
    where ${submissions.id} = chosen.submission_id
    returning ${submissions.id} as id, ${submissions.feedback_token} as token`);
  const tokens = new Map(updated.map((row) => [row.id, row.token]));
  // In the order of `ids` (returning has none).
  return ids.map((id) => ({ submission_id: id, feedback_url: feedbackUrl(publicUrl, tokens.get(id)!) }));
}

/** `POST /api/feedback/:submissionId/release`; 409 FEEDBACK_NOT_READY unless scored (and no job running). */
export async function releaseSubmission(ctx: Ctx, submissionId: string): Promise<ReleasedFeedback[]> {
  return ctx.db.transaction(async (tx) => {
    await gradedSubmission(inTransaction(ctx, tx), submissionId);
    const [ready] = await tx
      .select({ id: submissions.id, task_id: submissions.task_id })
      .from(submissions)
      .where(
        and(eq(submissions.id, submissionId), inArray(submissions.status, RELEASABLE_STATUSES), hasScore),
      );
    if (!ready) throw new AppError('FEEDBACK_NOT_READY');
    return release(tx, actorId(ctx), [ready], ctx.services.config.PUBLIC_URL);
  });
}

/** `POST /api/feedback/tasks/:taskId/release`: every scored submission of the task. */
export async function releaseTask(ctx: Ctx, taskId: string): Promise<ReleasedFeedback[]> {
  return ctx.db.transaction(async (tx) => {
    const viewer = await requireTask(inTransaction(ctx, tx), taskId);
    const ready = await tx
      .select({ id: submissions.id, task_id: submissions.task_id })
      .from(submissions)
      .where(
        and(
          eq(submissions.task_id, taskId),
          accessible.submissions(viewer),
          inArray(submissions.status, RELEASABLE_STATUSES),
          hasScore,
        ),
      )
      .orderBy(asc(submissions.id));
    return release(tx, viewer, ready, ctx.services.config.PUBLIC_URL);
  });
}
