import type { RubricGroup, RubricSkill, SkillDetail, TaskRubric } from '@app/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { skillDetails, skillGroups, skills, tasks, taskXSkillGroup } from '../../db/schema';
import { iso } from '../../lib/dates';
import { accessible, requireTask } from '../access';
import type { Ctx } from '../context';

// Rubrics (PRODUCT.md §3): skill groups → skills → skill details (one or more per score 0..maxScore). Who may
// read and change which rows is decided in access.ts; a row the actor may not use answers its 404.

type DetailRow = typeof skillDetails.$inferSelect;
export type SkillRow = typeof skills.$inferSelect;
export type GroupRow = typeof skillGroups.$inferSelect;

export const toDetail = (row: DetailRow): SkillDetail => ({
  skillDetail_id: row.skillDetail_id,
  skill_id: row.skill_id,
  value: row.value,
  score: row.score,
  requirements: row.requirements,
  example: row.example,
  created_at: iso(row.created_at),
  created_by: row.created_by,
});

export const toSkill = (row: SkillRow, details: SkillDetail[]): RubricSkill => ({
  id: row.id,
  name: row.name,
  description: row.description,
  maxScore: row.maxScore,
  position: row.position,
  group_id: row.group_id,
  created_at: iso(row.created_at),
  created_by: row.created_by,
  details,
});

export const toGroupBase = (row: GroupRow) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  created_at: iso(row.created_at),
  created_by: row.created_by,
  updated_at: iso(row.updated_at),
});

/** Skills of the groups (position order) with their details (score order), grouped by group id. */
export async function loadSkillsOfGroups(
  db: Executor,
  viewerId: string,
  groupIds: readonly string[],
): Promise<Map<string, RubricSkill[]>> {
  const byGroup = new Map<string, RubricSkill[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return byGroup;
  const skillRows = await db
    .select()
    .from(skills)
    .where(and(inArray(skills.group_id, [...groupIds]), accessible.skills('view', viewerId)))
    .orderBy(asc(skills.position), asc(skills.created_at), asc(skills.id));
  const detailRows =
    skillRows.length === 0
      ? []
      : await db
          .select()
          .from(skillDetails)
          .where(
            inArray(
              skillDetails.skill_id,
              skillRows.map((s) => s.id),
            ),
          )
          .orderBy(asc(skillDetails.score), asc(skillDetails.created_at), asc(skillDetails.skillDetail_id));
  const detailsBySkill = new Map<string, SkillDetail[]>();
  for (const row of detailRows) {
    const list = detailsBySkill.get(row.skill_id) ?? [];
    list.push(toDetail(row));
    detailsBySkill.set(row.skill_id, list);
  }
  for (const row of skillRows) {
    byGroup.get(row.group_id)?.push(toSkill(row, detailsBySkill.get(row.id) ?? []));
  }
  return byGroup;
}

/**
 * The rubric of a task the caller has already been allowed to read (the grading view; the feedback link with
 * the task's teacher as viewer): its skill groups in `position` order, each with its skills in `position`
 * order, each skill with its details sorted by score. No second task query.
 */
export async function rubricOfTask(db: Executor, viewerId: string, taskId: string): Promise<TaskRubric> {
  const groupRows = await db
    .select({ group: skillGroups, position: taskXSkillGroup.position })
    .from(taskXSkillGroup)
    .innerJoin(skillGroups, eq(skillGroups.id, taskXSkillGroup.skillGroup_id))
    .where(and(eq(taskXSkillGroup.task_id, taskId), accessible.skillGroups('view', viewerId)))
    .orderBy(asc(taskXSkillGroup.position), asc(taskXSkillGroup.created_at), asc(skillGroups.id));
  const skillsByGroup = await loadSkillsOfGroups(
    db,
    viewerId,
    groupRows.map((r) => r.group.id),
  );
  const skill_groups: RubricGroup[] = groupRows.map(({ group, position }) => ({
    ...toGroupBase(group),
    position,
    skills: skillsByGroup.get(group.id) ?? [],
  }));
  return { task_id: taskId, skill_groups };
}

/**
 * The rubric of a task as `viewerId` may view it; null when they may not (or it does not exist). Used by
 * the corrections (what the AI grades against), after their own check.
 */
export async function loadRubric(db: Executor, viewerId: string, taskId: string): Promise<TaskRubric | null> {
  const [task] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), accessible.tasks('view', viewerId)));
  return task ? rubricOfTask(db, viewerId, taskId) : null;
}

/** `GET /api/tasks/:taskId/rubric`: 404 TASK_NOT_FOUND unless the actor may use the task. */
export async function getRubric(ctx: Ctx, taskId: string): Promise<TaskRubric> {
  const viewerId = await requireTask(ctx, taskId, 'view');
  return rubricOfTask(ctx.db, viewerId, taskId);
}

/** The details of one skill, by score. */
export async function detailsOf(db: Executor, skillId: string): Promise<SkillDetail[]> {
  const rows = await db
    .select()
    .from(skillDetails)
    .where(eq(skillDetails.skill_id, skillId))
    .orderBy(asc(skillDetails.score), asc(skillDetails.created_at), asc(skillDetails.skillDetail_id));
  return rows.map(toDetail);
}
