import { z } from 'zod';
import { ZTimestamp, zRequiredString } from './common';
import { errorMessages } from './errors';
import { ZId, ZUserId, zId } from './ids';
import { zMultiline } from './text';

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

/** A level as the AI service's `get_skill_levels` returns it (PRODUCT.md §7). */
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
  /** Order within its group (ascending). */
  position: z.number().int(),
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

// ---- A task's rubric as one document (GET /api/tasks/:taskId/rubric; the feedback job and grading view) ----

/** A skill of a rubric: always with its descriptors, sorted by score. */
export const ZRubricSkill = ZSkill.omit({ details: true, levels: true }).extend({
  details: z.array(ZSkillDetail),
});
export type RubricSkill = z.infer<typeof ZRubricSkill>;

/** A skill group as part of one task's rubric: its position there and its skills in order. */
export const ZRubricGroup = ZSkillGroup.omit({ skills: true }).extend({
  /** Order of the group within this task's rubric (a reused group may sit elsewhere in another task). */
  position: z.number().int(),
  skills: z.array(ZRubricSkill),
});
export type RubricGroup = z.infer<typeof ZRubricGroup>;

export const ZTaskRubric = z.object({
  task_id: ZId,
  skill_groups: z.array(ZRubricGroup),
});
export type TaskRubric = z.infer<typeof ZTaskRubric>;

// ---- Requests and responses of the rubric resources (ARCHITECTURE.md §6) ----

/** Upper bound of a skill's maximum score: a rubric grid of 0..20 is already wide. */
export const MAX_SKILL_SCORE = 20;

const zName = () => zRequiredString(errorMessages.NAME_REQUIRED).pipe(z.string().max(500));
const zText = () => zMultiline().max(20_000);
const zScore = () => z.number().int().min(0).max(MAX_SKILL_SCORE);

/** A group with all its skills and their details, as the library of reusable groups lists it. */
export const ZSkillGroupWithSkills = ZSkillGroup.omit({ skills: true }).extend({
  skills: z.array(ZRubricSkill),
  /** The caller's tasks whose rubric contains this group. */
  task_ids: z.array(ZId),
});
export type SkillGroupWithSkills = z.infer<typeof ZSkillGroupWithSkills>;
export const ZListSkillGroupsResponse = z.array(ZSkillGroupWithSkills);

/** `POST /api/skill-groups`; with `task_id` the group is appended to that task's rubric. */
export const ZCreateSkillGroupRequest = z.object({
  name: zName(),
  description: zText().default(''),
  task_id: ZId.optional(),
});
export type CreateSkillGroupRequest = z.input<typeof ZCreateSkillGroupRequest>;
export const ZUpdateSkillGroupRequest = z.object({ name: zName(), description: zText() }).partial();
export type UpdateSkillGroupRequest = z.infer<typeof ZUpdateSkillGroupRequest>;
/** A group as create/update answer it: with its skills, without the task list. */
export const ZSkillGroupResponse = ZSkillGroup.omit({ skills: true }).extend({
  skills: z.array(ZRubricSkill),
});
export type SkillGroupResponse = z.infer<typeof ZSkillGroupResponse>;

/** `POST /api/skills`: appended to the end of its group. */
export const ZCreateSkillRequest = z.object({
  group_id: ZId,
  name: zName(),
  description: zText().default(''),
  maxScore: zScore(),
});
export type CreateSkillRequest = z.input<typeof ZCreateSkillRequest>;
/** Lowering maxScore below an existing detail's score answers 409 MAX_SCORE_BELOW_DETAILS. */
export const ZUpdateSkillRequest = z
  .object({ name: zName(), description: zText(), maxScore: zScore() })
  .partial();
export type UpdateSkillRequest = z.infer<typeof ZUpdateSkillRequest>;

