import { isDemoEmail } from '@app/contract';
import { and, eq, getTableColumns, getTableName, inArray, ne, type Column } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import * as schema from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { actorId, type Ctx } from '../context';
import { requireUser } from './users';

// Deleting an account deletes what the user wrote (created_by: authorship, not access) and what is about
// them, and the student accounts they created.

/**
 * Every table whose rows carry `created_by`, classes first: subjects stay RESTRICTed while a class uses
 * them.
 */
const authoredTables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => value instanceof PgTable && 'created_by' in getTableColumns(value))
  .sort((a, b) => Number(getTableName(b) === 'classes') - Number(getTableName(a) === 'classes'));

/** Tables that name the user in another column than created_by. */
const userColumns: Column[] = [
  schema.classUser.user_id,
  schema.userProfile.user_id,
  schema.userRoles.user_id,
  schema.notifications.receiver_user_id,
  schema.coinLedger.user_id,
];

/** Deletes every row the users created or that is about them, in one transaction. */
async function deleteUserData(db: Executor, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.transaction(async (tx) => {
    for (const table of authoredTables) {
      const columns = getTableColumns(table) as unknown as { created_by: Column };
      await tx.delete(table).where(inArray(columns.created_by, userIds));
    }
    for (const column of userColumns) {
      await tx.delete(column.table as PgTable).where(inArray(column, userIds));
    }
  });
}

/**
 * Removes everything a user wrote, including the student accounts they created, but not the user: the
 * students' sessions end at once (auth/revocations.ts) — and the user's own too unless `keepOwnSessions` (the
 * demo reset keeps its visitors signed in) — then the data goes (so nothing is orphaned if an auth call
 * fails, it can simply run again), then the stored files of their tasks (keys start with the task id;
 * collected before the rows go), then the students' auth users. The user's roles go with their data.
 */
export async function deleteAuthoredContent(
  ctx: Ctx,
  userId: string,
  options: { keepOwnSessions?: boolean } = {},
): Promise<void> {
  const { db, services, log } = ctx;
  const authoredTasks = await db
    .select({ id: schema.tasks.id })
    .from(schema.tasks)
    .where(eq(schema.tasks.created_by, userId));
  // Student accounts exist only through the teacher who created them (ADR 006): they go with the teacher,
  // so no child's login or data outlives the class.
  const students = await db
    .select({ id: schema.userProfile.user_id })
    .from(schema.userProfile)
    .where(and(eq(schema.userProfile.created_by, userId), ne(schema.userProfile.user_id, userId)));
  // Their sessions end first, in every API process: from here on no token of theirs is accepted.
  const ended = students.map((s) => s.id);
  if (!options.keepOwnSessions) ended.unshift(userId);
  if (ended.length > 0) await services.sessionRevocations.revoke(db, ended);
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
  for (const task of authoredTasks) {
    await services.storage
      .deletePrefix(`${task.id}/`)
      .catch((err: unknown) => log.error({ err, taskId: task.id }, 'Dateien der Aufgabe nicht gelöscht'));
  }
}

/** The shared demo logins stay (`DEMO=1`): every visitor of the demo signs in with them. */
async function refuseDemoAccount(ctx: Ctx, userId: string): Promise<void> {
  if (!ctx.services.config.DEMO) return;
  const user = await ctx.services.authAdmin.getUserById(userId);
  if (isDemoEmail(user?.email)) throw new AppError('DEMO_ACCOUNT_LOCKED');
}

/** Removes a user and everything they wrote (deleteAuthoredContent), then the auth user. */
async function deleteAccount(ctx: Ctx, userId: string): Promise<void> {
  await deleteAuthoredContent(ctx, userId);
  await ctx.services.authAdmin.deleteUser(userId);
}

/** `DELETE /api/account` (PRODUCT.md §7): the signed-in user deletes themself and everything they wrote. */
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
