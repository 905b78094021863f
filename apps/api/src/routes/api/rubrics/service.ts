import type {
  Cluster,
  RawSourceCriterion,
  RubricGroup,
  RubricSkill,
  SkillDetail,
  SkillGroupResponse,
  SkillGroupWithSkills,
  TaskRubric,
  UpdateClusterRequest,
  UpdateSkillDetailRequest,
  UpdateSkillGroupRequest,
  UpdateSkillRequest,
  ZCreateClusterRequest,
  ZCreateSkillDetailRequest,
  ZCreateSkillGroupRequest,
  ZCreateSkillRequest,
} from '@app/contract';
import { and, asc, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../db/client';
import {
  clusters,
  rawSourceCriteria,
  skillDetails,
  skillGroups,
  skills,
  skillXSkillGroup,
  taskXSkillGroup,
  tasks,
} from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { iso } from '../../../lib/dates';
import { assertOwnsTask } from '../tasks/ownership';

// Rubrics (spec §3): skill groups → skills → skill details (one or more per score 0..maxScore). Every row is
// the caller's own (created_by); another teacher's id answers the same 404 as a missing one.

type DetailRow = typeof skillDetails.$inferSelect;
type SkillRow = typeof skills.$inferSelect;
type GroupRow = typeof skillGroups.$inferSelect;

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
  ownerId: string,
  groupIds: readonly string[],
): Promise<Map<string, RubricSkill[]>> {
  const byGroup = new Map<string, RubricSkill[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return byGroup;
  const skillRows = await db
    .select()
    .from(skills)
    .where(and(inArray(skills.group_id, [...groupIds]), eq(skills.created_by, ownerId)))
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
 * The rubric of one of the owner's tasks: its skill groups in `position` order, each with its skills in
 * `position` order, each skill with its details sorted by score. null when the task is not the owner's
 * (or does not exist). Used by the rubric routes, the feedback job and the grading view.
 */
export async function loadRubric(db: Executor, ownerId: string, taskId: string): Promise<TaskRubric | null> {
  const [task] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.created_by, ownerId)));
  return task ? rubricOfOwnTask(db, ownerId, taskId) : null;
}

/** loadRubric for a caller that has already checked that the task is the owner's (no second task query). */
export async function rubricOfOwnTask(db: Executor, ownerId: string, taskId: string): Promise<TaskRubric> {
  const groupRows = await db
    .select({ group: skillGroups, position: taskXSkillGroup.position })
    .from(taskXSkillGroup)
    .innerJoin(skillGroups, eq(skillGroups.id, taskXSkillGroup.skillGroup_id))
    .where(and(eq(taskXSkillGroup.task_id, taskId), eq(skillGroups.created_by, ownerId)))
    .orderBy(asc(taskXSkillGroup.position), asc(taskXSkillGroup.created_at), asc(skillGroups.id));
  const skillsByGroup = await loadSkillsOfGroups(
    db,
    ownerId,
    groupRows.map((r) => r.group.id),
  );
  const skill_groups: RubricGroup[] = groupRows.map(({ group, position }) => ({
    ...toGroupBase(group),
    position,
    skills: skillsByGroup.get(group.id) ?? [],
  }));
  return { task_id: taskId, skill_groups };
}

// ---- ownership ----

async function ownedGroup(db: Executor, ownerId: string, id: string): Promise<GroupRow> {
  const [row] = await db
    .select()
    .from(skillGroups)
    .where(and(eq(skillGroups.id, id), eq(skillGroups.created_by, ownerId)));
  if (!row) throw new AppError('SKILL_GROUP_NOT_FOUND');
  return row;
}

async function ownedSkill(db: Executor, ownerId: string, id: string): Promise<SkillRow> {
  const [row] = await db
    .select()
    .from(skills)
    .where(and(eq(skills.id, id), eq(skills.created_by, ownerId)));
  if (!row) throw new AppError('SKILL_NOT_FOUND');
  return row;
}

async function ownedDetail(db: Executor, ownerId: string, id: string): Promise<DetailRow> {
  const [row] = await db
    .select()
    .from(skillDetails)
    .where(and(eq(skillDetails.skillDetail_id, id), eq(skillDetails.created_by, ownerId)));
  if (!row) throw new AppError('SKILL_DETAIL_NOT_FOUND');
  return row;
}

