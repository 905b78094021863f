import {
  studentLabels,
  SUBMIT_PAGE_LIMITS,
  submissionWindow,
  type SubmitPageResponse,
  type TaskData,
} from '@app/contract';
import { tasks } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isoOrNull } from '../../lib/dates';
import { classMembers, compareGerman } from '../../lib/student-names';
import { publicByTaskId } from '../access';
import { cipherOf, type Ctx } from '../context';

/**
 * The public submit page of a task (anyone with its id, once published: `publicByTaskId`; a draft is the
 * same 404 as an unknown task): the task's title and content, whether it takes uploads, and the class list
 * as labels ("Greta G."). Nothing else about the students or the teacher.
 */
export async function getSubmitPage(ctx: Ctx, taskId: string): Promise<SubmitPageResponse> {
  const [task] = await ctx.db.select().from(tasks).where(publicByTaskId(taskId));
  if (!task) throw new AppError('TASK_NOT_FOUND');
  const { accepting, reason } = submissionWindow(task);
  let students: SubmitPageResponse['students'] = [];
  if (accepting) {
    const members = await classMembers(ctx.db, cipherOf(ctx), task.class_id);
    const labels = studentLabels(members);
    students = members
      .map((m) => ({ id: m.id, label: labels.get(m.id)! }))
      .sort((a, b) => compareGerman(a.label, b.label));
  }
  return {
    task: {
      id: task.id,
      title: task.title,
      description: task.description,
      data: (task.data as TaskData | null) ?? null,
      due_date: isoOrNull(task.due_date),
      status: task.status,
      allow_late_submissions: task.allow_late_submissions,
    },
    accepting,
    closed_reason: reason,
    students,
    limits: SUBMIT_PAGE_LIMITS,
  };
}
