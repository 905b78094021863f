import {
  DEFAULT_PROPOSED_MAX_SCORE,
  newId,
  type GenerateSkillsResponse,
  type TaskRubric,
  type ZSaveGeneratedRubricRequest,
} from '@app/contract';
import type { z } from 'zod';
import { AiError, type AiGateway } from '../../../ai/types';
import type { Executor } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { aiTaskContext } from './ai-context';
import { ownedClusters, saveRubricGroups, type NewRubricGroup } from './service';

// The competence generation step (spec §4): clusters → get_skills → the teacher edits the proposal →
// get_skill_levels → everything saved in one transaction. The AI sees the task's text, subject and class,
// never student data. Generation costs no coins (coins pay for feedback jobs, ADR 009).

/** The gateway, or 503 AI_NOT_CONFIGURED when AI_PROVIDER=none. */
export function requireAi(ai: AiGateway | null): AiGateway {
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

/** get_skills for one of the owner's tasks: a proposal the teacher edits; nothing is stored. */
export async function proposeSkills(
  db: Executor,
  ai: AiGateway,
  ownerId: string,
  taskId: string,
  clusterIds: readonly string[],
): Promise<GenerateSkillsResponse> {
  const context = await aiTaskContext(db, ownerId, taskId);
  const clusters = await ownedClusters(db, ownerId, clusterIds);
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

/**
 * get_skill_levels for the teacher's edited proposal, then one transaction that saves groups, skills and the
 * levels as skill details (by default replacing the task's rubric). A failed or unusable AI answer throws
 * before anything is written.
 */
export async function generateRubric(
  db: Executor,
  ai: AiGateway,
  ownerId: string,
  taskId: string,
  input: z.infer<typeof ZSaveGeneratedRubricRequest>,
): Promise<TaskRubric> {
  const context = await aiTaskContext(db, ownerId, taskId);
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
  return saveRubricGroups(db, ownerId, taskId, groups, input.replace);
}
