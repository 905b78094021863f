import type { ClassAccess, ClassRole } from '@app/contract';
import { and, eq, inArray, ne, notInArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import {
  classes,
  classTeachers,
  classUser,
  clusters,
  coinLedger,
  notifications,
  pdfExports,
  rawSourceCriteria,
  rubricTemplates,
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
import { requireUser } from './accounts/users';
import { actorId, type Ctx } from './context';

// The access policy: every "may this actor do this with this row" question of the product is answered here.
// Every operation of the domain layer names the verb it needs and asks here; none compares owner ids itself.
//
// Verbs: `view` reads. `grade` is the work on hand-ins: uploading and matching scans, scores, texts, AI
// corrections, handing back. `manage` creates, changes or deletes the object or its structure: subjects,
// classes (their code and students), tasks, rubrics, student accounts, and a hand-in or file itself. A table
// answers only the verbs that mean something for it.
//
// A teacher may do everything with the rows they own (`ownedBy`: created them); a row of a teacher's task
// (submission, file, grading) belongs to the task's teacher. Co-teaching: a class's owner shares it with
// colleagues (class_teachers), each with a role that is one of these verbs and includes the lower ones
// (view < grade < manage). A colleague who accepted reaches the class, its tasks, hand-ins, files and the
// rubrics linked to its tasks for the verbs of their role; deleting the class stays its owner's, and
// `ownedBy` (what deleting an account deletes) stays the creator's. Another teacher's row answers the same
// 404 as a missing one, so ids cannot be probed. Students reach their own work only through public routes:
// the submit page (by task id, once the task is published: `publicByTaskId`) and their personal feedback link
// (by token).

/**
 * The user id a condition is written for: a string, or a placeholder in a prepared statement (the hot lists
 * are prepared once and run with the caller's id).
 */
export type Viewer = string | Placeholder;

/** What an operation does with a row: read it, grade the hand-ins in it, or create, change or delete it. */
export type Verb = 'view' | 'grade' | 'manage';

type Condition = (viewer: Viewer) => SQL;

/** A table's conditions, one per verb it answers; asking it for another verb does not compile. */
const byVerb =
  <V extends Verb>(conditions: Record<V, Condition>) =>
  (verb: V, viewer: Viewer): SQL =>
    conditions[verb](viewer);

const is =
  (column: AnyPgColumn): Condition =>
  (viewer) =>
    eq(column, viewer);

// Subqueries of the conditions below are built without a database handle (same casing as the database's).
const queries = new QueryBuilder({ casing: 'snake_case' });

/**
 * The rows an account owns: the `manage` conditions, and what deleting the account deletes (with what
 * cascades from them: a class's memberships and tasks, a task's submissions, files and grading, a skill
 * group's skills, levels, criteria and task links). Today the owner is the creator.
 */
export const ownedBy = {
  subjects: is(subjects.created_by),
  classes: is(classes.created_by),
  tasks: is(tasks.created_by),
  /**
   * The skill groups the account wrote, except those linked to a task of a class someone else owns: a
   * colleague's rubric in a shared class stays with that class.
   */
  skillGroups: (viewer: Viewer): SQL =>
    and(
      eq(skillGroups.created_by, viewer),
      notInArray(
        skillGroups.id,
        queries
          .select({ id: taskXSkillGroup.skillGroup_id })
          .from(taskXSkillGroup)
          .innerJoin(tasks, eq(tasks.id, taskXSkillGroup.task_id))
          .innerJoin(classes, eq(classes.id, tasks.class_id))
          .where(ne(classes.created_by, viewer)),
      ),
    )!,
  clusters: is(clusters.created_by),
  /** An export is read only by the teacher who asked for it. */
  pdfExports: is(pdfExports.created_by),
  /** A library template is its author's: only they change or delete it; it goes with their account. */
  rubricTemplates: is(rubricTemplates.created_by),
  /** The student accounts a teacher created; their own profile, which they wrote too, is not one. */
  studentAccounts: (viewer: Viewer): SQL =>
    and(eq(userProfile.created_by, viewer), ne(userProfile.user_id, viewer))!,
};

/** The roles that include a verb: a colleague who may manage may also grade and view. */
const ROLES_FOR: Record<Verb, ClassRole[]> = {
  view: ['view', 'grade', 'manage'],
  grade: ['grade', 'manage'],
  manage: ['manage'],
};

/** The classes shared with the viewer (accepted) with a role that includes the verb. */
const sharedClassIds = (verb: Verb, viewer: Viewer) =>
  queries
    .select({ id: classTeachers.class_id })
    .from(classTeachers)
    .where(
      and(
        eq(classTeachers.user_id, viewer),
        eq(classTeachers.status, 'accepted'),
        inArray(classTeachers.role, ROLES_FOR[verb]),
      ),
    );

/** Who may use a class for a verb: its owner, or a colleague whose role includes the verb. */
const teachesClass =
  (verb: Verb): Condition =>
  (viewer) =>
    or(ownedBy.classes(viewer), inArray(classes.id, sharedClassIds(verb, viewer)))!;
const classIds = (verb: Verb, viewer: Viewer) =>
  queries.select({ id: classes.id }).from(classes).where(teachesClass(verb)(viewer));
/**
 * A task goes with its class, whoever wrote it: a colleague removed from the class loses its tasks, and
 * their hand-ins, files and grading with them.
 */
const teachesTask =
  (verb: Verb): Condition =>
  (viewer) =>
    inArray(tasks.class_id, classIds(verb, viewer));
const taskConditions = byVerb({
  view: teachesTask('view'),
  grade: teachesTask('grade'),
  manage: teachesTask('manage'),
});
const taskIds = (verb: Verb, viewer: Viewer) =>
  queries.select({ id: tasks.id }).from(tasks).where(taskConditions(verb, viewer));
const teachesSubmission =
  (verb: Verb): Condition =>
  (viewer) =>
    inArray(submissions.task_id, taskIds(verb, viewer));

/** Skill groups: the viewer's own, or those linked to a task the viewer may use for the verb. */
const skillGroupIds = (verb: Verb, viewer: Viewer) =>
  queries
    .select({ id: taskXSkillGroup.skillGroup_id })
    .from(taskXSkillGroup)
    .where(inArray(taskXSkillGroup.task_id, taskIds(verb, viewer)));
const usesSkillGroup =
  (verb: Verb): Condition =>
  (viewer) =>
    or(eq(skillGroups.created_by, viewer), inArray(skillGroups.id, skillGroupIds(verb, viewer)))!;
/** Skills: the viewer's own, or those of a skill group the viewer may use for the verb. */
const skillIds = (verb: Verb, viewer: Viewer) =>
  queries
    .select({ id: skillXSkillGroup.skill_id })
    .from(skillXSkillGroup)
    .where(inArray(skillXSkillGroup.group_id, skillGroupIds(verb, viewer)));
const usesSkill =
  (verb: Verb): Condition =>
  (viewer) =>
    or(
      eq(skills.created_by, viewer),
      inArray(skills.group_id, skillGroupIds(verb, viewer)),
      inArray(skills.id, skillIds(verb, viewer)),
    )!;

/**
 * SQL conditions selecting the rows of each table the viewer may use for the verb. Combine them with the
 * operation's own conditions (`and(eq(tasks.id, id), accessible.tasks('manage', viewer))`).
 */
export const accessible = {
  /** A colleague sees the subject of a class shared with them (its name on the class page). */
  subjects: byVerb({
    view: (viewer) =>
      or(
        ownedBy.subjects(viewer),
        inArray(
          subjects.id,
          queries
            .select({ id: classes.subject_id })
            .from(classes)
            .where(inArray(classes.id, sharedClassIds('view', viewer))),
        ),
      )!,
    manage: ownedBy.subjects,
  }),
  classes: byVerb({
    view: teachesClass('view'),
    grade: teachesClass('grade'),
    manage: teachesClass('manage'),
  }),
  tasks: taskConditions,
  submissions: byVerb({
    view: teachesSubmission('view'),
    grade: teachesSubmission('grade'),
    manage: teachesSubmission('manage'),
  }),
  /** Files have no created_by (public uploads have no user): they go with their task. */
  submissionFiles: (verb: Verb, viewer: Viewer): SQL =>
    inArray(submissionFiles.task_id, taskIds(verb, viewer)),
  /** The profiles a teacher wrote: the student accounts they created. */
  studentProfiles: byVerb({ view: is(userProfile.created_by), manage: is(userProfile.created_by) }),
  skillGroups: byVerb({
    view: usesSkillGroup('view'),
    grade: usesSkillGroup('grade'),
    manage: usesSkillGroup('manage'),
  }),
  skills: byVerb({ view: usesSkill('view'), grade: usesSkill('grade'), manage: usesSkill('manage') }),
  skillDetails: byVerb({
    view: (viewer) =>
      or(eq(skillDetails.created_by, viewer), inArray(skillDetails.skill_id, skillIds('view', viewer)))!,
    manage: (viewer) =>
      or(eq(skillDetails.created_by, viewer), inArray(skillDetails.skill_id, skillIds('manage', viewer)))!,
  }),
  criteria: byVerb({
    view: (viewer) =>
      or(
        eq(rawSourceCriteria.created_by, viewer),
        inArray(rawSourceCriteria.skill_group_id, skillGroupIds('view', viewer)),
      )!,
    manage: (viewer) =>
      or(
        eq(rawSourceCriteria.created_by, viewer),
        inArray(rawSourceCriteria.skill_group_id, skillGroupIds('manage', viewer)),
      )!,
  }),
  clusters: byVerb({ view: ownedBy.clusters, manage: ownedBy.clusters }),
  taskSkillGroups: byVerb({
    view: (viewer) =>
      or(eq(taskXSkillGroup.created_by, viewer), inArray(taskXSkillGroup.task_id, taskIds('view', viewer)))!,
    manage: (viewer) =>
      or(
        eq(taskXSkillGroup.created_by, viewer),
        inArray(taskXSkillGroup.task_id, taskIds('manage', viewer)),
      )!,
  }),
  skillGroupSkills: byVerb({
    view: (viewer) =>
      or(
        eq(skillXSkillGroup.created_by, viewer),
        inArray(skillXSkillGroup.group_id, skillGroupIds('view', viewer)),
      )!,
    manage: (viewer) =>
      or(
        eq(skillXSkillGroup.created_by, viewer),
        inArray(skillXSkillGroup.group_id, skillGroupIds('manage', viewer)),
      )!,
  }),
  /** Notifications are their receiver's only (also for organization members, who may send to anyone). */
  notifications: byVerb({
    view: is(notifications.receiver_user_id),
    manage: is(notifications.receiver_user_id),
  }),
  /** Coin bookings are their user's (the data export reads them; charges and grants go by user id). */
  coinLedger: byVerb({ view: is(coinLedger.user_id) }),
  /** The teacher's own exports, while they may still view the task. */
  pdfExports: byVerb({
    view: (viewer) => and(ownedBy.pdfExports(viewer), inArray(pdfExports.task_id, taskIds('view', viewer)))!,
  }),
};

/**
 * The viewer's access to the class row of the query: `owner`, or the role of a colleague who accepted (a
 * query that selects classes through `accessible.classes` never sees another).
 */
export const classAccessOf = (viewer: Viewer): SQL<ClassAccess> =>
  sql<ClassAccess>`case when ${classes.created_by} = ${viewer} then 'owner' else (${queries
    .select({ role: classTeachers.role })
    .from(classTeachers)
    .where(
      and(
        eq(classTeachers.class_id, classes.id),
        eq(classTeachers.user_id, viewer),
        eq(classTeachers.status, 'accepted'),
      ),
    )}) end`;

/** The verbs a table of `accessible` answers. */
export type VerbOf<T extends keyof typeof accessible> = Parameters<(typeof accessible)[T]>[0];

/**
 * The rubric templates a teacher finds in the library: their own, and those shared with their school (the
 * school from their profile, normalised; the caller reads it, the profile being encrypted).
 */
export const libraryTemplates = (viewer: Viewer, schoolKey: string | null): SQL =>
  schoolKey === null
    ? ownedBy.rubricTemplates(viewer)
    : or(
        ownedBy.rubricTemplates(viewer),
        and(eq(rubricTemplates.visibility, 'school'), eq(rubricTemplates.school_key, schoolKey)),
      )!;

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
 * The teacher of an object the actor wants to use; throws the object's 404 unless the actor may. Returns the
 * acting user's id for the operation's own writes (created_by of new rows).
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

/** Throws SUBJECT_NOT_FOUND unless the actor may use the subject for `verb`. */
export const requireSubject = (ctx: Ctx, id: string, verb: VerbOf<'subjects'>) =>
  require(ctx, 'SUBJECT_NOT_FOUND', (db, viewer) =>
    db
      .select({ id: subjects.id })
      .from(subjects)
      .where(and(eq(subjects.id, id), accessible.subjects(verb, viewer))));

/** Throws CLASS_NOT_FOUND unless the actor may use the class for `verb`. */
export const requireClass = (ctx: Ctx, id: string, verb: Verb) =>
  require(ctx, 'CLASS_NOT_FOUND', (db, viewer) =>
    db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.id, id), accessible.classes(verb, viewer))));

