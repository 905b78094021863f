import type {
  SkillGroupResponse,
  SkillGroupWithSkills,
  UpdateSkillGroupRequest,
  ZCreateSkillGroupRequest,
} from '@app/contract';
import { and, asc, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { skillGroups, taskXSkillGroup } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { accessible, requireTask, type Verb } from '../access';
import { actorId, inTransaction, type Ctx } from '../context';
import { loadSkillsOfGroups, toGroupBase, type GroupRow } from './rubric';

// Skill groups: the teacher's library of competence areas, reused across tasks through task links.

/** The skill group if the actor may use it for `verb`; 404 SKILL_GROUP_NOT_FOUND otherwise. */
export async function groupRow(ctx: Ctx, id: string, verb: Verb): Promise<GroupRow> {
  const [row] = await ctx.db
    .select()
    .from(skillGroups)
    .where(and(eq(skillGroups.id, id), accessible.skillGroups(verb, actorId(ctx))));
  if (!row) throw new AppError('SKILL_GROUP_NOT_FOUND');
  return row;
}

export async function groupResponse(ctx: Ctx, row: GroupRow): Promise<SkillGroupResponse> {
  const skillsByGroup = await loadSkillsOfGroups(ctx.db, actorId(ctx), [row.id]);
  return { ...toGroupBase(row), skills: skillsByGroup.get(row.id) ?? [] };
}

/** A change to a skill counts as a change to its group (the library lists last changed first). */
export async function touchGroup(db: Executor, groupId: string): Promise<void> {
  await db
    .update(skillGroups)
    .set({ updated_at: sql`now()` })
    .where(eq(skillGroups.id, groupId));
}

/** The next free position at the end of a task's rubric. */
export async function nextGroupPosition(db: Executor, taskId: string): Promise<number> {
  const [row] = await db
    .select({ last: max(taskXSkillGroup.position) })
    .from(taskXSkillGroup)
    .where(eq(taskXSkillGroup.task_id, taskId));
  return (row?.last ?? -1) + 1;
}

/** Deletes those of `groupIds` that no task uses any more (schema: unused groups are cleaned up by the API). */
export async function deleteOrphanedGroups(ctx: Ctx, groupIds: readonly string[]): Promise<void> {
  if (groupIds.length === 0) return;
  await ctx.db
    .delete(skillGroups)
    .where(
      and(
        inArray(skillGroups.id, [...groupIds]),
        accessible.skillGroups('manage', actorId(ctx)),
        sql`not exists (select 1 from ${taskXSkillGroup} where ${taskXSkillGroup.skillGroup_id} = ${skillGroups.id})`,
      ),
    );
}

/** Every group the actor may use (the library to reuse from), last changed first, with skills and task ids. */
export async function listSkillGroups(ctx: Ctx): Promise<SkillGroupWithSkills[]> {
  const viewerId = actorId(ctx);
  const rows = await ctx.db
    .select()
    .from(skillGroups)
    .where(accessible.skillGroups('view', viewerId))
    .orderBy(desc(skillGroups.updated_at), asc(skillGroups.id));
  const ids = rows.map((r) => r.id);
  const skillsByGroup = await loadSkillsOfGroups(ctx.db, viewerId, ids);
  const links =
    ids.length === 0
      ? []
      : await ctx.db
          .select({ task_id: taskXSkillGroup.task_id, group_id: taskXSkillGroup.skillGroup_id })
          .from(taskXSkillGroup)
          .where(
            and(inArray(taskXSkillGroup.skillGroup_id, ids), accessible.taskSkillGroups('view', viewerId)),
          );
  return rows.map((row) => ({
    ...toGroupBase(row),
    skills: skillsByGroup.get(row.id) ?? [],
    task_ids: links.filter((l) => l.group_id === row.id).map((l) => l.task_id),
  }));
}

export async function getSkillGroup(ctx: Ctx, id: string): Promise<SkillGroupResponse> {
  return groupResponse(ctx, await groupRow(ctx, id, 'view'));
}

/** A new group; with `task_id` it is appended to that task's rubric. */
export async function createSkillGroup(
  ctx: Ctx,
  input: z.infer<typeof ZCreateSkillGroupRequest>,
): Promise<SkillGroupResponse> {
  const teacherId = actorId(ctx);
  return ctx.db.transaction(async (tx) => {
    if (input.task_id) await requireTask(inTransaction(ctx, tx), input.task_id, 'manage');
    const [row] = await tx
      .insert(skillGroups)
      .values({ name: input.name, description: input.description, created_by: teacherId })
      .returning();
    if (input.task_id) {
      await tx.insert(taskXSkillGroup).values({
        task_id: input.task_id,
        skillGroup_id: row!.id,
        position: await nextGroupPosition(tx, input.task_id),
        created_by: teacherId,
      });
    }
    return { ...toGroupBase(row!), skills: [] };
  });
}

export async function updateSkillGroup(
  ctx: Ctx,
  id: string,
  input: UpdateSkillGroupRequest,
): Promise<SkillGroupResponse> {
  const [row] = await ctx.db
    .update(skillGroups)
    // updated_at in every SET: an empty change is a valid no-op, not an empty UPDATE.
    .set({ ...input, updated_at: sql`now()` })
    .where(and(eq(skillGroups.id, id), accessible.skillGroups('manage', actorId(ctx))))
    .returning();
  if (!row) throw new AppError('SKILL_GROUP_NOT_FOUND');
  return groupResponse(ctx, row);
}

/** Deletes the group everywhere: its skills, details, criteria and task links go with it (cascade). */
export async function deleteSkillGroup(ctx: Ctx, id: string): Promise<void> {
  const deleted = await ctx.db
    .delete(skillGroups)
    .where(and(eq(skillGroups.id, id), accessible.skillGroups('manage', actorId(ctx))))
    .returning({ id: skillGroups.id });
  if (deleted.length === 0) throw new AppError('SKILL_GROUP_NOT_FOUND');
}
