import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { tasks } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';

// Not in tasks/service.ts: that imports the submissions service, one of the services that need this check
// (with rubrics, feedback, corrections, files), and would close an import cycle.

/** Throws TASK_NOT_FOUND unless the task exists and is the teacher's. */
export async function assertOwnsTask(db: Executor, teacherId: string, taskId: string): Promise<void> {
  const [row] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.created_by, teacherId)));
  if (!row) throw new AppError('TASK_NOT_FOUND');
}