/** Throws TASK_NOT_FOUND unless the actor may use the task for `verb`. */
export const requireTask = (ctx: Ctx, id: string, verb: Verb) =>
  require(ctx, 'TASK_NOT_FOUND', (db, viewer) =>
    db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.id, id), accessible.tasks(verb, viewer))));

/** Throws SUBMISSION_NOT_FOUND unless the actor may use the submission for `verb`. */
export const requireSubmission = (ctx: Ctx, id: string, verb: Verb) =>
  require(ctx, 'SUBMISSION_NOT_FOUND', (db, viewer) =>
    db
      .select({ id: submissions.id })
      .from(submissions)
      .where(and(eq(submissions.id, id), accessible.submissions(verb, viewer))));

/** Throws SKILL_GROUP_NOT_FOUND unless the actor may use the skill group for `verb`. */
export const requireSkillGroup = (ctx: Ctx, id: string, verb: Verb) =>
  require(ctx, 'SKILL_GROUP_NOT_FOUND', (db, viewer) =>
    db
      .select({ id: skillGroups.id })
      .from(skillGroups)
      .where(and(eq(skillGroups.id, id), accessible.skillGroups(verb, viewer))));

/** Throws SKILL_NOT_FOUND unless the actor may use the skill for `verb`. */
export const requireSkill = (ctx: Ctx, id: string, verb: Verb) =>
  require(ctx, 'SKILL_NOT_FOUND', (db, viewer) =>
    db
      .select({ id: skills.id })
      .from(skills)
      .where(and(eq(skills.id, id), accessible.skills(verb, viewer))));

