import { and, eq, inArray, type Placeholder, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import {
  classes,
  classUser,
  clusters,
  coinLedger,
  notifications,
  rawSourceCriteria,
  skillDetails,
  skillGroups,
  skills,
  skillXSkillGroup,
  subjects,
  submissionFiles,
  submissions,
  tasks,
  taskXSkillGroup,
  userProfile,
} from '../db/schema';
import { AppError } from '../lib/app-error';
import { actorId, type Ctx } from './context';

// The access policy: every "may this actor read or change this row" question of the product is answered
// here, and every operation of the domain layer asks here instead of comparing ids itself.
//
// Today a teacher sees exactly the rows they created (`created_by`), and a row of a teacher's task
// (submission, file, feedback) belongs to the task's teacher. Another teacher's row answers the same 404
// as a missing one, so ids cannot be probed. Students reach their own work only through public routes:
// the submit page (by task id, once the task is published: `publicByTaskId`) and their personal feedback
// link (by token).
//
// Co-teaching (a second teacher on a class sees and grades it) is not built, and it changes more than this
// file: a table of a class's teachers (class_user holds students only); here, conditions for classes,
// tasks, submissions and files that read "created it, or teaches the class" and for skill groups, skills
// and levels "created it, or linked to a task the viewer may use" (task_x_skill_group), and a verb on each
// condition (a co-teacher grades but does not delete the class); the operations, which then name the verb
// they need, and those that take a row's created_by as its teacher; the realtime trigger. ARCHITECTURE.md
// §11 lists them.

/**
 * The user id a condition is written for: a string, or a placeholder in a prepared statement (the hot lists
 * are prepared once and run with the caller's id).
 */
export type Viewer = string | Placeholder;

// Subqueries of the conditions below are built without a database handle (same casing as the database's).
const queries = new QueryBuilder({ casing: 'snake_case' });

/**
 * SQL conditions selecting the rows of each table the viewer may read and change. Combine them with the
 * operation's own conditions (`and(eq(tasks.id, id), accessible.tasks(viewer))`).
 */
export const accessible = {
  subjects: (viewer: Viewer): SQL => eq(subjects.created_by, viewer),
  classes: (viewer: Viewer): SQL => eq(classes.created_by, viewer),
  tasks: (viewer: Viewer): SQL => eq(tasks.created_by, viewer),
  /** A submission's created_by is its task's teacher, also for uploads through the public page. */
  submissions: (viewer: Viewer): SQL => eq(submissions.created_by, viewer),
  /** Files have no created_by (public uploads have no user): they belong to their task. */
  submissionFiles: (viewer: Viewer): SQL =>
    inArray(
      submissionFiles.task_id,
      queries.select({ id: tasks.id }).from(tasks).where(accessible.tasks(viewer)),
    ),
  /** The profiles a teacher wrote for the student accounts they created. */
  studentProfiles: (viewer: Viewer): SQL => eq(userProfile.created_by, viewer),
  skillGroups: (viewer: Viewer): SQL => eq(skillGroups.created_by, viewer),
  skills: (viewer: Viewer): SQL => eq(skills.created_by, viewer),
  skillDetails: (viewer: Viewer): SQL => eq(skillDetails.created_by, viewer),
  criteria: (viewer: Viewer): SQL => eq(rawSourceCriteria.created_by, viewer),
  clusters: (viewer: Viewer): SQL => eq(clusters.created_by, viewer),
  taskSkillGroups: (viewer: Viewer): SQL => eq(taskXSkillGroup.created_by, viewer),
  skillGroupSkills: (viewer: Viewer): SQL => eq(skillXSkillGroup.created_by, viewer),
  /** Notifications are their receiver's only (also for organization members, who may send to anyone). */
  notifications: (viewer: Viewer): SQL => eq(notifications.receiver_user_id, viewer),
  /** Coin bookings are their user's (the data export reads them; charges and grants go by user id). */
  coinLedger: (viewer: Viewer): SQL => eq(coinLedger.user_id, viewer),
};

/**
 * The tasks anyone holding a task id may see on the public submit page (and hand in to, while
 * `submissionWindow()` accepts): published and closed ones. A closed task still shows its content, takes no
 * uploads and lists no students. A draft is not public yet: it answers as an unknown task.
 */
export const publicByTaskId = (taskId: string): SQL =>
  and(eq(tasks.id, taskId), inArray(tasks.status, ['published', 'closed']))!;

/**
 * The submission a student's feedback link shows to anyone holding its token: only while it is handed back
 * (`ausgeteilt`); reset or not yet released, the link finds nothing.
 */
export const sharedByFeedbackLink = (token: string): SQL =>
  and(eq(submissions.feedback_token, token), eq(submissions.status, 'ausgeteilt'))!;

/**
 * The teacher of an object the actor wants to read or change; throws the object's 404 unless the actor
 * may. Returns the acting user's id for the operation's own writes (created_by of new rows).
 */
async function require(
  ctx: Ctx,
  notFound: ConstructorParameters<typeof AppError>[0],
  probe: (db: Executor, viewer: string) => Promise<unknown[]>,
): Promise<string> {
  const viewer = actorId(ctx);
  const rows = await probe(ctx.db, viewer);
  if (rows.length === 0) throw new AppError(notFound);
  return viewer;
}

/** Throws SUBJECT_NOT_FOUND unless the actor may use the subject. */
export const requireSubject = (ctx: Ctx, id: string) =>
  require(ctx, 'SUBJECT_NOT_FOUND', (db, viewer) =>
    db
      .select({ id: subjects.id })
      .from(subjects)
      .where(and(eq(subjects.id, id), accessible.subjects(viewer))));

/** Throws CLASS_NOT_FOUND unless the actor may read and change the class. */
export const requireClass = (ctx: Ctx, id: string) =>
  require(ctx, 'CLASS_NOT_FOUND', (db, viewer) =>
    db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.id, id), accessible.classes(viewer))));

