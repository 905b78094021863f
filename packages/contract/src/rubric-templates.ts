import { z } from 'zod';
import { ZTimestamp, zRequiredString } from './common';
import { errorMessages } from './errors';
import { ZId } from './ids';
import { MAX_SKILL_SCORE } from './skills';
import { zLine, zMultiline } from './text';

// The rubric library: a task's rubric saved as a template (skill groups, skills and their levels) with a
// subject, grades and a description, kept private or shared with every teacher of the same school on this
// server, and used in another task as an independent copy. The project ships starter templates too.

export const RUBRIC_TEMPLATE_VISIBILITIES = ['private', 'school'] as const;
export const ZRubricTemplateVisibility = z.enum(RUBRIC_TEMPLATE_VISIBILITIES);
export type RubricTemplateVisibility = z.infer<typeof ZRubricTemplateVisibility>;

/**
 * The rubric as a template keeps it: names, texts, maximum scores, one descriptor per level, and each group's
 * source criteria.
 */
export const ZRubricTemplateContent = z.object({
  skill_groups: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      /** The criteria the group was made from (raw source criteria). */
      criteria: z.array(z.string()).default([]),
      skills: z.array(
        z.object({
          name: z.string(),
          description: z.string(),
          max_score: z.number().int().min(0).max(MAX_SKILL_SCORE),
          levels: z.array(z.object({ score: z.number().int().min(0), text: z.string() })),
        }),
      ),
    }),
  ),
});
export type RubricTemplateContent = z.infer<typeof ZRubricTemplateContent>;
/** A content as written by hand (the starter templates): criteria may be left out. */
export type RubricTemplateContentInput = z.input<typeof ZRubricTemplateContent>;

/** A template as the library lists it. */
export const ZRubricTemplateSummary = z.object({
  id: ZId,
  title: z.string(),
  description: z.string(),
  subject: z.string(),
  /** Free text as German schools write it: „7“, „5–10“, „Q1“. */
  grade: z.string(),
  visibility: ZRubricTemplateVisibility,
  /** Shipped with the project; nobody's, nobody changes it. */
  starter: z.boolean(),
  /** The caller's own template (they may change and delete it). */
  mine: z.boolean(),
  /** Who saved it (from their profile; empty for starter templates and unknown names). */
  author_name: z.string(),
  skill_group_count: z.number().int().min(0),
  skill_count: z.number().int().min(0),
  updated_at: ZTimestamp,
});
export type RubricTemplateSummary = z.infer<typeof ZRubricTemplateSummary>;

export const ZRubricTemplate = ZRubricTemplateSummary.extend({ content: ZRubricTemplateContent });
export type RubricTemplate = z.infer<typeof ZRubricTemplate>;

/** `GET /api/rubric-templates?q=&subject=&grade=`: the caller's, their school's and the starter templates. */
export const ZListRubricTemplatesQuery = z.object({
  q: zLine().max(200).optional(),
  subject: zLine().max(200).optional(),
  grade: zLine().max(50).optional(),
});
export type ListRubricTemplatesQuery = z.infer<typeof ZListRubricTemplatesQuery>;
export const ZListRubricTemplatesResponse = z.object({ templates: z.array(ZRubricTemplateSummary) });
export type ListRubricTemplatesResponse = z.infer<typeof ZListRubricTemplatesResponse>;

const missing = errorMessages.RUBRIC_TEMPLATE_FIELDS_MISSING;
const templateFields = {
  title: zRequiredString(missing).pipe(zLine().max(200)),
  description: zMultiline().max(5000).default(''),
  subject: zRequiredString(missing).pipe(zLine().max(100)),
  grade: zRequiredString(missing).pipe(zLine().max(50)),
  visibility: ZRubricTemplateVisibility.default('private'),
};

/** `POST /api/rubric-templates`: saves the rubric of a task the caller may view. */
export const ZCreateRubricTemplateRequest = z.object({ task_id: ZId, ...templateFields });
export type CreateRubricTemplateRequest = z.input<typeof ZCreateRubricTemplateRequest>;

/** `PATCH /api/rubric-templates/:id`: the caller's own template; the rubric itself stays as saved. */
export const ZUpdateRubricTemplateRequest = z
  .object({
    title: templateFields.title,
    description: zMultiline().max(5000),
    subject: templateFields.subject,
    grade: templateFields.grade,
    visibility: ZRubricTemplateVisibility,
  })
  .partial();
export type UpdateRubricTemplateRequest = z.infer<typeof ZUpdateRubricTemplateRequest>;

/**
 * `POST /api/tasks/:taskId/rubric/from-template`: a copy of the template's groups, skills and levels joins the
 * task's rubric (after its groups, or instead of them with `replace`); later edits change only the copy.
 */
export const ZUseRubricTemplateRequest = z.object({
  template_id: ZId,
  replace: z.boolean().default(false),
});
export type UseRubricTemplateRequest = z.input<typeof ZUseRubricTemplateRequest>;