/** 404 unless the task is the owner's; otherwise its rubric. */
export async function getRubric(db: Executor, ownerId: string, taskId: string): Promise<TaskRubric> {
  const rubric = await loadRubric(db, ownerId, taskId);
  if (!rubric) throw new AppError('TASK_NOT_FOUND');
  return rubric;
}

// ---- skill groups ----

async function groupResponse(db: Executor, ownerId: string, row: GroupRow): Promise<SkillGroupResponse> {
  const skillsByGroup = await loadSkillsOfGroups(db, ownerId, [row.id]);
  return { ...toGroupBase(row), skills: skillsByGroup.get(row.id) ?? [] };
}

/** Every group of the owner (the library to reuse from), last changed first, with skills and task ids. */
export async function listSkillGroups(db: Executor, ownerId: string): Promise<SkillGroupWithSkills[]> {
  const rows = await db
    .select()
    .from(skillGroups)
    .where(eq(skillGroups.created_by, ownerId))
    .orderBy(desc(skillGroups.updated_at), asc(skillGroups.id));
  const ids = rows.map((r) => r.id);
  const skillsByGroup = await loadSkillsOfGroups(db, ownerId, ids);
  const links =
    ids.length === 0
      ? []
      : await db
          .select({ task_id: taskXSkillGroup.task_id, group_id: taskXSkillGroup.skillGroup_id })
          .from(taskXSkillGroup)
          .where(and(inArray(taskXSkillGroup.skillGroup_id, ids), eq(taskXSkillGroup.created_by, ownerId)));
  return rows.map((row) => ({
    ...toGroupBase(row),
    skills: skillsByGroup.get(row.id) ?? [],
    task_ids: links.filter((l) => l.group_id === row.id).map((l) => l.task_id),
  }));
}

export async function getSkillGroup(db: Executor, ownerId: string, id: string): Promise<SkillGroupResponse> {
  return groupResponse(db, ownerId, await ownedGroup(db, ownerId, id));
}

/** The next free position at the end of a task's rubric. */
async function nextGroupPosition(db: Executor, taskId: string): Promise<number> {
  const [row] = await db
    .select({ last: max(taskXSkillGroup.position) })
    .from(taskXSkillGroup)
    .where(eq(taskXSkillGroup.task_id, taskId));
  return (row?.last ?? -1) + 1;
}

export async function createSkillGroup(
  db: Executor,
  ownerId: string,
  input: z.infer<typeof ZCreateSkillGroupRequest>,
): Promise<SkillGroupResponse> {
  return db.transaction(async (tx) => {
    if (input.task_id) await assertOwnsTask(tx, ownerId, input.task_id);
    const [row] = await tx
      .insert(skillGroups)
      .values({ name: input.name, description: input.description, created_by: ownerId })
      .returning();
    if (input.task_id) {
      await tx.insert(taskXSkillGroup).values({
        task_id: input.task_id,
        skillGroup_id: row!.id,
        position: await nextGroupPosition(tx, input.task_id),
        created_by: ownerId,
      });
    }
    return { ...toGroupBase(row!), skills: [] };
  });
}

export async function updateSkillGroup(
  db: Executor,
  ownerId: string,
  id: string,
  input: UpdateSkillGroupRequest,
): Promise<SkillGroupResponse> {
  const [row] = await db
    .update(skillGroups)
    // updated_at in every SET: an empty change is a valid no-op, not an empty UPDATE.
    .set({ ...input, updated_at: sql`now()` })
    .where(and(eq(skillGroups.id, id), eq(skillGroups.created_by, ownerId)))
    .returning();
  if (!row) throw new AppError('SKILL_GROUP_NOT_FOUND');
  return groupResponse(db, ownerId, row);
}

/** Deletes the group everywhere: its skills, details, criteria and task links go with it (cascade). */
export async function deleteSkillGroup(db: Executor, ownerId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(skillGroups)
    .where(and(eq(skillGroups.id, id), eq(skillGroups.created_by, ownerId)))
    .returning({ id: skillGroups.id });
  if (deleted.length === 0) throw new AppError('SKILL_GROUP_NOT_FOUND');
}

