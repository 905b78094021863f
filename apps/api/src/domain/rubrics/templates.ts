import {
  newId,
  type CreateRubricTemplateRequest,
  type ListRubricTemplatesQuery,
  type RubricTemplate,
  type RubricTemplateContent,
  type RubricTemplateSummary,
  type TaskRubric,
  type UpdateRubricTemplateRequest,
  type UseRubricTemplateRequest,
  ZCreateRubricTemplateRequest,
  ZRubricTemplateContent,
  ZUseRubricTemplateRequest,
} from '@app/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rawSourceCriteria, rubricTemplates } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { iso } from '../../lib/dates';
import { fullName, namesOf } from '../../lib/student-names';
import { libraryTemplates, ownedBy, requireTask } from '../access';
import { actorId, cipherOf, type Ctx } from '../context';
import { getProfile } from '../profiles';
import { saveRubricGroups } from './generation';
import { rubricOfTask } from './rubric';
import { STARTER_TEMPLATES, type StarterTemplate } from './starter-templates';

// The rubric library (ADR 038): a task's rubric saved as a template, found by subject, grade and words, and
// used in another task as an independent copy (new skill groups, skills and levels the task's teacher owns).

/** The teacher's school as the library compares it; null without one in the profile. */
async function schoolKeyOf(ctx: Ctx): Promise<string | null> {
  const school = (await getProfile(ctx))?.meta_data.school;
  if (!school) return null;
  return [school.bundesland, school.city, school.schule].map((part) => normalize(part)).join('|');
}

/** Lower case, without accents and extra spaces: „Gymnasium Köln-Süd “ and „gymnasium koln-sud“ match. */
const normalize = (text: string) =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

const counts = (content: RubricTemplateContent) => ({
  skill_group_count: content.skill_groups.length,
  skill_count: content.skill_groups.reduce((sum, group) => sum + group.skills.length, 0),
});

type Row = typeof rubricTemplates.$inferSelect;

const fromRow = (row: Row, viewer: string, authorName: string): RubricTemplate => ({
  id: row.id,
  title: row.title,
  description: row.description,
  subject: row.subject,
  grade: row.grade,
  visibility: row.visibility,
  starter: false,
  mine: row.created_by === viewer,
  author_name: authorName,
  ...counts(row.content),
  updated_at: iso(row.updated_at),
  // Parsed: a template saved before a field was added gets its default.
  content: ZRubricTemplateContent.parse(row.content),
});

// A fixed date: the starter templates change only with a release.
const STARTERS_DATE = '2026-11-29T00:00:00.000Z';
const fromStarter = (starter: StarterTemplate): RubricTemplate => ({
  ...starter,
  content: ZRubricTemplateContent.parse(starter.content),
  visibility: 'school',
  starter: true,
  mine: false,
  author_name: '',
  ...counts(ZRubricTemplateContent.parse(starter.content)),
  updated_at: STARTERS_DATE,
});

/** Every template the viewer may see: their own, their school's and the starter templates. */
async function visibleTemplates(ctx: Ctx): Promise<RubricTemplate[]> {
  const viewer = actorId(ctx);
  const rows = await ctx.db
    .select()
    .from(rubricTemplates)
    .where(libraryTemplates(viewer, await schoolKeyOf(ctx)));
  const names = await namesOf(ctx.db, cipherOf(ctx), [...new Set(rows.map((row) => row.created_by))]);
  const name = (id: string) => fullName(names.get(id));
  return [
    ...rows.map((row) => fromRow(row, viewer, name(row.created_by))),
    ...STARTER_TEMPLATES.map(fromStarter),
  ];
}

/**
 * A grade filter matches the template's grade text, or a number inside its range: „7“ finds „5–10“ and
 * „7/8“; „Q1“ finds „Q1“.
 */
function gradeMatches(templateGrade: string, wanted: string): boolean {
  const want = normalize(wanted);
  const have = normalize(templateGrade);
  if (have === want || have.split(/[\s,/]+/).includes(want)) return true;
  const number = Number(want);
  if (!Number.isInteger(number)) return false;
  return [...have.matchAll(/(\d+)\s*[-–]\s*(\d+)/g)].some(
    ([, from, to]) => Number(from) <= number && number <= Number(to),
  );
}

/** The words of a template a search looks at: title, description, subject and the names of its parts. */
const searchText = (template: RubricTemplate) =>
  normalize(
    [
      template.title,
      template.description,
      template.subject,
      ...template.content.skill_groups.flatMap((group) => [group.name, ...group.skills.map((s) => s.name)]),
    ].join(' '),
  );

/**
 * `GET /api/rubric-templates`: the templates the caller may use, filtered by subject, grade and words (every
 * word must occur); the caller's own first, then their school's, then the starter templates, each newest first.
 */
export async function listRubricTemplates(
  ctx: Ctx,
  query: ListRubricTemplatesQuery,
): Promise<RubricTemplateSummary[]> {
  const words = normalize(query.q ?? '')
    .split(' ')
    .filter(Boolean);
  const subject = normalize(query.subject ?? '');
  const grade = (query.grade ?? '').trim();
  const rank = (t: RubricTemplate) => (t.mine ? 0 : t.starter ? 2 : 1);
  return (await visibleTemplates(ctx))
    .filter((t) => !subject || normalize(t.subject).includes(subject))
    .filter((t) => !grade || gradeMatches(t.grade, grade))
    .filter((t) => {
      const text = searchText(t);
      return words.every((word) => text.includes(word));
    })
    .sort((a, b) => rank(a) - rank(b) || b.updated_at.localeCompare(a.updated_at) || a.id.localeCompare(b.id))
    .map(({ content: _content, ...summary }) => summary);
}

