import { sql } from 'drizzle-orm';
import { RUBRIC_TEMPLATE_VISIBILITIES, type RubricTemplateContent } from '@app/contract';
import { check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { audit, createdAt, entityId, oneOf, userId } from './columns';
import { tasks } from './tasks';

// The rubric of a task (ARCHITECTURE.md §1): skill groups → skills → one descriptor (skill detail) per score
// level.

/**
 * A cluster of criteria a teacher or organisation keeps to steer skill generation (PRODUCT.md §3, §7
 * get_skills).
 */
export const clusters = pgTable(
  'clusters',
  {
    id: entityId(),
    name: text().notNull(),
    description: text().notNull().default(''),
    criteria: text().notNull().default(''),
    ...audit(),
  },
  (t) => [index('clusters_created_by_updated_at_idx').on(t.created_by, t.updated_at.desc().nullsFirst())],
);

export const skillGroups = pgTable(
  'skill_groups',
  {
    id: entityId(),
    name: text().notNull(),
    description: text().notNull().default(''),
    ...audit(),
  },
  (t) => [index('skill_groups_created_by_idx').on(t.created_by)],
);

export const skills = pgTable(
  'skills',
  {
    id: entityId(),
    name: text().notNull(),
    description: text().notNull().default(''),
    maxScore: integer().notNull(),
    /** Order of the skill within its group (ascending; the rubric editor reorders). */
    position: integer().notNull().default(0),
    // CASCADE: a skill belongs to the group it was created in and goes with it.
    group_id: text()
      .notNull()
      .references(() => skillGroups.id, { onDelete: 'cascade' }),
    ...audit(),
  },
  (t) => [
    index('skills_group_id_idx').on(t.group_id),
    check('skills_max_score_check', sql`${t.maxScore} >= 0`),
  ],
);

/**
 * One descriptor of a skill at one score level (PRODUCT.md §3 "Skill detail / level"). Several per score are
 * allowed (PRODUCT.md §4 counts "at least one"). score <= the skill's maxScore spans two tables, so the API
 * checks it (SCORE_ABOVE_MAX); the database only guarantees score >= 0.
 */
export const skillDetails = pgTable(
  'skill_details',
  {
    skillDetail_id: entityId(),
    // CASCADE: descriptors are part of their skill.
    skill_id: text()
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    /** The requirement text of this level. */
    value: text().notNull().default(''),
    score: integer().notNull(),
    requirements: text(),
    example: text(),
    ...audit(),
  },
  (t) => [
    index('skill_details_skill_id_idx').on(t.skill_id),
    check('skill_details_score_check', sql`${t.score} >= 0`),
  ],
);

/** Source criteria a skill group was generated from (PRODUCT.md §3 "Raw source criterion"). */
export const rawSourceCriteria = pgTable(
  'raw_source_criteria',
  {
    id: entityId(),
    // CASCADE: the criteria only explain their group.
    skill_group_id: text()
      .notNull()
      .references(() => skillGroups.id, { onDelete: 'cascade' }),
    value: text().notNull(),
    created_by: userId().notNull(),
    created_at: createdAt(),
  },
  (t) => [index('raw_source_criteria_skill_group_id_idx').on(t.skill_group_id)],
);

/** Which skill groups make up a task's rubric (PRODUCT.md §3 task_x_skillGroup). */
export const taskXSkillGroup = pgTable(
  'task_x_skill_group',
  {
    // CASCADE on both sides: a link means nothing without either end. Deleting the link does not delete the
    // group (a group may be reused by another task); unused groups are cleaned up by the API.
    task_id: text()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    skillGroup_id: text()
      .notNull()
      .references(() => skillGroups.id, { onDelete: 'cascade' }),
    /** Order of the group within this task's rubric (ascending): a reused group may sit elsewhere in another. */
    position: integer().notNull().default(0),
    created_by: userId().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.task_id, t.skillGroup_id] }),
    index('task_x_skill_group_skill_group_id_idx').on(t.skillGroup_id),
  ],
);

/** Membership of skills in skill groups (PRODUCT.md §3 skill_x_skillGroup), beside skills.group_id. */
export const skillXSkillGroup = pgTable(
  'skill_x_skill_group',
  {
    // CASCADE on both sides, as for task_x_skill_group.
    skill_id: text()
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    group_id: text()
      .notNull()
      .references(() => skillGroups.id, { onDelete: 'cascade' }),
    created_by: userId().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.skill_id, t.group_id] }),
    index('skill_x_skill_group_group_id_idx').on(t.group_id),
  ],
);

/**
 * The rubric library (ADR 038): a rubric saved as a template, private or shared with the teachers of the
 * author's school (`school_key`, from the author's profile when shared). The content is a copy, not a link:
 * using it creates new skill groups in the task.
 */
export const rubricTemplates = pgTable(
  'rubric_templates',
  {
    id: entityId(),
    title: text().notNull(),
    description: text().notNull().default(''),
    subject: text().notNull(),
    grade: text().notNull(),
    visibility: text({ enum: RUBRIC_TEMPLATE_VISIBILITIES }).notNull().default('private'),
    /** The author's school (normalised state|city|name) while shared with it; null when private. */
    school_key: text(),
    content: jsonb().$type<RubricTemplateContent>().notNull(),
    ...audit(),
  },
  (t) => [
    index('rubric_templates_created_by_idx').on(t.created_by),
    index('rubric_templates_school_key_idx').on(t.school_key),
    check('rubric_templates_visibility_check', oneOf(t.visibility, RUBRIC_TEMPLATE_VISIBILITIES)),
  ],
);
