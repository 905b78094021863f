import { z } from 'zod';
import { ZTimestamp } from './common';
import { ZId, ZUserId } from './ids';

/** One descriptor of a skill per score level (table `skillDetail`). */
export const ZSkillDetail = z.object({
  skillDetail_id: ZId,
  skill_id: ZId,
  /** The requirement text shown for this level. */
  value: z.string(),
  score: z.number().int().min(0),
  requirements: z.string().nullable(),
  example: z.string().nullable(),
  created_at: ZTimestamp,
  created_by: ZUserId,
});
export type SkillDetail = z.infer<typeof ZSkillDetail>;

/** A level as the AI service's `get_skill_levels` returns it (spec §7). */
export const ZSkillLevel = z.object({
  score: z.number().int().min(0),
  requirements: z.string(),
});
export type SkillLevel = z.infer<typeof ZSkillLevel>;

export const ZSkill = z.object({
  id: ZId,
  name: z.string(),
  description: z.string(),
  maxScore: z.number().int().min(0),
  group_id: ZId,
  created_at: ZTimestamp,
  created_by: ZUserId,
  /** The skill's saved descriptors, when loaded with it. */
  details: z.array(ZSkillDetail).optional(),
  /** Suggested levels (AI), when present. */
  levels: z.array(ZSkillLevel).optional(),
});
export type Skill = z.infer<typeof ZSkill>;

export const ZSkillGroup = z.object({
  id: ZId,
  name: z.string(),
  description: z.string(),
  created_at: ZTimestamp,
  created_by: ZUserId,
  updated_at: ZTimestamp,
  /** The group's skills, when loaded with it. */
  skills: z.array(ZSkill).optional(),
});
export type SkillGroup = z.infer<typeof ZSkillGroup>;

/** Source text a skill group was derived from (table `rawSourceCriteria`). */
export const ZRawSourceCriterion = z.object({
  id: ZId,
  skill_group_id: ZId,
  value: z.string(),
  created_by: ZUserId,
  created_at: ZTimestamp,
});
export type RawSourceCriterion = z.infer<typeof ZRawSourceCriterion>;

/** Link `task_x_skillGroup`. */
export const ZTaskXSkillGroup = z.object({
  task_id: ZId,
  skillGroup_id: ZId,
  created_by: ZUserId,
});
export type TaskXSkillGroup = z.infer<typeof ZTaskXSkillGroup>;

/** Link `skill_x_skillGroup`. */
export const ZSkillXSkillGroup = z.object({
  skill_id: ZId,
  group_id: ZId,
  created_by: ZUserId,
});
export type SkillXSkillGroup = z.infer<typeof ZSkillXSkillGroup>;
