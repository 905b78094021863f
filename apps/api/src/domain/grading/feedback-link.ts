import type { FeedbackLinkResponse } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { classes, submissionFiles, submissions, tasks } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { namesOf } from '../../lib/student-names';
import { sharedByFeedbackLink } from '../access';
import { storedFileColumns } from '../files';
import { cipherOf, type Ctx } from '../context';
import { storedTaskData } from '../tikz';
import { publishedGradings, releasedVersions } from './published';
import { submissionFilesOf } from './rows';

// The feedback link (public, ADR 010): the student's read-only view of their handed-back grading, reached
// through the unguessable token of their personal link.

/** The handed-back submission behind a token; anything else (unknown, reset, not yet released) is 404. */
async function releasedSubmission(ctx: Ctx, token: string) {
  const [row] = await ctx.db
    .select({
      id: submissions.id,
      task_id: submissions.task_id,
      student_id: submissions.student_id,
      // The class's owner reads the grading: whoever graded, the owner may always view it.
      teacher: classes.created_by,
    })
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.task_id))
    .innerJoin(classes, eq(classes.id, tasks.class_id))
    .where(sharedByFeedbackLink(token));
  if (!row) throw new AppError('FEEDBACK_LINK_NOT_FOUND');
  return row;
}

/**
 * `GET /api/feedback-link/:token`: the student's read-only view. The grading is the version handed back
 * last (feedback_releases), not the teacher's changes since; task, files and first name are read now. Their
 * first name only, no ids of people.
 */
export async function loadFeedbackLink(ctx: Ctx, token: string): Promise<FeedbackLinkResponse> {
  const { db } = ctx;
  const submission = await releasedSubmission(ctx, token);
  const [[task], released, files, names] = await Promise.all([
    db
      .select({ title: tasks.title, description: tasks.description, data: tasks.data })
      .from(tasks)
      .where(eq(tasks.id, submission.task_id)),
    releasedVersions(db, [submission.id]),
    submissionFilesOf(db, submission.id),
    namesOf(db, cipherOf(ctx), submission.student_id ? [submission.student_id] : []),
  ]);
  if (!task) throw new AppError('FEEDBACK_LINK_NOT_FOUND');
  // Handed back before versions were kept: the grading as it is now, the teacher's rubric.
  const grading =
    released.get(submission.id)?.content ??
    (await publishedGradings(db, submission.teacher, [submission])).get(submission.id)!;
  return {
    task: { title: task.title, description: task.description, data: storedTaskData(task.data) },
    student: { first_name: (submission.student_id && names.get(submission.student_id)?.first_name) || '' },
    files: files.map((f) => ({ id: f.id, original_name: f.original_name, mime: f.mime, pages: f.pages })),
    groups: grading.groups,
    score: grading.score,
    max_score: grading.max_score,
  };
}

/** A file of the handed-back submission behind the token, with its storage key; 404 otherwise. */
export async function findFeedbackLinkFile(ctx: Ctx, token: string, fileId: string) {
  const submission = await releasedSubmission(ctx, token);
  const [row] = await ctx.db
    .select(storedFileColumns)
    .from(submissionFiles)
    .where(and(eq(submissionFiles.id, fileId), eq(submissionFiles.submission_id, submission.id)));
  if (!row) throw new AppError('FILE_NOT_FOUND');
  return row;
}