/** `POST /api/skill-details`: a score above the skill's maxScore answers 400 SCORE_ABOVE_MAX. */
export const ZCreateSkillDetailRequest = z.object({
  skill_id: ZId,
  score: zScore(),
  value: zText().default(''),
  requirements: zText().nullable().default(null),
  example: zText().nullable().default(null),
});
export type CreateSkillDetailRequest = z.input<typeof ZCreateSkillDetailRequest>;
export const ZUpdateSkillDetailRequest = z
  .object({ score: zScore(), value: zText(), requirements: zText().nullable(), example: zText().nullable() })
  .partial();
export type UpdateSkillDetailRequest = z.infer<typeof ZUpdateSkillDetailRequest>;
export const ZListSkillDetailsRequest = z.object({ skillId: ZId });
export const ZListSkillDetailsResponse = z.array(ZSkillDetail);

export const ZListCriteriaRequest = z.object({ skillGroupId: ZId });
export const ZListCriteriaResponse = z.array(ZRawSourceCriterion);
export const ZCreateCriterionRequest = z.object({
  skill_group_id: ZId,
  value: zRequiredString(errorMessages.VALIDATION_FAILED).pipe(zText()),
});
export type CreateCriterionRequest = z.infer<typeof ZCreateCriterionRequest>;
export const ZUpdateCriterionRequest = z.object({
  value: zRequiredString(errorMessages.VALIDATION_FAILED).pipe(zText()),
});

/** `/api/tasks/:taskId/…` params. */
export const ZTaskIdParams = z.object({ taskId: zId(errorMessages.TASK_ID_MISSING) });
export const ZTaskGroupParams = z.object({ taskId: zId(errorMessages.TASK_ID_MISSING), groupId: ZId });

/** `POST /api/tasks/:taskId/skill-groups`: reuse one of the caller's groups in this task (appended). */
export const ZLinkSkillGroupRequest = z.object({ skillGroup_id: ZId });

/** New order: exactly the ids there are (the task's groups, or the group's skills), first to last. */
export const ZReorderRequest = z.object({ ids: z.array(ZId).max(500) });
export type ReorderRequest = z.infer<typeof ZReorderRequest>;

export const ZDeletedResponse = z.object({ id: ZId });

// ---- Skill generation (PRODUCT.md §4 "competence generation step", §7 get_skills / get_skill_levels) ----

export const ZGenerateSkillsRequest = z.object({ cluster_ids: z.array(ZId).max(50).default([]) });
export type GenerateSkillsRequest = z.input<typeof ZGenerateSkillsRequest>;

/** A proposed skill the teacher edits before the levels are generated. */
export const ZProposedSkill = z.object({
  name: zName(),
  description: zText().default(''),
  maxScore: z.number().int().min(1).max(MAX_SKILL_SCORE),
});
export type ProposedSkill = z.infer<typeof ZProposedSkill>;
export const ZProposedSkillGroup = z.object({
  name: zName(),
  description: zText().default(''),
  skills: z.array(ZProposedSkill).min(1).max(50),
});
export type ProposedSkillGroup = z.infer<typeof ZProposedSkillGroup>;
export const ZGenerateSkillsResponse = z.object({ skill_groups: z.array(ZProposedSkillGroup) });
export type GenerateSkillsResponse = z.infer<typeof ZGenerateSkillsResponse>;

/**
 * `POST /api/tasks/:taskId/rubric/generate/levels`: the edited proposal; levels are generated and everything
 * is saved in one transaction. `replace` (default, PRODUCT.md §4) removes the task's existing groups first.
 */
export const ZSaveGeneratedRubricRequest = z.object({
  skill_groups: z.array(ZProposedSkillGroup).min(1).max(30),
  replace: z.boolean().default(true),
});
export type SaveGeneratedRubricRequest = z.input<typeof ZSaveGeneratedRubricRequest>;

/** The default maxScore of a proposed skill when the AI suggests none. */
export const DEFAULT_PROPOSED_MAX_SCORE = 3;
