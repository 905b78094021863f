import { and, eq, getTableColumns, getTableName, ne, type Column } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/client';
import * as schema from '../db/schema';

/** Every table whose rows carry `created_by`, classes first: subjects stay RESTRICTed while a class uses them. */
const ownedTables = (Object.values(schema) as unknown[])
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

/** Deletes every row the user created or that is about them, in one transaction. */
export async function deleteOwnedData(db: Executor, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    for (const table of ownedTables) {
      const columns = getTableColumns(table) as unknown as { created_by: Column };
      await tx.delete(table).where(eq(columns.created_by, userId));
    }
    for (const column of userColumns) {
      await tx.delete(column.table as PgTable).where(eq(column, userId));
    }
  });
}

/**
 * Removes a user and everything they own, including the student accounts they created: their data first (so nothing is orphaned if the auth call fails,
 * the account can simply be deleted again), then the stored files of their tasks (keys start with the task
 * id; collected before the rows go), then the auth user.
 */
export async function deleteAccount(app: FastifyInstance, userId: string): Promise<void> {
  const ownTasks = await app.db
    .select({ id: schema.tasks.id })
    .from(schema.tasks)
    .where(eq(schema.tasks.created_by, userId));
  // Student accounts exist only through the teacher who created them (ADR 006): they go with the teacher,
  // so no child's login or data outlives the class.
  const students = await app.db
    .select({ id: schema.userProfile.user_id })
    .from(schema.userProfile)
    .where(and(eq(schema.userProfile.created_by, userId), ne(schema.userProfile.user_id, userId)));
  await deleteOwnedData(app.db, userId);
  for (const student of students) {
    await deleteOwnedData(app.db, student.id);
    await app.authAdmin
      .deleteUser(student.id)
      .catch((err: unknown) => app.log.error({ err, userId: student.id }, 'Schülerkonto nicht gelöscht'));
  }
  for (const task of ownTasks) {
    await app.storage
      .deletePrefix(`${task.id}/`)
      .catch((err: unknown) => app.log.error({ err, taskId: task.id }, 'Dateien der Aufgabe nicht gelöscht'));
  }
  await app.authAdmin.deleteUser(userId);
}
