import {
  DEFAULT_PROPOSED_MAX_SCORE,
  newId,
  type GenerateSkillsResponse,
  type TaskRubric,
  type ZSaveGeneratedRubricRequest,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AiError, type AiGateway } from '../../ai/types';
import {
  rawSourceCriteria,
  skillDetails,
  skillGroups,
  skills,
  skillXSkillGroup,
  taskXSkillGroup,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requireTask } from '../access';
import { inTransaction, type Ctx } from '../context';
import { aiTaskContext } from './ai-context';
import { clustersOf } from './clusters';
import { deleteOrphanedGroups, nextGroupPosition } from './groups';
import { rubricOfTask } from './rubric';

// The competence generation step (PRODUCT.md §4): clusters → get_skills → the teacher edits the proposal →
// get_skill_levels → everything saved in one transaction. The AI sees the task's text, subject and class,
// never student data. Generation costs no coins (coins pay for feedback jobs, ADR 009).

/** The gateway, or 503 AI_NOT_CONFIGURED when AI_PROVIDER=none. */
function requireAi(ctx: Ctx): AiGateway {
  const { ai } = ctx.services;
  if (!ai) throw new AppError('AI_NOT_CONFIGURED');
  return ai;
}

/** A provider failure as the API's error: unusable output 502 AI_INVALID_RESPONSE, anything else 502 AI_FAILED. */
function aiFailure(err: unknown): unknown {
  if (!(err instanceof AiError)) return err;
  return new AppError(err.kind === 'invalid_response' ? 'AI_INVALID_RESPONSE' : 'AI_FAILED', undefined, {
    cause: err,
  });
}

/** get_skills for a task of the actor: a proposal the teacher edits; nothing is stored. */
export async function proposeSkills(
  ctx: Ctx,
  taskId: string,
  clusterIds: readonly string[],
): Promise<GenerateSkillsResponse> {
  const ai = requireAi(ctx);
  const viewer = await requireTask(ctx, taskId, 'manage');
  const context = await aiTaskContext(ctx.db, viewer, taskId);
  const clusters = await clustersOf(ctx, clusterIds);
  const output = await ai
    .getSkills({
      ...context,
      clusters: clusters.map(({ id, name, description, created_by, criteria }) => ({
        id,
        name,
        description,
        created_by,
        criteria,
      })),
    })
    .catch((err: unknown) => {
      throw aiFailure(err);
    });
  return {
    skill_groups: output.skill_groups.map((group) => ({
      name: group.name,
      description: group.description,
      skills: group.skills.map((skill) => ({
        name: skill.name,
        description: skill.description,
        maxScore: skill.maxScore ?? DEFAULT_PROPOSED_MAX_SCORE,
      })),
    })),
  };
}

export interface NewRubricGroup {
  id: string;
  name: string;
  description: string;
  /** Source criteria of the group (a template's); none for generated groups. */
  criteria?: readonly string[];
  skills: {
    id: string;
    name: string;
    description: string;
    maxScore: number;
    levels: { score: number; requirements: string }[];
  }[];
}

/**
 * get_skill_levels for the teacher's edited proposal, then one transaction that saves groups, skills and the
 * levels as skill details (by default replacing the task's rubric). A failed or unusable AI answer throws
 * before anything is written.
 */
export async function generateRubric(
  ctx: Ctx,
  taskId: string,
  input: z.infer<typeof ZSaveGeneratedRubricRequest>,
): Promise<TaskRubric> {
  const ai = requireAi(ctx);
  const viewer = await requireTask(ctx, taskId, 'manage');
  const context = await aiTaskContext(ctx.db, viewer, taskId);
  // Ids are ours from the start, so the answer's levels can be matched to the skills they belong to.
  const groups: NewRubricGroup[] = input.skill_groups.map((group) => ({
    id: newId(),
    name: group.name,
    description: group.description,
    skills: group.skills.map((skill) => ({ id: newId(), ...skill, levels: [] })),
  }));
  const output = await ai
    .getSkillLevels({
      task: context.task,
      subject: context.subject,
      classes: context.classes,
      skill_groups: groups.map((group) => ({
        id: group.id,
        name: group.name,
        description: group.description,
        skills: group.skills.map(({ id, name, description, maxScore }) => ({
          id,
          name,
          description,
          maxScore,
          levels: [],
        })),
      })),
    })
    .catch((err: unknown) => {
      throw aiFailure(err);
    });
  const skillsById = new Map(groups.flatMap((group) => group.skills.map((skill) => [skill.id, skill])));
  // checkSkillLevels (both providers) has refused skills we did not ask about and levels above a maximum; a
  // skill the answer skips stays without levels (the editor then shows it as incomplete).
  for (const group of output.skill_groups)
    for (const answered of group.skills) skillsById.get(answered.id)!.levels.push(...answered.levels);
  return saveRubricGroups(ctx, taskId, groups, input.replace);
}

/**
 * Saves generated groups into a task's rubric in one transaction (also the demo's rubrics, domain/demo). `replace` (PRODUCT.md §4: the default)
 * first takes the task's existing groups out of it; those no other task uses are deleted with their skills.
 */
export async function saveRubricGroups(
  ctx: Ctx,
  taskId: string,
  groups: readonly NewRubricGroup[],
  replace: boolean,
): Promise<TaskRubric> {
  return ctx.db.transaction(async (tx) => {
    const t = inTransaction(ctx, tx);
    const teacherId = await requireTask(t, taskId, 'manage');
    if (replace) {
      const removed = await tx
        .delete(taskXSkillGroup)
        .where(eq(taskXSkillGroup.task_id, taskId))
        .returning({ id: taskXSkillGroup.skillGroup_id });
      await deleteOrphanedGroups(
        t,
        removed.map((r) => r.id),
      );
    }
    let position = await nextGroupPosition(tx, taskId);
    for (const group of groups) {
      await tx
        .insert(skillGroups)
        .values({ id: group.id, name: group.name, description: group.description, created_by: teacherId });
      await tx
        .insert(taskXSkillGroup)
        .values({ task_id: taskId, skillGroup_id: group.id, position: position++, created_by: teacherId });
      if (group.criteria?.length)
        await tx
          .insert(rawSourceCriteria)
          .values(
            group.criteria.map((value) => ({ skill_group_id: group.id, value, created_by: teacherId })),
          );
      if (group.skills.length === 0) continue;
      await tx.insert(skills).values(
        group.skills.map((skill, index) => ({
          id: skill.id,
          name: skill.name,
          description: skill.description,
          maxScore: skill.maxScore,
          position: index,
          group_id: group.id,
          created_by: teacherId,
        })),
      );
      await tx
        .insert(skillXSkillGroup)
        .values(
          group.skills.map((skill) => ({ skill_id: skill.id, group_id: group.id, created_by: teacherId })),
        );
      const details = group.skills.flatMap((skill) =>
        skill.levels.map((level) => ({
          skill_id: skill.id,
          score: level.score,
          value: level.requirements,
          created_by: teacherId,
        })),
      );
      if (details.length > 0) await tx.insert(skillDetails).values(details);
    }
    return rubricOfTask(tx, teacherId, taskId);
  });
}
