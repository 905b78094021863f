import type { AcceptSuggestionsResponse } from '@app/contract';
import { and, eq, isNull, max, sql } from 'drizzle-orm';
import { gradeChanges, gradingViews, skillFeedback, submissions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { actorId, inTransaction, type Ctx } from '../context';
import { changesFrom, logScoreChanges, scoresBefore } from './audit';
import { gradedSubmission } from './rows';
import { markGraded } from './scores';

// "Alle Vorschläge übernehmen" of one submission (ADR 026). There is deliberately no task-wide variant: the
// teacher decides per submission, after looking at it.

/**
 * `POST /api/feedback/:submissionId/accept-suggestions`: every skill whose score is still the AI's
 * suggestion as pre-selected (not changed by the teacher, an actual score) becomes the teacher's decision, logged as the
 * teacher's. Only after the teacher opened the grading view with the files after the AI's last suggestion.
 */
export async function acceptSuggestions(ctx: Ctx, submissionId: string): Promise<AcceptSuggestionsResponse> {
  const viewer = actorId(ctx);
  return ctx.db.transaction(async (tx) => {
    await gradedSubmission(inTransaction(ctx, tx), submissionId, 'grade');
    // The row lock keeps a finishing correction job (which updates this row first) out until we are done.
    const [locked] = await tx
      .select({ status: submissions.status })
      .from(submissions)
      .where(eq(submissions.id, submissionId))
      .for('update');
    if (locked?.status === 'inKorrektur') throw new AppError('CORRECTION_RUNNING');
    const [[view], [lastAi]] = await Promise.all([
      tx
        .select({ at: gradingViews.viewed_at })
        .from(gradingViews)
        .where(and(eq(gradingViews.submission_id, submissionId), eq(gradingViews.viewed_by, viewer))),
      tx
        .select({ at: max(gradeChanges.at) })
        .from(gradeChanges)
        .where(and(eq(gradeChanges.submission_id, submissionId), eq(gradeChanges.actor, 'ai'))),
    ]);
    if (!view || (lastAi?.at && view.at < lastAi.at)) throw new AppError('GRADING_NOT_VIEWED');
    const before = await scoresBefore(tx, submissionId);
    const accepted = await tx
      .update(skillFeedback)
      .set({ score: sql`${skillFeedback.ai_score}`, teacher_edited_at: sql`now()`, updated_at: sql`now()` })
      .where(
        and(
          eq(skillFeedback.submission_id, submissionId),
          isNull(skillFeedback.teacher_edited_at),
          // The AI's score as pre-selected: an unsure suggestion that was not pre-selected stays the teacher's
          // to pick, and -1 is no score.
          eq(skillFeedback.score, skillFeedback.ai_score),
          sql`${skillFeedback.ai_score} >= 0`,
        ),
      )
      .returning({ skill_id: skillFeedback.skill_id, score: skillFeedback.score });
    await logScoreChanges(tx, submissionId, { kind: 'teacher', id: viewer }, changesFrom(before, accepted));
    if (accepted.length > 0) await markGraded(tx, submissionId);
    return { submission_id: submissionId, accepted_skill_ids: accepted.map((a) => a.skill_id) };
  });
}
