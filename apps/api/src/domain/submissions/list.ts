import { displayStatus, scoreForDisplay, type SubmissionListEntry } from '@app/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { submissionFiles, submissions } from '../../db/schema';
import { byName, namesOf } from '../../lib/student-names';
import { accessible, requireTask } from '../access';
import { actorId, cipherOf, type Ctx } from '../context';
import { fileColumns } from '../files';
import { changedSinceRelease, displayFeedbackGroups } from '../grading';
import { submissionColumns } from './status';

/**
 * For each submission, the others of its task that hold a file with the same content (two students handing
 * in the same photo): the teacher's list marks both rows.
 */
function identicalFiles(
  rows: ReadonlyArray<{ id: string; task_id: string }>,
  filesBySubmission: ReadonlyMap<string, ReadonlyArray<{ sha256: string }>>,
): Map<string, Set<string>> {
  const holders = new Map<string, Set<string>>();
  for (const row of rows) {
    for (const file of filesBySubmission.get(row.id) ?? []) {
      const key = `${row.task_id}:${file.sha256}`;
      holders.set(key, (holders.get(key) ?? new Set()).add(row.id));
    }
  }
  const others = new Map<string, Set<string>>();
  for (const ids of holders.values()) {
    if (ids.size < 2) continue;
    for (const id of ids)
      for (const other of ids) if (other !== id) others.set(id, (others.get(id) ?? new Set()).add(other));
  }
  return others;
}

/**
 * `getAll`: the students' submissions of one of the teacher's tasks (of all their tasks without `taskId`) in
 * the display form of PRODUCT.md §3 — name, files, score, feedback groups — with the display status of
 * PRODUCT.md §4. The score follows from the feedback groups (`scoreForDisplay`); `identical_files_with` names
 * the submissions of the same task that hold a file with the same content.
 */
export async function listSubmissions(ctx: Ctx, taskId?: string): Promise<SubmissionListEntry[]> {
  const teacherId = actorId(ctx);
  const { db } = ctx;
  if (taskId) await requireTask(ctx, taskId, 'view');
  const scope = taskId
    ? and(eq(submissions.task_id, taskId), accessible.submissions('view', teacherId))
    : accessible.submissions('view', teacherId);
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
  const changed = await changedSinceRelease(db, teacherId, rows);
  const identical = identicalFiles(rows, filesBySubmission);
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
    return {
      ...entry,
      display_status: displayStatus(entry, now),
      changed_since_release: changed.has(row.id),
      identical_files_with: [],
    };
  });
  entries.sort(
    (a, b) => byName(a.name, b.name) || a.task_id.localeCompare(b.task_id) || a.id.localeCompare(b.id),
  );
  // In list order, so that the names read as the table does.
  const position = new Map(entries.map((e, i) => [e.id, i]));
  for (const entry of entries) {
    entry.identical_files_with = [...(identical.get(entry.id) ?? [])].sort(
      (a, b) => position.get(a)! - position.get(b)!,
    );
  }
  return entries;
}
