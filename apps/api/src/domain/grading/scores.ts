import {
  newId,
  UNSCORED,
  type GradingSkillFeedback,
  type SetGroupFeedbackResponse,
  type SubmissionStatus,
} from '@app/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  feedbackReleases,
  skillFeedback,
  skillGroupFeedback,
  skillGroups,
  skills,
  submissionFiles,
  submissions,
  taskXSkillGroup,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isoOrNull } from '../../lib/dates';
import { accessible } from '../access';
import { actorId, inTransaction, type Ctx } from '../context';
import { logScoreChanges } from './audit';
import { gradedSubmission, toSkillFeedback } from './rows';

// The teacher's saves on the grading page: a score or a text is stored as final (teacher_edited_at), the
// AI's suggestion stays beside it (ai_score, ai_feedback).

/** Statuses from which a teacher's score turns the submission into `korrigiert` (a running job keeps its own). */
const GRADABLE_STATUSES: SubmissionStatus[] = ['offen', 'abgegeben', 'korrigiert', 'error'];

/** A skill of the submission's task rubric (its maxScore), or 404 SKILL_NOT_FOUND. */
export async function rubricSkill(db: Executor, viewer: string, taskId: string, skillId: string) {
  const [row] = await db
    .select({ id: skills.id, maxScore: skills.maxScore })
    .from(skills)
    .innerJoin(taskXSkillGroup, eq(taskXSkillGroup.skillGroup_id, skills.group_id))
    .where(
      and(eq(skills.id, skillId), accessible.skills('grade', viewer), eq(taskXSkillGroup.task_id, taskId)),
    );
  if (!row) throw new AppError('SKILL_NOT_FOUND');
  return row;
}

/** A teacher's score makes a hand-in `korrigiert` (unless a correction job is running or it was handed back). */
export async function markGraded(db: Executor, submissionId: string) {
  await db
    .update(submissions)
    .set({ status: 'korrigiert', correction_error: null, updated_at: sql`now()` })
    .where(and(eq(submissions.id, submissionId), inArray(submissions.status, GRADABLE_STATUSES)));
}

export const touch = (db: Executor, submissionId: string) =>
  db
    .update(submissions)
    .set({ updated_at: sql`now()` })
    .where(eq(submissions.id, submissionId));

/**
 * `PUT /api/feedback/:submissionId/skills/:skillId`: the teacher's score (0..maxScore, or -1) is stored as
 * final; the AI's suggestion stays in `ai_score`. A changed score is also sent to the AI for calibration.
 */
export async function setSkillScore(
  ctx: Ctx,
  submissionId: string,
  skillId: string,
  score: number,
): Promise<GradingSkillFeedback> {
  const viewer = actorId(ctx);
  const { feedback, previous } = await ctx.db.transaction(async (tx) => {
    const submission = await gradedSubmission(inTransaction(ctx, tx), submissionId, 'grade');
    const skill = await rubricSkill(tx, viewer, submission.task_id, skillId);
    if (score > skill.maxScore) throw new AppError('SCORE_ABOVE_MAX');
    const [before] = await tx
      .select({ score: skillFeedback.score, edited: skillFeedback.teacher_edited_at })
      .from(skillFeedback)
      .where(and(eq(skillFeedback.skill_id, skillId), eq(skillFeedback.submission_id, submissionId)));
    const [row] = await tx
      .insert(skillFeedback)
      .values({
        id: newId(),
        skill_id: skillId,
        submission_id: submissionId,
        score,
        teacher_edited_at: sql`now()`,
        created_by: viewer,
      })
      .onConflictDoUpdate({
        target: [skillFeedback.skill_id, skillFeedback.submission_id],
        set: {
          score,
          teacher_edited_at: sql`now()`,
          // Keeping the AI's texts was the teacher's choice for the score it was made for.
          ai_texts_kept: sql`${skillFeedback.ai_texts_kept} and ${skillFeedback.score} = ${score}`,
          updated_at: sql`now()`,
        },
      })
      .returning();
    // Logged when the score changes or when the AI's score becomes the teacher's decision.
    if (before?.score !== score || before.edited === null)
      await logScoreChanges(tx, submissionId, { kind: 'teacher', id: viewer }, [
        { skillId, from: before?.score ?? UNSCORED, to: score },
      ]);
    if (score >= 0) await markGraded(tx, submissionId);
    else await touch(tx, submissionId);
    return { feedback: toSkillFeedback(row!), previous: before?.score ?? UNSCORED };
  });
  calibrate(ctx, feedback, previous);
  return feedback;
}

/**
 * Tells the AI service the teacher's final score (`pl_id` = the feedback row id), without waiting for it.
 * Calibration is a courtesy to the AI service: its failure never fails the teacher's save. -1 (taken back)
 * is no score to learn from.
 */