/** The student's membership in one of the classes the viewer may use for `verb`, if any. */
const classStudent = (db: Executor, viewer: string, studentId: string, verb: Verb) =>
  db
    .select({ user_id: classUser.user_id })
    .from(classUser)
    .innerJoin(classes, eq(classes.id, classUser.class_id))
    .where(and(eq(classUser.user_id, studentId), accessible.classes(verb, viewer)))
    .limit(1);

/** Throws STUDENT_NOT_FOUND unless the student is in one of the classes the actor may use for `verb`. */
export const requireClassStudent = (ctx: Ctx, studentId: string, verb: Verb) =>
  require(ctx, 'STUDENT_NOT_FOUND', (db, viewer) => classStudent(db, viewer, studentId, verb));

/**
 * Throws STUDENT_NOT_FOUND unless the actor wrote the student's profile (created the account) or has them in
 * one of their classes, for `verb`.
 */
export const requireStudentAccount = (ctx: Ctx, studentId: string, verb: VerbOf<'studentProfiles'>) =>
  require(ctx, 'STUDENT_NOT_FOUND', async (db, viewer) => {
    const profile = await db
      .select({ id: userProfile.id })
      .from(userProfile)
      .where(and(eq(userProfile.user_id, studentId), accessible.studentProfiles(verb, viewer)));
    return profile.length > 0 ? profile : classStudent(db, viewer, studentId, verb);
  });

