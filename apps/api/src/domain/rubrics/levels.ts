import type { SkillDetail, UpdateSkillDetailRequest, ZCreateSkillDetailRequest } from '@app/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { skillDetails } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { accessible, requireSkill } from '../access';
import { actorId, inTransaction, type Ctx } from '../context';
import { touchGroup } from './groups';
import { detailsOf, toDetail } from './rubric';
import { skillRow } from './skills';

// The levels of a skill (skill details): one or more descriptors per score 0..maxScore.

/** The details of one skill, by score. */
export async function listSkillDetails(ctx: Ctx, skillId: string): Promise<SkillDetail[]> {
  await requireSkill(ctx, skillId, 'view');
  return detailsOf(ctx.db, skillId);
}

/** Adds a level descriptor; a score above the skill's maxScore is 400 SCORE_ABOVE_MAX. */
export async function createSkillDetail(
  ctx: Ctx,
  input: z.infer<typeof ZCreateSkillDetailRequest>,
): Promise<SkillDetail> {
  const teacherId = actorId(ctx);
  return ctx.db.transaction(async (tx) => {
    const skill = await skillRow(inTransaction(ctx, tx), input.skill_id, 'manage');
    if (input.score > skill.maxScore) throw new AppError('SCORE_ABOVE_MAX');
    const [row] = await tx
      .insert(skillDetails)
      .values({ ...input, created_by: teacherId })
      .returning();
    await touchGroup(tx, skill.group_id);
    return toDetail(row!);
  });
}

export async function updateSkillDetail(
  ctx: Ctx,
  id: string,
  input: UpdateSkillDetailRequest,
): Promise<SkillDetail> {
  return ctx.db.transaction(async (tx) => {
    const t = inTransaction(ctx, tx);
    const [current] = await tx
      .select()
      .from(skillDetails)
      .where(and(eq(skillDetails.skillDetail_id, id), accessible.skillDetails('manage', actorId(t))));
    if (!current) throw new AppError('SKILL_DETAIL_NOT_FOUND');
    const skill = await skillRow(t, current.skill_id, 'manage');
    if (input.score !== undefined && input.score > skill.maxScore) throw new AppError('SCORE_ABOVE_MAX');
    const [row] = await tx
      .update(skillDetails)
      .set({ ...input, updated_at: sql`now()` })
      .where(eq(skillDetails.skillDetail_id, id))
      .returning();
    await touchGroup(tx, skill.group_id);
    return toDetail(row!);
  });
}

export async function deleteSkillDetail(ctx: Ctx, id: string): Promise<void> {
  const deleted = await ctx.db
    .delete(skillDetails)
    .where(and(eq(skillDetails.skillDetail_id, id), accessible.skillDetails('manage', actorId(ctx))))
    .returning({ id: skillDetails.skillDetail_id });
  if (deleted.length === 0) throw new AppError('SKILL_DETAIL_NOT_FOUND');
}