function calibrate(ctx: Ctx, feedback: GradingSkillFeedback, previous: number): void {
  const { ai } = ctx.services;
  if (!ai || !feedback.id || feedback.score < 0 || previous === feedback.score) return;
  ai.score({ pl_id: feedback.id, score: feedback.score }).catch((err: unknown) =>
    ctx.log.warn({ err, pl_id: feedback.id }, 'KI-Kalibrierung fehlgeschlagen'),
  );
}

/** `PUT /api/feedback/:submissionId/groups/:groupId`: the teacher's text for a skill group, kept as final. */
export async function setGroupFeedback(
  ctx: Ctx,
  submissionId: string,
  groupId: string,
  feedback: string,
): Promise<SetGroupFeedbackResponse> {
  const viewer = actorId(ctx);
  return ctx.db.transaction(async (tx) => {
    const submission = await gradedSubmission(inTransaction(ctx, tx), submissionId, 'grade');
    const [group] = await tx
      .select({ id: skillGroups.id })
      .from(taskXSkillGroup)
      .innerJoin(skillGroups, eq(skillGroups.id, taskXSkillGroup.skillGroup_id))
      .where(
        and(
          eq(taskXSkillGroup.task_id, submission.task_id),
          eq(skillGroups.id, groupId),
          accessible.skillGroups('grade', viewer),
        ),
      );
    if (!group) throw new AppError('SKILL_GROUP_NOT_FOUND');
    const [row] = await tx
      .insert(skillGroupFeedback)
      .values({
        id: newId(),
        skillGroup_id: groupId,
        submission_id: submissionId,
        feedback,
        teacher_edited_at: sql`now()`,
        created_by: viewer,
      })
      .onConflictDoUpdate({
        target: [skillGroupFeedback.skillGroup_id, skillGroupFeedback.submission_id],
        set: { feedback, teacher_edited_at: sql`now()`, updated_at: sql`now()` },
      })
      .returning();
    await touch(tx, submissionId);
    return {
      group_id: row!.skillGroup_id,
      submission_id: row!.submission_id,
      feedback: row!.feedback,
      ai_feedback: row!.ai_feedback,
      teacher_edited_at: isoOrNull(row!.teacher_edited_at),
    };
  });
}

/** Deleted feedback rows as log entries: a scored skill is not scored any more. */
const unscoredNow = (removed: Array<{ skill_id: string; score: number }>) =>
  removed
    .filter((r) => r.score !== UNSCORED)
    .map((r) => ({ skillId: r.skill_id, from: r.score, to: UNSCORED }));

/** `DELETE /api/feedback/:submissionId/skills/:skillId`: that skill's feedback and AI suggestion go. */
export async function deleteSkillFeedback(
  ctx: Ctx,
  submissionId: string,
  skillId: string,
): Promise<{ submission_id: string; skill_id: string }> {
  const viewer = actorId(ctx);
  await ctx.db.transaction(async (tx) => {
    const submission = await gradedSubmission(inTransaction(ctx, tx), submissionId, 'grade');
    await rubricSkill(tx, viewer, submission.task_id, skillId);
    const removed = await tx
      .delete(skillFeedback)
      .where(and(eq(skillFeedback.skill_id, skillId), eq(skillFeedback.submission_id, submissionId)))
      .returning({ skill_id: skillFeedback.skill_id, score: skillFeedback.score });
    await logScoreChanges(tx, submissionId, { kind: 'teacher', id: viewer }, unscoredNow(removed));
    await touch(tx, submissionId);
  });
  return { submission_id: submissionId, skill_id: skillId };
}

/**
 * `POST /api/feedback/:submissionId/reset`: every feedback row of the submission (the AI's and the
 * teacher's) and the handed-back version are deleted and the status goes back to what its files say
 * (`abgegeben` or `offen`). The feedback token stays, so a printed link works again once the submission is
 * handed back again.
 */
export async function resetFeedback(
  ctx: Ctx,
  submissionId: string,
): Promise<{ submission_id: string; status: SubmissionStatus }> {
  return ctx.db.transaction(async (tx) => {
    await gradedSubmission(inTransaction(ctx, tx), submissionId, 'grade');
    const removed = await tx
      .delete(skillFeedback)
      .where(eq(skillFeedback.submission_id, submissionId))
      .returning({ skill_id: skillFeedback.skill_id, score: skillFeedback.score });
    // The log stays: a reset is one more entry per scored skill, never an erased history (ADR 026).
    await logScoreChanges(tx, submissionId, { kind: 'teacher', id: actorId(ctx) }, unscoredNow(removed));
    await tx.delete(skillGroupFeedback).where(eq(skillGroupFeedback.submission_id, submissionId));
    await tx.delete(feedbackReleases).where(eq(feedbackReleases.submission_id, submissionId));
    const [row] = await tx
      .update(submissions)
      .set({
        status: sql`case when exists (select 1 from ${submissionFiles} where ${submissionFiles.submission_id} = ${submissions.id}) then 'abgegeben' else 'offen' end`,
        correction_error: null,
        updated_at: sql`now()`,
      })
      .where(eq(submissions.id, submissionId))
      .returning({ status: submissions.status });
    return { submission_id: submissionId, status: row!.status };
  });
}
