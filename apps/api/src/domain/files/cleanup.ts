import { and, eq } from 'drizzle-orm';
import { tasks } from '../../db/schema';
import { accessible } from '../access';
import { actorId, type Ctx } from '../context';

// Deleting a task or a class removes its files' rows by cascade in the database; the stored objects are not
// the database's business. Stored keys start with the task id (`<taskId>/…`, lib/uploads), so once such a
// delete has succeeded, everything under those task ids goes too — also a file whose upload finished while
// the delete ran. Task ids of a class are collected before the delete (afterwards the cascade has taken
// them).

/** The ids of the class's tasks the actor may delete (before the class is deleted). */
export async function taskIdsOfClass(ctx: Ctx, classId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.class_id, classId), accessible.tasks('manage', actorId(ctx))));
  return rows.map((r) => r.id);
}

/** Removes the stored files of deleted tasks; failures are logged (the rows are gone already). */
export async function removeStoredFilesOfTasks(ctx: Ctx, taskIds: readonly string[]): Promise<void> {
  await Promise.all(
    taskIds.map((taskId) =>
      ctx.services.storage
        .deletePrefix(`${taskId}/`)
        .catch((err: unknown) => ctx.log.error({ err, taskId }, 'Dateien der Aufgabe nicht gelöscht')),
    ),
  );
}
