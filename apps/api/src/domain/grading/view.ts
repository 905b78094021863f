import {
  displayStatus,
  groupScore,
  scoreForDisplay,
  type FeedbackGroup,
  type GradingGroup,
  type GradingResponse,
} from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { tasks } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { namesOf } from '../../lib/student-names';
import { accessible } from '../access';
import { actorId, cipherOf, type Ctx } from '../context';
import { rubricOfTask } from '../rubrics';
import { recordGradingView } from './audit';
import { differsFromRelease, publishedGrading, releasedVersions } from './published';
import { feedbackRowsOf, feedbackUrl, gradedSubmission, gradingGroups, submissionFilesOf } from './rows';

// Grading (ARCHITECTURE.md §5, §7, ADR 010): the teacher scores a submission along the task's rubric. The
// correction job writes suggestion rows (score = ai_score, teacher_edited_at null); the teacher's edits set
// teacher_edited_at, and from then on the stored value is final. Who may grade a submission is decided in
// access.ts; anyone else gets 404.

/**
 * The display form the submission list gives the submission (displayFeedbackGroups), so that the status here
 * is the status there: per rubric group the stored skill feedback (a skill without a row has none) and the
 * text.
 */
const displayGroups = (groups: GradingGroup[]): FeedbackGroup[] =>
  groups.map((group) => {
    const skill_feedbacks = group.skills.flatMap(({ feedback: f }) =>
      f.id === null
        ? []
        : [
            {
              skill_id: f.skill_id,
              submission_id: f.submission_id,
              score: f.score,
              reason: f.reason,
              proof: f.proof,
              recommendation: f.recommendation,
              created_by: f.created_by,
            },
          ],
    );
    return {
      group_id: group.group_id,
      group_name: group.group_name,
      group_feedback: group.text.feedback,
      score: groupScore(skill_feedbacks),
      skill_feedbacks,
    };
  });

/** `GET /api/feedback/:submissionId`: the grading view of one submission. */
export async function loadGrading(ctx: Ctx, submissionId: string): Promise<GradingResponse> {
  const viewer = actorId(ctx);
  const { db } = ctx;
  const submission = await gradedSubmission(ctx, submissionId, 'view');
  // The task check loadRubric would do, so the rubric below is read without a second task query.
  const [task] = await db
    .select({ id: tasks.id, title: tasks.title, class_id: tasks.class_id })
    .from(tasks)
    .where(and(eq(tasks.id, submission.task_id), accessible.tasks('view', viewer)));
  if (!task) throw new AppError('SUBMISSION_NOT_FOUND');
  // Before the feedback is read: a suggestion stored after this moment needs another view (ADR 026).
  await recordGradingView(db, viewer, submission.id);
  const [rubric, files, [skillRows, groupRows], names, released] = await Promise.all([
    rubricOfTask(db, viewer, task.id),
    submissionFilesOf(db, submission.id),
    feedbackRowsOf(db, submission.id),
    namesOf(db, cipherOf(ctx), submission.student_id ? [submission.student_id] : []),
    releasedVersions(db, [submission.id]),
  ]);
  const groups = gradingGroups(rubric, submission.id, skillRows, groupRows);
  const handedBack = submission.status === 'ausgeteilt';
  const version = handedBack ? released.get(submission.id) : undefined;
  const display = displayGroups(groups);
  const score = scoreForDisplay(display);
  const name = (submission.student_id && names.get(submission.student_id)) || {
    first_name: '',
    last_name: '',
  };
  return {
    submission: {
      id: submission.id,
      task_id: submission.task_id,
      status: submission.status,
      display_status: displayStatus(
        {
          id: submission.id,
          status: submission.status,
          score,
          files,
          feedback: display,
          updated_at: submission.updated_at,
        },
        new Date(),
      ),
      name,
      files,
      score,
      max_score: groups.reduce((sum, g) => sum + g.max_score, 0),
      feedback_url:
        handedBack && submission.feedback_token
          ? feedbackUrl(ctx.services.config.PUBLIC_URL, submission.feedback_token)
          : null,
      released_at: version ? version.released_at.toISOString() : null,
      changed_since_release: differsFromRelease(version, publishedGrading(groups)),
      updated_at: submission.updated_at.toISOString(),
    },
    task,
    groups,
  };
}
