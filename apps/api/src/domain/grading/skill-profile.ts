import {
  buildSkillProfile,
  type ClassSkillProfileResponse,
  type ProfileEntry,
  type StudentSkillProfile,
} from '@app/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { classes, feedbackReleases, submissions, tasks } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { byName, classMembers } from '../../lib/student-names';
import { accessible, requireClass, sharedByFeedbackLink } from '../access';
import { cipherOf, type Ctx } from '../context';

// The skill profile (ADR 025): per student, the skills of a class's tasks across tasks, read from what was
// handed back (feedback_releases of submissions that are `ausgeteilt`) — the same for the teacher and the
// student, so the student's view never shows what the teacher has not released.

/** The handed-back tasks (with their released skills) of the class's submissions that match `where`. */
async function releasedEntries(db: Executor, where: SQL): Promise<Map<string, ProfileEntry[]>> {
  const rows = await db
    .select({
      student_id: submissions.student_id,
      task_id: tasks.id,
      task_title: tasks.title,
      date: sql<string>`to_char(coalesce(${tasks.due_date}, ${tasks.created_at}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      content: feedbackReleases.content,
    })
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.task_id))
    .innerJoin(feedbackReleases, eq(feedbackReleases.submission_id, submissions.id))
    .where(and(eq(submissions.status, 'ausgeteilt'), where));
  const byStudent = new Map<string, ProfileEntry[]>();
  for (const row of rows) {
    const key = row.student_id ?? '';
    const list = byStudent.get(key) ?? [];
    list.push({
      task_id: row.task_id,
      task_title: row.task_title,
      date: row.date,
      skills: row.content.groups.flatMap((g) => g.skills),
    });
    byStudent.set(key, list);
  }
  return byStudent;
}

/** `GET /api/classes/:id/skill-profile`: every current student of the teacher's class; 404 for anyone else. */
export async function classSkillProfile(ctx: Ctx, classId: string): Promise<ClassSkillProfileResponse> {
  const viewer = await requireClass(ctx, classId, 'view');
  const [entries, members] = await Promise.all([
    releasedEntries(ctx.db, and(eq(tasks.class_id, classId), accessible.submissions('view', viewer))!),
    classMembers(ctx.db, cipherOf(ctx), classId),
  ]);
  const students = members.sort(byName).map((m) => ({
    student_id: m.id,
    first_name: m.first_name,
    last_name: m.last_name,
    skills: buildSkillProfile(entries.get(m.id) ?? []),
  }));
  const columns = new Map<string, { key: string; name: string; max_score: number }>();
  for (const student of students)
    for (const skill of student.skills)
      columns.set(skill.key, { key: skill.key, name: skill.name, max_score: skill.max_score });
  return {
    skills: [...columns.values()].sort(
      (a, b) => a.name.localeCompare(b.name, 'de') || a.max_score - b.max_score,
    ),
    students,
  };
}

/**
 * `GET /api/feedback-link/:token/skill-profile`: the profile of the link's student in the link's class, from
 * their own handed-back submissions only. A hand-in not matched to a student shows its own task alone.
 */
export async function feedbackLinkSkillProfile(ctx: Ctx, token: string): Promise<StudentSkillProfile> {
  const [link] = await ctx.db
    .select({
      id: submissions.id,
      student_id: submissions.student_id,
      // The class's owner, who may view every hand-in of the class.
      teacher: classes.created_by,
      class_id: tasks.class_id,
    })
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.task_id))
    .innerJoin(classes, eq(classes.id, tasks.class_id))
    .where(sharedByFeedbackLink(token));
  if (!link) throw new AppError('FEEDBACK_LINK_NOT_FOUND');
  const own = link.student_id
    ? and(
        eq(submissions.student_id, link.student_id),
        eq(tasks.class_id, link.class_id),
        accessible.submissions('view', link.teacher),
      )!
    : eq(submissions.id, link.id);
  const entries = await releasedEntries(ctx.db, own);
  return { skills: buildSkillProfile(entries.get(link.student_id ?? '') ?? []) };
}
