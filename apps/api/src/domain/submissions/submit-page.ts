import { studentLabels, SUBMIT_PAGE_LIMITS, submissionWindow, type SubmitPageResponse } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { submissions, tasks } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isoOrNull } from '../../lib/dates';
import { classMembers, compareGerman } from '../../lib/student-names';
import { publicByTaskId } from '../access';
import { cipherOf, type Ctx } from '../context';
import { storedTaskData } from '../tikz';

/**
 * The public submit page of a task (anyone with its id, once published: `publicByTaskId`; a draft is the
 * same 404 as an unknown task): the task's title and content, whether it takes uploads, and the class list
 * as labels ("Greta G."). Nothing else about the students or the teacher. `printToken` (the `?s=` of a printed
 * worksheet's code) preselects the student of this task's submission with that token, if they are still in
 * the class; any other token preselects nobody, without telling why.
 */
export async function getSubmitPage(
  ctx: Ctx,
  taskId: string,
  printToken?: string,
): Promise<SubmitPageResponse> {
  const [task] = await ctx.db.select().from(tasks).where(publicByTaskId(taskId));
  if (!task) throw new AppError('TASK_NOT_FOUND');
  const { accepting, reason } = submissionWindow(task);
  let students: SubmitPageResponse['students'] = [];
  let preselected: string | null = null;
  if (accepting) {
    const [members, owner] = await Promise.all([
      classMembers(ctx.db, cipherOf(ctx), task.class_id),
      printToken ? tokenOwner(ctx, task.id, printToken) : null,
    ]);
    const labels = studentLabels(members);
    students = members
      .map((m) => ({ id: m.id, label: labels.get(m.id)! }))
      .sort((a, b) => compareGerman(a.label, b.label));
    if (owner && labels.has(owner)) preselected = owner;
  }
  return {
    task: {
      id: task.id,
      title: task.title,
      description: task.description,
      data: storedTaskData(task.data),
      due_date: isoOrNull(task.due_date),
      status: task.status,
      allow_late_submissions: task.allow_late_submissions,
    },
    accepting,
    closed_reason: reason,
    students,
    preselected_student_id: preselected,
    limits: SUBMIT_PAGE_LIMITS,
  };
}

/** The student of the task's submission printed with `token`; null for a token of no submission of it. */
async function tokenOwner(ctx: Ctx, taskId: string, token: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ student_id: submissions.student_id })
    .from(submissions)
    .where(and(eq(submissions.task_id, taskId), eq(submissions.print_token, token)));
  return row?.student_id ?? null;
}
