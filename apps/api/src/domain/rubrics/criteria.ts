import type { RawSourceCriterion } from '@app/contract';
import { and, asc, eq } from 'drizzle-orm';
import { rawSourceCriteria } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { iso } from '../../lib/dates';
import { accessible, requireSkillGroup } from '../access';
import { actorId, type Ctx } from '../context';

// Raw source criteria: the teacher's notes a skill group was written from.

const toCriterion = (row: typeof rawSourceCriteria.$inferSelect): RawSourceCriterion => ({
  id: row.id,
  skill_group_id: row.skill_group_id,
  value: row.value,
  created_by: row.created_by,
  created_at: iso(row.created_at),
});

/** The source criteria of one skill group, oldest first. */
export async function listCriteria(ctx: Ctx, groupId: string): Promise<RawSourceCriterion[]> {
  await requireSkillGroup(ctx, groupId, 'view');
  const rows = await ctx.db
    .select()
    .from(rawSourceCriteria)
    .where(eq(rawSourceCriteria.skill_group_id, groupId))
    .orderBy(asc(rawSourceCriteria.created_at), asc(rawSourceCriteria.id));
  return rows.map(toCriterion);
}

export async function createCriterion(
  ctx: Ctx,
  input: { skill_group_id: string; value: string },
): Promise<RawSourceCriterion> {
  const teacherId = await requireSkillGroup(ctx, input.skill_group_id, 'manage');
  const [row] = await ctx.db
    .insert(rawSourceCriteria)
    .values({ ...input, created_by: teacherId })
    .returning();
  return toCriterion(row!);
}

export async function updateCriterion(ctx: Ctx, id: string, value: string): Promise<RawSourceCriterion> {
  const [row] = await ctx.db
    .update(rawSourceCriteria)
    .set({ value })
    .where(and(eq(rawSourceCriteria.id, id), accessible.criteria('manage', actorId(ctx))))
    .returning();
  if (!row) throw new AppError('CRITERION_NOT_FOUND');
  return toCriterion(row);
}

export async function deleteCriterion(ctx: Ctx, id: string): Promise<void> {
  const deleted = await ctx.db
    .delete(rawSourceCriteria)
    .where(and(eq(rawSourceCriteria.id, id), accessible.criteria('manage', actorId(ctx))))
    .returning({ id: rawSourceCriteria.id });
  if (deleted.length === 0) throw new AppError('CRITERION_NOT_FOUND');
}