/** Throws TASK_NOT_FOUND unless the actor may read and change the task. */
export const requireTask = (ctx: Ctx, id: string) =>
  require(ctx, 'TASK_NOT_FOUND', (db, viewer) =>
    db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.id, id), accessible.tasks(viewer))));

/** Throws SUBMISSION_NOT_FOUND unless the actor may read and grade the submission. */
export const requireSubmission = (ctx: Ctx, id: string) =>
  require(ctx, 'SUBMISSION_NOT_FOUND', (db, viewer) =>
    db
      .select({ id: submissions.id })
      .from(submissions)
      .where(and(eq(submissions.id, id), accessible.submissions(viewer))));

/** Throws SKILL_GROUP_NOT_FOUND unless the actor may use and change the skill group. */
export const requireSkillGroup = (ctx: Ctx, id: string) =>
  require(ctx, 'SKILL_GROUP_NOT_FOUND', (db, viewer) =>
    db
      .select({ id: skillGroups.id })
      .from(skillGroups)
      .where(and(eq(skillGroups.id, id), accessible.skillGroups(viewer))));

/** Throws SKILL_NOT_FOUND unless the actor may use and change the skill. */
export const requireSkill = (ctx: Ctx, id: string) =>
  require(ctx, 'SKILL_NOT_FOUND', (db, viewer) =>
    db
      .select({ id: skills.id })
      .from(skills)
      .where(and(eq(skills.id, id), accessible.skills(viewer))));

/** The student's membership in one of the viewer's classes, if any. */
const classStudent = (db: Executor, viewer: string, studentId: string) =>
  db
    .select({ user_id: classUser.user_id })
    .from(classUser)
    .innerJoin(classes, eq(classes.id, classUser.class_id))
    .where(and(eq(classUser.user_id, studentId), accessible.classes(viewer)))
    .limit(1);

/** Throws STUDENT_NOT_FOUND unless the student is in one of the classes the actor may use. */
export const requireClassStudent = (ctx: Ctx, studentId: string) =>
  require(ctx, 'STUDENT_NOT_FOUND', (db, viewer) => classStudent(db, viewer, studentId));

/**
 * Throws STUDENT_NOT_FOUND unless the actor created the student's account (wrote their profile) or has them
 * in one of their classes.
 */
export const requireStudentAccount = (ctx: Ctx, studentId: string) =>
  require(ctx, 'STUDENT_NOT_FOUND', async (db, viewer) => {
    const profile = await db
      .select({ id: userProfile.id })
      .from(userProfile)
      .where(and(eq(userProfile.user_id, studentId), accessible.studentProfiles(viewer)));
    return profile.length > 0 ? profile : classStudent(db, viewer, studentId);
  });

/** True when the user is a student member of the class (join token or an account the teacher created). */
export async function isClassMember(db: Executor, classId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ user_id: classUser.user_id })
    .from(classUser)
    .where(and(eq(classUser.class_id, classId), eq(classUser.user_id, userId)));
  return row !== undefined;
}