/**
 * Throws STUDENT_NOT_FOUND unless the actor owns the student's account (created it): deleting an account is
 * its creator's alone, not a class teacher's.
 */
export const requireOwnedStudentAccount = (ctx: Ctx, studentId: string) =>
  require(ctx, 'STUDENT_NOT_FOUND', (db, viewer) =>
    db
      .select({ id: userProfile.id })
      .from(userProfile)
      .where(and(eq(userProfile.user_id, studentId), ownedBy.studentAccounts(viewer))));

/**
 * Throws unless the actor may send a notification to the receiver: themself; an organization member anyone
 * who exists (404 USER_NOT_FOUND otherwise, ADR 009); nobody else another user (403
 * NOTIFICATION_RECEIVER_FORBIDDEN: no spam channel between teachers). Returns the sender's id.
 */
export async function requireNotificationReceiver(ctx: Ctx, receiverId: string): Promise<string> {
  const sender = actorId(ctx);
  if (receiverId === sender) return sender;
  if (ctx.actor.kind !== 'user' || ctx.actor.role !== 'organization_member')
    throw new AppError('NOTIFICATION_RECEIVER_FORBIDDEN');
  await requireUser(ctx, receiverId);
  return sender;
}

/** True when the user is a student member of the class (join token or an account the teacher created). */
export async function isClassMember(db: Executor, classId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ user_id: classUser.user_id })
    .from(classUser)
    .where(and(eq(classUser.class_id, classId), eq(classUser.user_id, userId)));
  return row !== undefined;
}
