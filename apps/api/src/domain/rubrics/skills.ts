import type { RubricSkill, SkillGroupResponse, UpdateSkillRequest, ZCreateSkillRequest } from '@app/contract';
import { and, eq, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { skillDetails, skills, skillXSkillGroup } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { accessible, requireSkillGroup, type Verb } from '../access';
import { actorId, inTransaction, type Ctx } from '../context';
import { groupResponse, groupRow, touchGroup } from './groups';
import { assertSameSet } from './order';
import { detailsOf, toSkill, type SkillRow } from './rubric';

/** The skill if the actor may use it for `verb`; 404 SKILL_NOT_FOUND otherwise. */
export async function skillRow(ctx: Ctx, id: string, verb: Verb): Promise<SkillRow> {
  const [row] = await ctx.db
    .select()
    .from(skills)
    .where(and(eq(skills.id, id), accessible.skills(verb, actorId(ctx))));
  if (!row) throw new AppError('SKILL_NOT_FOUND');
  return row;
}

/** Adds a skill to the end of a group. */
export async function createSkill(
  ctx: Ctx,
  input: z.infer<typeof ZCreateSkillRequest>,
): Promise<RubricSkill> {
  return ctx.db.transaction(async (tx) => {
    const teacherId = await requireSkillGroup(inTransaction(ctx, tx), input.group_id, 'manage');
    const [last] = await tx
      .select({ last: max(skills.position) })
      .from(skills)
      .where(eq(skills.group_id, input.group_id));
    const [row] = await tx
      .insert(skills)
      .values({
        name: input.name,
        description: input.description,
        maxScore: input.maxScore,
        group_id: input.group_id,
        position: (last?.last ?? -1) + 1,
        created_by: teacherId,
      })
      .returning();
    await tx
      .insert(skillXSkillGroup)
      .values({ skill_id: row!.id, group_id: input.group_id, created_by: teacherId });
    await touchGroup(tx, input.group_id);
    return toSkill(row!, []);
  });
}

/**
 * Changes a skill. A lower maxScore than an existing detail's score is refused (409
 * MAX_SCORE_BELOW_DETAILS) rather than silently deleting the teacher's descriptors.
 */
export async function updateSkill(ctx: Ctx, id: string, input: UpdateSkillRequest): Promise<RubricSkill> {
  return ctx.db.transaction(async (tx) => {
    const current = await skillRow(inTransaction(ctx, tx), id, 'manage');
    if (input.maxScore !== undefined && input.maxScore < current.maxScore) {
      const [top] = await tx
        .select({ top: max(skillDetails.score) })
        .from(skillDetails)
        .where(eq(skillDetails.skill_id, id));
      if (top?.top !== null && top?.top !== undefined && top.top > input.maxScore)
        throw new AppError('MAX_SCORE_BELOW_DETAILS');
    }
    const [row] = await tx
      .update(skills)
      .set({ ...input, updated_at: sql`now()` })
      .where(eq(skills.id, id))
      .returning();
    await touchGroup(tx, row!.group_id);
    return toSkill(row!, await detailsOf(tx, id));
  });
}

/** Deletes a skill with its details. */
export async function deleteSkill(ctx: Ctx, id: string): Promise<void> {
  const deleted = await ctx.db
    .delete(skills)
    .where(and(eq(skills.id, id), accessible.skills('manage', actorId(ctx))))
    .returning({ group_id: skills.group_id });
  if (deleted.length === 0) throw new AppError('SKILL_NOT_FOUND');
  await touchGroup(ctx.db, deleted[0]!.group_id);
}

/** Orders a group's skills: `ids` are exactly its skill ids, first to last. */
export async function reorderSkills(
  ctx: Ctx,
  groupId: string,
  ids: readonly string[],
): Promise<SkillGroupResponse> {
  return ctx.db.transaction(async (tx) => {
    const t = inTransaction(ctx, tx);
    const group = await groupRow(t, groupId, 'manage');
    const current = await tx
      .select({ id: skills.id })
      .from(skills)
      .where(eq(skills.group_id, groupId))
      .for('update');
    assertSameSet(
      current.map((s) => s.id),
      ids,
    );
    for (const [position, id] of ids.entries()) {
      await tx.update(skills).set({ position }).where(eq(skills.id, id));
    }
    return groupResponse(t, group);
  });
}
