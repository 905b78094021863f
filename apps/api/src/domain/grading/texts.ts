import { newId, type GradingSkillFeedback, type SetSkillTextsRequest } from '@app/contract';
import { and, eq, sql } from 'drizzle-orm';
import { skillFeedback } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { actorId, inTransaction, type Ctx } from '../context';
import { gradedSubmission, toSkillFeedback } from './rows';
import { rubricSkill, touch } from './scores';

// The texts of a skill's grading (ADR 010): the AI's reason and recommendation explain the AI's score. The
// teacher may write their own (or remove them), or keep the AI's for a score they changed; the AI's
// originals stay in ai_reason / ai_recommendation. What the student sees follows from the row
// (contract `sharedSkillTexts`).

/**
 * `PUT /api/feedback/:submissionId/skills/:skillId/texts`: the teacher's own reason and recommendation
 * (final, the AI never overwrites them), or `keep_ai_texts`: true puts the AI's texts back and shows them
 * also for a changed score, false takes that back. Keeping needs the AI's texts (409 FEEDBACK_NO_AI_TEXTS).
 */
export async function setSkillTexts(
  ctx: Ctx,
  submissionId: string,
  skillId: string,
  input: SetSkillTextsRequest,
): Promise<GradingSkillFeedback> {
  const viewer = actorId(ctx);
  return ctx.db.transaction(async (tx) => {
    const submission = await gradedSubmission(inTransaction(ctx, tx), submissionId, 'grade');
    await rubricSkill(tx, viewer, submission.task_id, skillId);
    const own = and(eq(skillFeedback.skill_id, skillId), eq(skillFeedback.submission_id, submissionId));
    let row: typeof skillFeedback.$inferSelect | undefined;
    if (input.keep_ai_texts === undefined) {
      const texts = { reason: input.reason ?? '', recommendation: input.recommendation ?? '' };
      [row] = await tx
        .insert(skillFeedback)
        .values({
          id: newId(),
          skill_id: skillId,
          submission_id: submissionId,
          ...texts,
          texts_edited_at: sql`now()`,
          created_by: viewer,
        })
        .onConflictDoUpdate({
          target: [skillFeedback.skill_id, skillFeedback.submission_id],
          set: { ...texts, texts_edited_at: sql`now()`, ai_texts_kept: false, updated_at: sql`now()` },
        })
        .returning();
    } else {
      const [current] = await tx
        .select({ ai_score: skillFeedback.ai_score, ai_reason: skillFeedback.ai_reason })
        .from(skillFeedback)
        .where(own);
      if (!current || current.ai_score === null || current.ai_reason === null)
        throw new AppError('FEEDBACK_NO_AI_TEXTS');
      [row] = await tx
        .update(skillFeedback)
        .set(
          input.keep_ai_texts
            ? {
                reason: sql`${skillFeedback.ai_reason}`,
                recommendation: sql`coalesce(${skillFeedback.ai_recommendation}, '')`,
                texts_edited_at: null,
                ai_texts_kept: true,
              }
            : { ai_texts_kept: false },
        )
        .where(own)
        .returning();
    }
    await touch(tx, submissionId);
    return toSkillFeedback(row!);
  });
}
