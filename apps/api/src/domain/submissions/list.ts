import { displayStatus, scoreForDisplay, type SubmissionListEntry } from '@app/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { submissionFiles, submissions } from '../../db/schema';
import { byName, namesOf } from '../../lib/student-names';
import { accessible, requireTask } from '../access';
import { actorId, cipherOf, type Ctx } from '../context';
import { fileColumns } from '../files';
import { displayFeedbackGroups } from '../grading/display';
import { submissionColumns } from './status';

/**
 * `getAll`: the students' submissions of one of the teacher's tasks (of all their tasks without `taskId`) in
 * the display form of PRODUCT.md §3 — name, files, score, feedback groups — with the display status of
 * PRODUCT.md §4. The score follows from the feedback groups (`scoreForDisplay`).
 */
export async function listSubmissions(ctx: Ctx, taskId?: string): Promise<SubmissionListEntry[]> {
  const teacherId = actorId(ctx);
  const { db } = ctx;
  if (taskId) await requireTask(ctx, taskId);
  const scope = taskId
    ? and(eq(submissions.task_id, taskId), accessible.submissions(teacherId))
    : accessible.submissions(teacherId);
  const rows = await db
    .select(submissionColumns)
    .from(submissions)
    .where(and(scope, isNotNull(submissions.student_id)));
  const files = await db
    .select(fileColumns)
    .from(submissionFiles)
    .innerJoin(submissions, eq(submissions.id, submissionFiles.submission_id))
    .where(scope)
    .orderBy(asc(submissionFiles.uploaded_at), asc(submissionFiles.id));
  const filesBySubmission = new Map<string, typeof files>();
  for (const f of files) {
    const list = filesBySubmission.get(f.submission_id!);
    if (list) list.push(f);
    else filesBySubmission.set(f.submission_id!, [f]);
  }
  const names = await namesOf(
    db,
    cipherOf(ctx),
    rows.map((r) => r.student_id!),
  );
  // The rubric groups of each task with the stored feedback: three queries for the whole list.
  const groups = await displayFeedbackGroups(db, teacherId, scope, rows);
  const now = new Date();
  const entries = rows.map((row): SubmissionListEntry => {
    const feedback = groups.get(row.id) ?? [];
    const entry = {
      ...row,
      name: names.get(row.student_id!)!,
      files: filesBySubmission.get(row.id) ?? [],
      score: scoreForDisplay(feedback),
      feedback,
    };
    return { ...entry, display_status: displayStatus(entry, now) };
  });
  return entries.sort(
    (a, b) => byName(a.name, b.name) || a.task_id.localeCompare(b.task_id) || a.id.localeCompare(b.id),
  );
}
