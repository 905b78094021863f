import type { ReleasedGrading, ReleasedFeedback, SkippedRelease, SubmissionStatus } from '@app/contract';
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

/** The names of the skills the student would see as "NICHT BEWERTET" (score -1, e.g. an unsure AI). */
const unscoredSkills = (grading: ReleasedGrading): string[] =>
  grading.groups.flatMap((g) => g.skills.filter((s) => s.score < 0).map((s) => s.name));

/**
 * Hands back the scored submissions among `rows` (status `ausgeteilt`), publishes what their links show from
 * now on (until the next hand-back) and gives each a feedback token unless it has one (a link once given
 * keeps working). Returns the links.
 */
async function release(
  db: Executor,
  viewer: string,
  contents: Map<string, ReleasedGrading>,
  publicUrl: string,
): Promise<ReleasedFeedback[]> {
  if (contents.size === 0) return [];
  const ids = [...contents.keys()];
  await publishReleases(db, viewer, contents);
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

/**
 * `POST /api/feedback/:submissionId/release`; 409 FEEDBACK_NOT_READY unless scored (and no job running), 409
 * FEEDBACK_UNSCORED_SKILLS (naming them) while a skill is unscored, unless `allowUnscored` confirms it.
 */
export async function releaseSubmission(
  ctx: Ctx,
  submissionId: string,
  options: { allowUnscored?: boolean } = {},
): Promise<ReleasedFeedback[]> {
  return ctx.db.transaction(async (tx) => {
    await gradedSubmission(inTransaction(ctx, tx), submissionId, 'grade');
    const [ready] = await tx
      .select({ id: submissions.id, task_id: submissions.task_id })
      .from(submissions)
      .where(
        and(eq(submissions.id, submissionId), inArray(submissions.status, RELEASABLE_STATUSES), hasScore),
      );
    if (!ready) throw new AppError('FEEDBACK_NOT_READY');
    const viewer = actorId(ctx);
    const contents = await publishedGradings(tx, viewer, [ready]);
    const unscored = unscoredSkills(contents.get(ready.id)!);
    if (unscored.length > 0 && options.allowUnscored !== true)
      throw new AppError('FEEDBACK_UNSCORED_SKILLS', { unscored_skills: unscored });
    return release(tx, viewer, contents, ctx.services.config.PUBLIC_URL);
  });
}

/**
 * `POST /api/feedback/tasks/:taskId/release`: every scored submission of the task whose skills are all
 * scored; the others are left out (`skipped`, with the unscored skills) for the teacher to look at one by one.
 */
export async function releaseTask(
  ctx: Ctx,
  taskId: string,
): Promise<{ released: ReleasedFeedback[]; skipped: SkippedRelease[] }> {
  return ctx.db.transaction(async (tx) => {
    const viewer = await requireTask(inTransaction(ctx, tx), taskId, 'grade');
    const ready = await tx
      .select({ id: submissions.id, task_id: submissions.task_id })
      .from(submissions)
      .where(
        and(
          eq(submissions.task_id, taskId),
          accessible.submissions('grade', viewer),
          inArray(submissions.status, RELEASABLE_STATUSES),
          hasScore,
        ),
      )
      .orderBy(asc(submissions.id));
    const contents = await publishedGradings(tx, viewer, ready);
    const skipped: SkippedRelease[] = [];
    for (const [id, grading] of contents) {
      const unscored = unscoredSkills(grading);
      if (unscored.length === 0) continue;
      skipped.push({ submission_id: id, unscored_skills: unscored });
      contents.delete(id);
    }
    return { released: await release(tx, viewer, contents, ctx.services.config.PUBLIC_URL), skipped };
  });
}