/** Deletes those of `groupIds` that no task uses any more (schema: unused groups are cleaned up by the API). */
async function deleteOrphanedGroups(
  db: Executor,
  ownerId: string,
  groupIds: readonly string[],
): Promise<void> {
  if (groupIds.length === 0) return;
  await db
    .delete(skillGroups)
    .where(
      and(
        inArray(skillGroups.id, [...groupIds]),
        eq(skillGroups.created_by, ownerId),
        sql`not exists (select 1 from ${taskXSkillGroup} where ${taskXSkillGroup.skillGroup_id} = ${skillGroups.id})`,
      ),
    );
}

/** Reuses one of the owner's groups in a task's rubric (appended; already linked: unchanged). */
export async function linkSkillGroup(
  db: Executor,
  ownerId: string,
  taskId: string,
  groupId: string,
): Promise<TaskRubric> {
  return db.transaction(async (tx) => {
    await assertOwnsTask(tx, ownerId, taskId);
    await ownedGroup(tx, ownerId, groupId);
    await tx
      .insert(taskXSkillGroup)
      .values({
        task_id: taskId,
        skillGroup_id: groupId,
        position: await nextGroupPosition(tx, taskId),
        created_by: ownerId,
      })
      .onConflictDoNothing();
    return getRubric(tx, ownerId, taskId);
  });
}

/** Takes a group out of a task's rubric; a group no task uses any more is deleted with its skills. */
export async function unlinkSkillGroup(
  db: Executor,
  ownerId: string,
  taskId: string,
  groupId: string,
): Promise<TaskRubric> {
  return db.transaction(async (tx) => {
    await assertOwnsTask(tx, ownerId, taskId);
    const deleted = await tx
      .delete(taskXSkillGroup)
      .where(
        and(
          eq(taskXSkillGroup.task_id, taskId),
          eq(taskXSkillGroup.skillGroup_id, groupId),
          eq(taskXSkillGroup.created_by, ownerId),
        ),
      )
      .returning({ id: taskXSkillGroup.skillGroup_id });
    if (deleted.length === 0) throw new AppError('SKILL_GROUP_NOT_FOUND');
    await deleteOrphanedGroups(tx, ownerId, [groupId]);
    return getRubric(tx, ownerId, taskId);
  });
}

/** `ids` must be exactly the current set, else 409 RUBRIC_ORDER_MISMATCH (another tab changed it). */
function assertSameSet(current: readonly string[], ids: readonly string[]): void {
  const wanted = new Set(ids);
  if (wanted.size !== ids.length || wanted.size !== current.length || !current.every((id) => wanted.has(id)))
    throw new AppError('RUBRIC_ORDER_MISMATCH');
}

export async function reorderTaskGroups(
  db: Executor,
  ownerId: string,
  taskId: string,
  ids: readonly string[],
): Promise<TaskRubric> {
  return db.transaction(async (tx) => {
    await assertOwnsTask(tx, ownerId, taskId);
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
    return getRubric(tx, ownerId, taskId);
  });
}

// ---- skills ----

export async function createSkill(
  db: Executor,
  ownerId: string,
  input: z.infer<typeof ZCreateSkillRequest>,
): Promise<RubricSkill> {
  return db.transaction(async (tx) => {
    await ownedGroup(tx, ownerId, input.group_id);
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
        created_by: ownerId,
      })
      .returning();
    await tx
      .insert(skillXSkillGroup)
      .values({ skill_id: row!.id, group_id: input.group_id, created_by: ownerId });
    await touchGroup(tx, input.group_id);
    return toSkill(row!, []);
  });
}

/** A change to a skill counts as a change to its group (the library lists last changed first). */
async function touchGroup(db: Executor, groupId: string): Promise<void> {
  await db
    .update(skillGroups)
    .set({ updated_at: sql`now()` })
    .where(eq(skillGroups.id, groupId));
}

async function detailsOf(db: Executor, skillId: string): Promise<SkillDetail[]> {
  const rows = await db
    .select()
    .from(skillDetails)
    .where(eq(skillDetails.skill_id, skillId))
    .orderBy(asc(skillDetails.score), asc(skillDetails.created_at), asc(skillDetails.skillDetail_id));
  return rows.map(toDetail);
}

/**
 * Changes a skill. A lower maxScore than an existing detail's score is refused (409
 * MAX_SCORE_BELOW_DETAILS) rather than silently deleting the teacher's descriptors.
 */
