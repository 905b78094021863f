import { isDemoEmail } from '@app/contract';
import { eq, inArray, or, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import * as schema from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { removeStored } from '../../lib/uploads/receive';
import { ownedBy } from '../access';
import { fullName, namesOf } from '../../lib/student-names';
import { actorId, cipherOf, type Ctx } from '../context';
import { requireUser } from './users';

// Deleting an account deletes what it owns (access.ts `ownedBy`) with everything that cascades from it, what
// is about the user, and the student accounts they created. What they only wrote into someone else's object
// stays there as its history: grading rows, score log and hand-backs in another teacher's class, a student
// they put into it, a coin grant, a notification they sent. User ids have no foreign keys
// (schema/columns.ts), so such a row keeps naming the deleted user.

/**
 * The owned rows, classes before subjects (RESTRICT while a class uses one). Cascades take the rest: a
 * class's memberships, tasks and retention notices; a task's submissions, files, grading (and its log),
 * rubric links and PDF exports; a skill group's skills, levels and criteria.
 */
export const ownedTables: ReadonlyArray<{ table: PgTable; owner: (user: string) => SQL }> = [
  { table: schema.classes, owner: ownedBy.classes },
  { table: schema.tasks, owner: ownedBy.tasks },
  { table: schema.subjects, owner: ownedBy.subjects },
  { table: schema.skillGroups, owner: ownedBy.skillGroups },
  { table: schema.clusters, owner: ownedBy.clusters },
  { table: schema.pdfExports, owner: ownedBy.pdfExports },
  { table: schema.rubricTemplates, owner: ownedBy.rubricTemplates },
];

/** Columns naming the user a row is about: those rows go with the user. */
export const userColumns: Column[] = [
  schema.classUser.user_id,
  // Their access to colleagues' classes ends; the classes stay.
  schema.classTeachers.user_id,
  schema.userProfile.user_id,
  schema.userRoles.user_id,
  schema.notifications.receiver_user_id,
  schema.coinLedger.user_id,
];

/**
 * Columns naming who wrote a row, not who owns it: the row goes with what it belongs to (cascade above) or
 * stays as history. The other user columns of tables not in `ownedTables`.
 */
export const authorColumns: Column[] = [
  schema.classUser.created_by,
  schema.classTeachers.invited_by,
  schema.coinLedger.created_by,
  schema.notifications.created_by,
  schema.userRoles.granted_by,
  // A student account's profile is written by its teacher: it goes with the student (below).
  schema.userProfile.created_by,
  // The task's teacher, and the student: the hand-in goes with its task.
  schema.submissions.created_by,
  schema.submissions.student_id,
  schema.skills.created_by,
  schema.skillDetails.created_by,
  schema.rawSourceCriteria.created_by,
  schema.taskXSkillGroup.created_by,
  schema.skillXSkillGroup.created_by,
  schema.skillFeedback.created_by,
  schema.skillGroupFeedback.created_by,
  schema.feedbackReleases.created_by,
  schema.gradeChanges.teacher_id,
  schema.gradingViews.viewed_by,
  // An ended session stays ended.
  schema.sessionRevocations.user_id,
];

/** Deletes what the users own and the rows about them, in one transaction. */
async function deleteUserData(db: Executor, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.transaction(async (tx) => {
    for (const { table, owner } of ownedTables)
      await tx.delete(table).where(or(...userIds.map((id) => owner(id))));
    for (const column of userColumns) {
      await tx.delete(column.table as PgTable).where(inArray(column, userIds));
    }
  });
}

/**
 * Removes everything a user owns, including the student accounts they created, but not the user: the
 * students' sessions end at once (auth/revocations.ts) — and the user's own too unless `keepOwnSessions` (the
 * demo reset keeps its visitors signed in) — then the data goes (so nothing is orphaned if an auth call
 * fails, it can simply run again), then the stored files of their tasks (keys start with the task id;
 * collected before the rows go) and of their PDF exports, then the students' auth users. The user's roles
 * go with their data.
 */
export async function deleteOwnedData(
  ctx: Ctx,
  userId: string,
  options: { keepOwnSessions?: boolean } = {},
): Promise<void> {
  const { db, services, log } = ctx;
  const ownedTasks = await db
    .select({ id: schema.tasks.id })
    .from(schema.tasks)
    .where(
      or(
        ownedBy.tasks(userId),
        inArray(
          schema.tasks.class_id,
          db.select({ id: schema.classes.id }).from(schema.classes).where(ownedBy.classes(userId)),
        ),
      ),
    );
  // Their exports of other teachers' tasks; those of their own tasks go with the tasks' files.
  const exportFiles = await db
    .select({ key: schema.pdfExports.storage_key })
    .from(schema.pdfExports)
    .where(ownedBy.pdfExports(userId));
  // Student accounts exist only through the teacher who created them (ADR 006): they go with the teacher,
  // so no child's login or data outlives the class.
  const students = await db
    .select({ id: schema.userProfile.user_id })
    .from(schema.userProfile)
    .where(ownedBy.studentAccounts(userId));
  // Their sessions end first, in every API process: from here on no token of theirs is accepted.
  const ended = students.map((s) => s.id);
  if (!options.keepOwnSessions) ended.unshift(userId);
  if (ended.length > 0) await services.sessionRevocations.revoke(db, ended);
  // Their scores in colleagues' classes stay in the classes' change history under the name they had.
  const name = (await namesOf(db, cipherOf(ctx), [userId])).get(userId);
  await db
    .update(schema.gradeChanges)
    .set({ teacher_name: fullName(name) })
    .where(eq(schema.gradeChanges.teacher_id, userId));
  await deleteUserData(db, [userId]);
  await deleteUserData(
    db,
    students.map((s) => s.id),
  );
  for (const student of students) {
    await services.authAdmin
      .deleteUser(student.id)
      .catch((err: unknown) => log.error({ err, userId: student.id }, 'Schülerkonto nicht gelöscht'));
  }
  for (const task of ownedTasks) {
    await services.storage
      .deletePrefix(`${task.id}/`)
      .catch((err: unknown) => log.error({ err, taskId: task.id }, 'Dateien der Aufgabe nicht gelöscht'));
  }
  await removeStored(
    services.storage,
    exportFiles.flatMap((f) => (f.key ? [{ key: f.key }] : [])),
    log,
  );
}

/** The shared demo logins stay (`DEMO=1`): every visitor of the demo signs in with them. */
async function refuseDemoAccount(ctx: Ctx, userId: string): Promise<void> {
  if (!ctx.services.config.DEMO) return;
  const user = await ctx.services.authAdmin.getUserById(userId);
  if (isDemoEmail(user?.email)) throw new AppError('DEMO_ACCOUNT_LOCKED');
}

/** Removes a user and everything they own (deleteOwnedData), then the auth user. */
async function deleteAccount(ctx: Ctx, userId: string): Promise<void> {
  await deleteOwnedData(ctx, userId);
  await ctx.services.authAdmin.deleteUser(userId);
}

/** `DELETE /api/account` (PRODUCT.md §7): the signed-in user deletes themself and everything they own. */
export async function deleteOwnAccount(ctx: Ctx): Promise<void> {
  const userId = actorId(ctx);
  await refuseDemoAccount(ctx, userId);
  await deleteAccount(ctx, userId);
  ctx.log.info({ userId }, 'account deleted');
}

/** An organization member deletes another user (not themself: the organization would lose its admin). */
export async function deleteUser(ctx: Ctx, userId: string): Promise<void> {
  if (userId === actorId(ctx)) throw new AppError('CANNOT_DELETE_SELF_AS_ADMIN');
  await requireUser(ctx, userId);
  await refuseDemoAccount(ctx, userId);
  await deleteAccount(ctx, userId);
  ctx.log.info({ userId }, 'user deleted by admin');
}
