import {
  isStale,
  skillsComplete,
  type CorrectionPreviewResponse,
  type RequestCorrectionsResponse,
  type RubricIncompleteDetails,
} from '@app/contract';
import { and, eq, exists, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { fromDrizzle } from 'pg-boss';
import { submissionFiles, submissions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { accessible, requireTask } from '../access';
import { chargeCoinsEach, coinBalance, refundCoins } from '../coins';
import { actorId, cipherOf, inTransaction, type Ctx } from '../context';
import { aiTaskContext, loadRubric } from '../rubrics';
import { calibrationCandidates, pickExamples, type CalibrationCandidate } from './calibration';
import {
  CORRECTION_QUEUE,
  correctionChargeReference,
  toAiSkillGroups,
  type CorrectionJobData,
} from './queue';

// A correction request (ARCHITECTURE.md §7): in one transaction the chosen submissions are locked, the coins charged
// (one charge per submission, so a failed job refunds exactly its own), the rows set to `inKorrektur` with the
// job id that may finish them, and the jobs queued through the same transaction. Either all of it happens or
// nothing (not enough coins, no rubric or one with missing levels: nothing is charged and nothing queued).

export type CorrectionTarget = { taskId: string } | { submissionId: string };

interface Candidate {
  id: string;
  task_id: string;
  status: (typeof submissions.$inferSelect)['status'];
  updated_at: Date;
  correction_job_id: string | null;
  hasFiles: boolean;
}

/** A correction still marked as running after the stuck limit (contract STUCK_CORRECTION_MS) is given up. */
const isStuck = (c: Candidate, now: Date) => c.status === 'inKorrektur' && isStale(c.updated_at, now);

/**
 * Which of the candidates get a job. A whole task: those with files that wait for one (submitted, failed,
 * stuck). One submission ("KI-Korrektur" / "erneut versuchen"): also a corrected one again, but never a
 * running or handed-back one; the reason is the error.
 */
function choose(candidates: Candidate[], target: CorrectionTarget, now: Date): Candidate[] {
  if ('taskId' in target) {
    return candidates.filter((c) => {
      if (!c.hasFiles) return false;
      if (c.status === 'error' || isStuck(c, now)) return true;
      // Not corrected yet (nor running, nor handed back).
      return c.status !== 'inKorrektur' && c.status !== 'ausgeteilt' && c.status !== 'korrigiert';
    });
  }
  const [one] = candidates;
  if (!one) throw new AppError('SUBMISSION_NOT_FOUND');
  if (one.status === 'inKorrektur' && !isStuck(one, now)) throw new AppError('CORRECTION_RUNNING');
  if (one.status === 'ausgeteilt') throw new AppError('CORRECTION_HANDED_BACK');
  if (!one.hasFiles) throw new AppError('CORRECTION_NO_FILES');
  return [one];
}

/** `POST /api/corrections`: charges the coins and queues a correction job per chosen submission. */
export async function requestCorrections(
  ctx: Ctx,
  target: CorrectionTarget,
): Promise<RequestCorrectionsResponse> {
  const ownerId = actorId(ctx);
  const { ai, jobs: boss, config } = ctx.services;
  if (!ai) throw new AppError('AI_NOT_CONFIGURED');
  const cost = config.AI_COST_FEEDBACK;
  const now = new Date();

  const queued = await ctx.db.transaction(async (tx) => {
    const candidates = await lockCandidates(inTransaction(ctx, tx), target);
    const chosen = choose(candidates, target, now);
    if (chosen.length === 0) throw new AppError('CORRECTION_NOTHING_TO_DO');
    // What the AI is told about each task, read once here and carried by every job of the task.
    const snapshots = new Map<string, Pick<CorrectionJobData, 'context' | 'skill_groups'>>();
    const calibration = new Map<string, CalibrationCandidate[]>();
    for (const taskId of new Set(chosen.map((c) => c.task_id))) {
      const rubric = await loadRubric(tx, ownerId, taskId);
      const skill_groups = rubric ? toAiSkillGroups(rubric) : [];
      if (skill_groups.length === 0) throw new AppError('CORRECTION_RUBRIC_MISSING');
      // The AI grades along the levels: every score of every skill needs one (PRODUCT.md §4).
      const { complete, missing } = skillsComplete(rubric!.skill_groups.flatMap((g) => g.skills));
      if (!complete)
        throw new AppError('CORRECTION_RUBRIC_INCOMPLETE', {
          taskId,
          skills: missing,
        } satisfies RubricIncompleteDetails);
      snapshots.set(taskId, { context: await aiTaskContext(tx, ownerId, taskId), skill_groups });
      calibration.set(taskId, await calibrationCandidates(tx, cipherOf(ctx), ownerId, skill_groups));
    }

    const jobs = chosen.map((c) => ({ submission: c, id: randomUUID() }));
    // A stuck correction is given up: its charge comes back before the new one is taken.
    for (const { submission } of jobs) {
      if (submission.correction_job_id && isStuck(submission, now) && cost > 0) {
        await refundCoins(tx, {
          userId: ownerId,
          amount: cost,
          reference: correctionChargeReference(submission.correction_job_id),
        });
      }
    }
    const paid = await chargeCoinsEach(
      tx,
      ownerId,
      jobs.map(({ id }) => ({ amount: cost, reason: 'ai_job', reference: correctionChargeReference(id) })),
    );
    // Throwing rolls back the refunds above too.
    if (!paid) throw new AppError('NOT_ENOUGH_COINS');
    // One statement for the whole class: each row gets its own job id.
    const pairs = sql.join(
      jobs.map(({ submission, id }) => sql`(${submission.id}, ${id})`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${submissions}
      set status = 'inKorrektur', correction_error = null, correction_job_id = chosen.job_id,
        updated_at = ${now.toISOString()}::timestamptz
      from (values ${pairs}) as chosen(submission_id, job_id)
      where ${submissions.id} = chosen.submission_id`);
    // Queued in this transaction: a job exists exactly when its submission says `inKorrektur`.
    await boss.insert(
      CORRECTION_QUEUE,
      jobs.map(({ submission, id }) => {
        const examples = pickExamples(calibration.get(submission.task_id) ?? [], submission.id);
        return {
          id,
          data: {
            submissionId: submission.id,
            taskId: submission.task_id,
            ownerId,
            cost,
            ...snapshots.get(submission.task_id)!,
            ...(examples.length > 0 ? { examples } : {}),
          } satisfies CorrectionJobData,
        };
      }),
      { db: fromDrizzle(tx, sql) },
    );
    return jobs.map((j) => j.submission.id);
  });

  return { queued: queued.length, submissionIds: queued, coinCount: await coinBalance(ctx.db, ownerId) };
}

/**
 * `POST /aiapy/skill_feedback_supabase`: the correction of one submission, named with its task. A submission
 * of another task than the one named is as unknown as one the actor may not grade.
 */
export async function requestSubmissionCorrection(
  ctx: Ctx,
  taskId: string,
  submissionId: string,
): Promise<RequestCorrectionsResponse> {
  const [row] = await ctx.db
    .select({ task_id: submissions.task_id })
    .from(submissions)
    .where(and(eq(submissions.id, submissionId), accessible.submissions('grade', actorId(ctx))));
  if (!row || row.task_id !== taskId) throw new AppError('SUBMISSION_NOT_FOUND');
  return requestCorrections(ctx, { submissionId });
}

/** What a task-wide request would queue now, its price and the caller's balance (nothing is locked or changed). */
export async function previewCorrections(ctx: Ctx, taskId: string): Promise<CorrectionPreviewResponse> {
  const candidates = await lockCandidates(ctx, { taskId }, false);
  return {
    waiting: choose(candidates, { taskId }, new Date()).length,
    costPerSubmission: ctx.services.config.AI_COST_FEEDBACK,
    coinCount: await coinBalance(ctx.db, actorId(ctx)),
  };
}

/**
 * The candidate rows the actor may grade, locked against a concurrent request (`lock`, inside the request's
 * transaction); 404 for a task or submission they may not.
 */
async function lockCandidates(ctx: Ctx, target: CorrectionTarget, lock = true): Promise<Candidate[]> {
  const viewer = 'taskId' in target ? await requireTask(ctx, target.taskId, 'grade') : actorId(ctx);
  const tx = ctx.db;
  const query = tx
    .select({
      id: submissions.id,
      task_id: submissions.task_id,
      status: submissions.status,
      updated_at: submissions.updated_at,
      correction_job_id: submissions.correction_job_id,
      hasFiles: exists(
        tx
          .select({ one: sql`1` })
          .from(submissionFiles)
          .where(eq(submissionFiles.submission_id, submissions.id)),
      ),
    })
    .from(submissions)
    .where(
      and(
        accessible.submissions('grade', viewer),
        'taskId' in target ? eq(submissions.task_id, target.taskId) : eq(submissions.id, target.submissionId),
      ),
    )
    .orderBy(submissions.id);
  const rows = lock ? await query.for('update', { of: submissions }) : await query;
  if ('submissionId' in target && rows.length === 0) throw new AppError('SUBMISSION_NOT_FOUND');
  return rows.map((r) => ({ ...r, hasFiles: Boolean(r.hasFiles) }));
}