export async function updateSkill(
  db: Executor,
  ownerId: string,
  id: string,
  input: UpdateSkillRequest,
): Promise<RubricSkill> {
  return db.transaction(async (tx) => {
    const current = await ownedSkill(tx, ownerId, id);
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

export async function deleteSkill(db: Executor, ownerId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(skills)
    .where(and(eq(skills.id, id), eq(skills.created_by, ownerId)))
    .returning({ group_id: skills.group_id });
  if (deleted.length === 0) throw new AppError('SKILL_NOT_FOUND');
  await touchGroup(db, deleted[0]!.group_id);
}

export async function reorderSkills(
  db: Executor,
  ownerId: string,
  groupId: string,
  ids: readonly string[],
): Promise<SkillGroupResponse> {
  return db.transaction(async (tx) => {
    const group = await ownedGroup(tx, ownerId, groupId);
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
    return groupResponse(tx, ownerId, group);
  });
}

// ---- skill details ----

export async function listSkillDetails(
  db: Executor,
  ownerId: string,
  skillId: string,
): Promise<SkillDetail[]> {
  await ownedSkill(db, ownerId, skillId);
  return detailsOf(db, skillId);
}

export async function createSkillDetail(
  db: Executor,
  ownerId: string,
  input: z.infer<typeof ZCreateSkillDetailRequest>,
): Promise<SkillDetail> {
  return db.transaction(async (tx) => {
    const skill = await ownedSkill(tx, ownerId, input.skill_id);
    if (input.score > skill.maxScore) throw new AppError('SCORE_ABOVE_MAX');
    const [row] = await tx
      .insert(skillDetails)
      .values({ ...input, created_by: ownerId })
      .returning();
    await touchGroup(tx, skill.group_id);
    return toDetail(row!);
  });
}

export async function updateSkillDetail(
  db: Executor,
  ownerId: string,
  id: string,
  input: UpdateSkillDetailRequest,
): Promise<SkillDetail> {
  return db.transaction(async (tx) => {
    const current = await ownedDetail(tx, ownerId, id);
    const skill = await ownedSkill(tx, ownerId, current.skill_id);
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

export async function deleteSkillDetail(db: Executor, ownerId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(skillDetails)
    .where(and(eq(skillDetails.skillDetail_id, id), eq(skillDetails.created_by, ownerId)))
    .returning({ id: skillDetails.skillDetail_id });
  if (deleted.length === 0) throw new AppError('SKILL_DETAIL_NOT_FOUND');
}

// ---- raw source criteria ----

const toCriterion = (row: typeof rawSourceCriteria.$inferSelect): RawSourceCriterion => ({
  id: row.id,
  skill_group_id: row.skill_group_id,
  value: row.value,
  created_by: row.created_by,
  created_at: iso(row.created_at),
});

export async function listCriteria(
  db: Executor,
  ownerId: string,
  groupId: string,
): Promise<RawSourceCriterion[]> {
  await ownedGroup(db, ownerId, groupId);
  const rows = await db
    .select()
    .from(rawSourceCriteria)
    .where(eq(rawSourceCriteria.skill_group_id, groupId))
    .orderBy(asc(rawSourceCriteria.created_at), asc(rawSourceCriteria.id));
  return rows.map(toCriterion);
}

export async function createCriterion(
  db: Executor,
  ownerId: string,
  input: { skill_group_id: string; value: string },
): Promise<RawSourceCriterion> {
  await ownedGroup(db, ownerId, input.skill_group_id);
  const [row] = await db
    .insert(rawSourceCriteria)
    .values({ ...input, created_by: ownerId })
    .returning();
  return toCriterion(row!);
}

export async function updateCriterion(
  db: Executor,
  ownerId: string,
  id: string,
  value: string,
): Promise<RawSourceCriterion> {
  const [row] = await db
    .update(rawSourceCriteria)
    .set({ value })
    .where(and(eq(rawSourceCriteria.id, id), eq(rawSourceCriteria.created_by, ownerId)))
    .returning();
  if (!row) throw new AppError('CRITERION_NOT_FOUND');
  return toCriterion(row);
}

export async function deleteCriterion(db: Executor, ownerId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(rawSourceCriteria)
    .where(and(eq(rawSourceCriteria.id, id), eq(rawSourceCriteria.created_by, ownerId)))
    .returning({ id: rawSourceCriteria.id });
  if (deleted.length === 0) throw new AppError('CRITERION_NOT_FOUND');
}

// ---- clusters ----

const toCluster = (row: typeof clusters.$inferSelect): Cluster => ({
  id: row.id,
  name: row.name,
  description: row.description,
  criteria: row.criteria,
  created_at: iso(row.created_at),
  created_by: row.created_by,
  updated_at: iso(row.updated_at),
});

export async function listClusters(db: Executor, ownerId: string): Promise<Cluster[]> {
  const rows = await db
    .select()
    .from(clusters)
    .where(eq(clusters.created_by, ownerId))
    .orderBy(desc(clusters.updated_at), asc(clusters.id));
  return rows.map(toCluster);
}

/** The owner's clusters among `ids`; 404 CLUSTER_NOT_FOUND when one is missing or someone else's. */
export async function ownedClusters(
  db: Executor,
  ownerId: string,
  ids: readonly string[],
): Promise<Cluster[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(clusters)
    .where(and(inArray(clusters.id, [...ids]), eq(clusters.created_by, ownerId)));
  if (rows.length !== new Set(ids).size) throw new AppError('CLUSTER_NOT_FOUND');
  return rows.map(toCluster);
}

export async function createCluster(
  db: Executor,
  ownerId: string,
  input: z.infer<typeof ZCreateClusterRequest>,
): Promise<Cluster> {
  const [row] = await db
    .insert(clusters)
    .values({ ...input, created_by: ownerId })
    .returning();
  return toCluster(row!);
}

export async function updateCluster(
  db: Executor,
  ownerId: string,
  id: string,
  input: UpdateClusterRequest,
): Promise<Cluster> {
  const [row] = await db
    .update(clusters)
    .set({ ...input, updated_at: sql`now()` })
    .where(and(eq(clusters.id, id), eq(clusters.created_by, ownerId)))
    .returning();
  if (!row) throw new AppError('CLUSTER_NOT_FOUND');
  return toCluster(row);
}

export async function deleteCluster(db: Executor, ownerId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(clusters)
    .where(and(eq(clusters.id, id), eq(clusters.created_by, ownerId)))
    .returning({ id: clusters.id });
  if (deleted.length === 0) throw new AppError('CLUSTER_NOT_FOUND');
}

// ---- saving a generated rubric ----

export interface NewRubricGroup {
  id: string;
  name: string;
  description: string;
  skills: {
    id: string;
    name: string;
    description: string;
    maxScore: number;
    levels: { score: number; requirements: string }[];
  }[];
}

/**
 * Saves generated groups into a task's rubric in one transaction. `replace` (spec §4: the default) first
 * takes the task's existing groups out of it; those no other task uses are deleted with their skills.
 */
export async function saveRubricGroups(
  db: Executor,
  ownerId: string,
  taskId: string,
  groups: readonly NewRubricGroup[],
  replace: boolean,
): Promise<TaskRubric> {
  return db.transaction(async (tx) => {
    await assertOwnsTask(tx, ownerId, taskId);
    if (replace) {
      const removed = await tx
        .delete(taskXSkillGroup)
        .where(eq(taskXSkillGroup.task_id, taskId))
        .returning({ id: taskXSkillGroup.skillGroup_id });
      await deleteOrphanedGroups(
        tx,
        ownerId,
        removed.map((r) => r.id),
      );
    }
    let position = await nextGroupPosition(tx, taskId);
    for (const group of groups) {
      await tx
        .insert(skillGroups)
        .values({ id: group.id, name: group.name, description: group.description, created_by: ownerId });
      await tx
        .insert(taskXSkillGroup)
        .values({ task_id: taskId, skillGroup_id: group.id, position: position++, created_by: ownerId });
      if (group.skills.length === 0) continue;
      await tx.insert(skills).values(
        group.skills.map((skill, index) => ({
          id: skill.id,
          name: skill.name,
          description: skill.description,
          maxScore: skill.maxScore,
          position: index,
          group_id: group.id,
          created_by: ownerId,
        })),
      );
      await tx
        .insert(skillXSkillGroup)
        .values(
          group.skills.map((skill) => ({ skill_id: skill.id, group_id: group.id, created_by: ownerId })),
        );
      const details = group.skills.flatMap((skill) =>
        skill.levels.map((level) => ({
          skill_id: skill.id,
          score: level.score,
          value: level.requirements,
          created_by: ownerId,
        })),
      );
      if (details.length > 0) await tx.insert(skillDetails).values(details);
    }
    return getRubric(tx, ownerId, taskId);
  });
}