/** `GET /api/rubric-templates/:id`: one template with its rubric; another school's or teacher's is 404. */
export async function getRubricTemplate(ctx: Ctx, id: string): Promise<RubricTemplate> {
  const template = (await visibleTemplates(ctx)).find((t) => t.id === id);
  if (!template) throw new AppError('RUBRIC_TEMPLATE_NOT_FOUND');
  return template;
}

/** The task's rubric as a template keeps it (names, texts, maxima, one descriptor per level, criteria). */
async function contentOf(ctx: Ctx, rubric: TaskRubric): Promise<RubricTemplateContent> {
  const groupIds = rubric.skill_groups.map((group) => group.id);
  const criteria =
    groupIds.length === 0
      ? []
      : await ctx.db
          .select({ group: rawSourceCriteria.skill_group_id, value: rawSourceCriteria.value })
          .from(rawSourceCriteria)
          .where(inArray(rawSourceCriteria.skill_group_id, groupIds))
          .orderBy(asc(rawSourceCriteria.created_at), asc(rawSourceCriteria.id));
  return {
    skill_groups: rubric.skill_groups.map((group) => ({
      name: group.name,
      description: group.description,
      criteria: criteria.filter((c) => c.group === group.id).map((c) => c.value),
      skills: group.skills.map((skill) => ({
        name: skill.name,
        description: skill.description,
        max_score: skill.maxScore,
        levels: skill.details
          .map((detail) => ({ score: detail.score, text: detail.value }))
          .sort((a, b) => a.score - b.score),
      })),
    })),
  };
}

/** A school to share with: the author's from their profile, or 409 RUBRIC_TEMPLATE_NO_SCHOOL. */
async function sharedSchool(ctx: Ctx, visibility: 'private' | 'school'): Promise<string | null> {
  if (visibility === 'private') return null;
  const key = await schoolKeyOf(ctx);
  if (!key) throw new AppError('RUBRIC_TEMPLATE_NO_SCHOOL');
  return key;
}

/** `POST /api/rubric-templates`: saves the rubric of a task the caller may view as a new template. */
export async function createRubricTemplate(
  ctx: Ctx,
  request: CreateRubricTemplateRequest,
): Promise<RubricTemplate> {
  const input = ZCreateRubricTemplateRequest.parse(request);
  const viewer = await requireTask(ctx, input.task_id, 'view');
  const content = await contentOf(ctx, await rubricOfTask(ctx.db, viewer, input.task_id));
  if (content.skill_groups.length === 0) throw new AppError('RUBRIC_TEMPLATE_EMPTY');
  const [row] = await ctx.db
    .insert(rubricTemplates)
    .values({
      id: newId(),
      title: input.title,
      description: input.description,
      subject: input.subject,
      grade: input.grade,
      visibility: input.visibility,
      school_key: await sharedSchool(ctx, input.visibility),
      content,
      created_by: viewer,
    })
    .returning();
  return getRubricTemplate(ctx, row!.id);
}

/** `PATCH /api/rubric-templates/:id`: the caller's own template only (others' are 404). */
export async function updateRubricTemplate(
  ctx: Ctx,
  id: string,
  input: UpdateRubricTemplateRequest,
): Promise<RubricTemplate> {
  const viewer = actorId(ctx);
  const school =
    input.visibility === undefined ? {} : { school_key: await sharedSchool(ctx, input.visibility) };
  const [row] = await ctx.db
    .update(rubricTemplates)
    .set({ ...input, ...school, updated_at: sql`now()` })
    .where(and(eq(rubricTemplates.id, id), ownedBy.rubricTemplates(viewer)))
    .returning({ id: rubricTemplates.id });
  if (!row) throw new AppError('RUBRIC_TEMPLATE_NOT_FOUND');
  return getRubricTemplate(ctx, id);
}

/** `DELETE /api/rubric-templates/:id`: the caller's own template; tasks that used it keep their copies. */
export async function deleteRubricTemplate(ctx: Ctx, id: string): Promise<void> {
  const deleted = await ctx.db
    .delete(rubricTemplates)
    .where(and(eq(rubricTemplates.id, id), ownedBy.rubricTemplates(actorId(ctx))))
    .returning({ id: rubricTemplates.id });
  if (deleted.length === 0) throw new AppError('RUBRIC_TEMPLATE_NOT_FOUND');
}

/**
 * `POST /api/tasks/:taskId/rubric/from-template`: a copy of the template joins the task's rubric (the task's
 * `manage` verb); the template and other tasks that used it stay as they are.
 */
export async function useRubricTemplate(
  ctx: Ctx,
  taskId: string,
  request: UseRubricTemplateRequest,
): Promise<TaskRubric> {
  const input = ZUseRubricTemplateRequest.parse(request);
  await requireTask(ctx, taskId, 'manage');
  const template = await getRubricTemplate(ctx, input.template_id);
  const groups = template.content.skill_groups.map((group) => ({
    id: newId(),
    name: group.name,
    description: group.description,
    criteria: group.criteria,
    skills: group.skills.map((skill) => ({
      id: newId(),
      name: skill.name,
      description: skill.description,
      maxScore: skill.max_score,
      levels: skill.levels
        .filter((level) => level.score <= skill.max_score)
        .map((level) => ({ score: level.score, requirements: level.text })),
    })),
  }));
  return saveRubricGroups(ctx, taskId, groups, input.replace);
}
