import {
  taskStatusesAllowingChangeTo,
  type Task,
  type TaskData,
  type UpdateTaskRequest,
  type ZCreateTaskRequest,
} from '@app/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../db/client';
import { tasks } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { iso, isoOrNull } from '../../../lib/dates';
import { isoTimestamp, isoTimestampOrNull } from '../../../lib/sql';
import { assertOwnsClass } from '../classes/service';
import { createMissingSubmissionsForTask } from '../submissions/service';

// A teacher's tasks (spec §3). Every query is scoped to created_by: another teacher's task is the same 404
// TASK_NOT_FOUND as a missing one. Creating a task (or moving it to another class) gives every student of
// the class an `offen` submission.

type TaskRow = typeof tasks.$inferSelect;
type CreateTaskInput = z.infer<typeof ZCreateTaskRequest>;

const toTask = (row: TaskRow): Task => ({
  id: row.id,
  title: row.title,
  description: row.description,
  class_id: row.class_id,
  due_date: isoOrNull(row.due_date),
  status: row.status,
  data: (row.data as TaskData | null) ?? null,
  feedback_template: row.feedback_template,
  allow_late_submissions: row.allow_late_submissions,
  created_at: iso(row.created_at),
  created_by: row.created_by,
  updated_at: iso(row.updated_at),
});

const owned = (userId: string, id: string) => and(eq(tasks.id, id), eq(tasks.created_by, userId));

/** The list columns, timestamps formatted in SQL (no Date round trip per cell). */
const listColumns = {
  id: tasks.id,
  title: tasks.title,
  description: tasks.description,
  class_id: tasks.class_id,
  due_date: isoTimestampOrNull(tasks.due_date),
  status: tasks.status,
  data: tasks.data,
  feedback_template: tasks.feedback_template,
  allow_late_submissions: tasks.allow_late_submissions,
  created_at: isoTimestamp(tasks.created_at),
  created_by: tasks.created_by,
  updated_at: isoTimestamp(tasks.updated_at),
};

// The two busiest task lists, prepared once per database handle.
const listOfClassQuery = (db: Executor) =>
  db
    .select(listColumns)
    .from(tasks)
    .where(
      and(eq(tasks.class_id, sql.placeholder('classId')), eq(tasks.created_by, sql.placeholder('userId'))),
    )
    .orderBy(desc(tasks.created_at), desc(tasks.id))
    .prepare('tasks_list_of_class');
const listAllQuery = (db: Executor) =>
  db
    .select(listColumns)
    .from(tasks)
    .where(eq(tasks.created_by, sql.placeholder('userId')))
    .orderBy(desc(tasks.created_at), desc(tasks.id))
    .prepare('tasks_list');
const prepared = new WeakMap<
  Executor,
  { ofClass: ReturnType<typeof listOfClassQuery>; all: ReturnType<typeof listAllQuery> }
>();

/**
 * Newest first (spec §7: created_at descending; id breaks ties). With `classId`: that class's tasks, 404
 * CLASS_NOT_FOUND when it is not the caller's. The ownership check only runs when the list comes back empty.
 */
export async function listTasks(db: Executor, userId: string, classId?: string): Promise<Task[]> {
  let queries = prepared.get(db);
  if (!queries) prepared.set(db, (queries = { ofClass: listOfClassQuery(db), all: listAllQuery(db) }));
  const rows = classId
    ? await queries.ofClass.execute({ classId, userId })
    : await queries.all.execute({ userId });
  if (rows.length === 0 && classId) await assertOwnsClass(db, userId, classId);
  return rows.map((row) => ({ ...row, data: (row.data as TaskData | null) ?? null }));
}

export async function getTask(db: Executor, userId: string, id: string): Promise<Task> {
  const [row] = await db.select().from(tasks).where(owned(userId, id));
  if (!row) throw new AppError('TASK_NOT_FOUND');
  return toTask(row);
}

const toColumns = (input: UpdateTaskRequest) => {
  const { due_date, ...rest } = input;
  return {
    ...rest,
    ...(due_date === undefined ? {} : { due_date: due_date === null ? null : new Date(due_date) }),
  };
};

/** Creates the task and the `offen` submissions of the class's students in one transaction. */
export async function createTask(db: Executor, userId: string, input: CreateTaskInput): Promise<Task> {
  return db.transaction(async (tx) => {
    await assertOwnsClass(tx, userId, input.class_id);
    const [row] = await tx
      .insert(tasks)
      .values({ ...toColumns(input), title: input.title, class_id: input.class_id, created_by: userId })
      .returning();
    await createMissingSubmissionsForTask(tx, userId, row!.id, row!.class_id);
    return toTask(row!);
  });
}

/**
 * Changes the fields sent. A status change must be allowed (contract TASK_STATUS_TRANSITIONS, else 409);
 * moving the task to another of the caller's classes creates the submissions of that class's students.
 */
export async function updateTask(
  db: Executor,
  userId: string,
  id: string,
  input: UpdateTaskRequest,
): Promise<Task> {
  return db.transaction(async (tx) => {
    if (input.class_id !== undefined) await assertOwnsClass(tx, userId, input.class_id);
    const conditions = [owned(userId, id)];
    // The transition rule goes into the UPDATE itself: no read-then-write race between two tabs.
    if (input.status !== undefined)
      conditions.push(inArray(tasks.status, taskStatusesAllowingChangeTo(input.status)));
    const [row] = await tx
      .update(tasks)
      .set({ ...toColumns(input), updated_at: sql`now()` })
      .where(and(...conditions))
      .returning();
    if (!row) {
      // Not there (or not the caller's), or there in a status that may not change to the one asked for.
      const [exists] = await tx.select({ id: tasks.id }).from(tasks).where(owned(userId, id));
      throw new AppError(exists ? 'TASK_STATUS_TRANSITION_INVALID' : 'TASK_NOT_FOUND');
    }
    if (input.class_id !== undefined) await createMissingSubmissionsForTask(tx, userId, row.id, row.class_id);
    return toTask(row);
  });
}

/** Deletes the task with its submissions, files rows and feedback (foreign keys cascade). */
export async function deleteTask(db: Executor, userId: string, id: string): Promise<void> {
  const deleted = await db.delete(tasks).where(owned(userId, id)).returning({ id: tasks.id });
  if (deleted.length === 0) throw new AppError('TASK_NOT_FOUND');
}
