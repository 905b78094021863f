import {
  studentLabels,
  SUBMIT_PAGE_LIMITS,
  submissionWindow,
  type SubmitPageResponse,
  type TaskData,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import { tasks } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isoOrNull } from '../../lib/dates';
import { classMembers, compareGerman } from '../../lib/student-names';
import { cipherOf, type Ctx } from '../context';

/**
 * The public submit page of a task (anyone with its id): the task's title and content, whether it takes
 * uploads, and the class list as labels ("Greta G."). Nothing else about the students or the teacher.
 */
export async function getSubmitPage(ctx: Ctx, taskId: string): Promise<SubmitPageResponse> {
  const [task] = await ctx.db.select().from(tasks).where(eq(tasks.id, taskId));
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
      // A draft is not public yet: its title only.
      description: task.status === 'draft' ? '' : task.description,
      data: task.status === 'draft' ? null : ((task.data as TaskData | null) ?? null),
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
