import type { TaskRubric } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { taskXSkillGroup } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { accessible, requireSkillGroup, requireTask } from '../access';
import { inTransaction, type Ctx } from '../context';
import { deleteOrphanedGroups, nextGroupPosition } from './groups';
import { assertSameSet } from './order';
import { rubricOfTask } from './rubric';

// A task's rubric is its ordered links to skill groups; a group can serve several tasks.

/** Reuses one of the actor's groups in a task's rubric (appended; already linked: unchanged). */
export async function linkSkillGroup(ctx: Ctx, taskId: string, groupId: string): Promise<TaskRubric> {
  return ctx.db.transaction(async (tx) => {
    const t = inTransaction(ctx, tx);
    const teacherId = await requireTask(t, taskId, 'manage');
    await requireSkillGroup(t, groupId, 'manage');
    await tx
      .insert(taskXSkillGroup)
      .values({
        task_id: taskId,
        skillGroup_id: groupId,
        position: await nextGroupPosition(tx, taskId),
        created_by: teacherId,
      })
      .onConflictDoNothing();
    return rubricOfTask(tx, teacherId, taskId);
  });
}

/** Takes a group out of a task's rubric; a group no task uses any more is deleted with its skills. */
export async function unlinkSkillGroup(ctx: Ctx, taskId: string, groupId: string): Promise<TaskRubric> {
  return ctx.db.transaction(async (tx) => {
    const t = inTransaction(ctx, tx);
    const viewerId = await requireTask(t, taskId, 'manage');
    const deleted = await tx
      .delete(taskXSkillGroup)
      .where(
        and(
          eq(taskXSkillGroup.task_id, taskId),
          eq(taskXSkillGroup.skillGroup_id, groupId),
          accessible.taskSkillGroups('manage', viewerId),
        ),
      )
      .returning({ id: taskXSkillGroup.skillGroup_id });
    if (deleted.length === 0) throw new AppError('SKILL_GROUP_NOT_FOUND');
    await deleteOrphanedGroups(t, [groupId]);
    return rubricOfTask(tx, viewerId, taskId);
  });
}

/** Orders the task's groups: `ids` are exactly its group ids, first to last. */
export async function reorderTaskGroups(
  ctx: Ctx,
  taskId: string,
  ids: readonly string[],
): Promise<TaskRubric> {
  return ctx.db.transaction(async (tx) => {
    const viewerId = await requireTask(inTransaction(ctx, tx), taskId, 'manage');
    const links = await tx
      .select({ id: taskXSkillGroup.skillGroup_id })
      .from(taskXSkillGroup)
      .where(eq(taskXSkillGroup.task_id, taskId))
      .for('update');
    assertSameSet(
      links.map((l) => l.id),
      ids,
    );
    for (const [position, id] of ids.entries()) {
      await tx
        .update(taskXSkillGroup)
        .set({ position })
        .where(and(eq(taskXSkillGroup.task_id, taskId), eq(taskXSkillGroup.skillGroup_id, id)));
    }
    return rubricOfTask(tx, viewerId, taskId);
  });
}
