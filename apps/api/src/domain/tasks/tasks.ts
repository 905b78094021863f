import {
  taskStatusesAllowingChangeTo,
  type Task,
  type TaskData,
  type UpdateTaskRequest,
  type ZCreateTaskRequest,
} from '@app/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { tasks } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { iso, isoOrNull } from '../../lib/dates';
import { isoTimestamp, isoTimestampOrNull } from '../../lib/sql';
import { accessible, requireClass, requireTask, type Verb, type Viewer } from '../access';
import { actorId, inTransaction, type Ctx } from '../context';
import { createMissingSubmissionsForTask } from '../submissions/missing';
import { storedTaskData, withRenderedTikz } from '../tikz';

// A teacher's tasks (PRODUCT.md §3). Another teacher's task is the same 404 TASK_NOT_FOUND as a missing one.
// Creating a task (or moving it to another class) gives every student of the class an `offen` submission.

type TaskRow = typeof tasks.$inferSelect;
type CreateTaskInput = z.infer<typeof ZCreateTaskRequest>;

const toTask = (row: TaskRow): Task => ({
  id: row.id,
  title: row.title,
  description: row.description,
  class_id: row.class_id,
  due_date: isoOrNull(row.due_date),
  status: row.status,
  data: storedTaskData(row.data),
  feedback_template: row.feedback_template,
  allow_late_submissions: row.allow_late_submissions,
  created_at: iso(row.created_at),
  created_by: row.created_by,
  updated_at: iso(row.updated_at),
});

/** The task `id` if the viewer may use it for `verb`. */
const usable = (viewer: Viewer, id: string, verb: Verb) =>
  and(eq(tasks.id, id), accessible.tasks(verb, viewer));

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
      and(
        eq(tasks.class_id, sql.placeholder('classId')),
        accessible.tasks('view', sql.placeholder('userId')),
      ),
    )
    .orderBy(desc(tasks.created_at), desc(tasks.id))
    .prepare('tasks_list_of_class');
const listAllQuery = (db: Executor) =>
  db
    .select(listColumns)
    .from(tasks)
    .where(accessible.tasks('view', sql.placeholder('userId')))
    .orderBy(desc(tasks.created_at), desc(tasks.id))
    .prepare('tasks_list');
const prepared = new WeakMap<
  Executor,
  { ofClass: ReturnType<typeof listOfClassQuery>; all: ReturnType<typeof listAllQuery> }
>();

/**
 * Newest first (PRODUCT.md §7: created_at descending; id breaks ties). With `classId`: that class's tasks,
 * 404 CLASS_NOT_FOUND when the caller may not see it. The class check only runs when the list is empty.
 */
export async function listTasks(ctx: Ctx, classId?: string): Promise<Task[]> {
  const userId = actorId(ctx);
  let queries = prepared.get(ctx.db);
  if (!queries)
    prepared.set(ctx.db, (queries = { ofClass: listOfClassQuery(ctx.db), all: listAllQuery(ctx.db) }));
  const rows = classId
    ? await queries.ofClass.execute({ classId, userId })
    : await queries.all.execute({ userId });
  if (rows.length === 0 && classId) await requireClass(ctx, classId, 'view');
  return rows.map((row) => ({ ...row, data: storedTaskData(row.data) }));
}

export async function getTask(ctx: Ctx, id: string): Promise<Task> {
  const [row] = await ctx.db
    .select()
    .from(tasks)
    .where(usable(actorId(ctx), id, 'view'));
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

/** The content's TikZ blocks with the pictures this server rendered (domain/tikz, ADR 016). */
async function withTikzPictures<T extends { data?: TaskData | null }>(ctx: Ctx, input: T): Promise<T> {
  return input.data ? { ...input, data: await withRenderedTikz(ctx, input.data) } : input;
}

/** Creates the task and the `offen` submissions of the class's students in one transaction. */
export async function createTask(ctx: Ctx, sent: CreateTaskInput): Promise<Task> {
  // Rendered before the transaction: TeX must not hold the (embedded) database.
  const input = await withTikzPictures(ctx, sent);
  return ctx.db.transaction(async (tx) => {
    const teacherId = await requireClass(inTransaction(ctx, tx), input.class_id, 'manage');
    const [row] = await tx
      .insert(tasks)
      .values({ ...toColumns(input), title: input.title, class_id: input.class_id, created_by: teacherId })
      .returning();
    await createMissingSubmissionsForTask(tx, teacherId, row!.id, row!.class_id);
    return toTask(row!);
  });
}

/**
 * Changes the fields sent. A status change must be allowed (contract TASK_STATUS_TRANSITIONS, else 409);
 * moving the task to another of the caller's classes creates the submissions of that class's students.
 */
export async function updateTask(ctx: Ctx, id: string, sent: UpdateTaskRequest): Promise<Task> {
  const teacherId = actorId(ctx);
  const input = await withTikzPictures(ctx, sent);
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    if (input.class_id !== undefined) await requireClass(txCtx, input.class_id, 'manage');
    const conditions = [usable(teacherId, id, 'manage')];
    // The transition rule goes into the UPDATE itself: no read-then-write race between two tabs.
    if (input.status !== undefined)
      conditions.push(inArray(tasks.status, taskStatusesAllowingChangeTo(input.status)));
    const [row] = await tx
      .update(tasks)
      .set({ ...toColumns(input), updated_at: sql`now()` })
      .where(and(...conditions))
      .returning();
    if (!row) {
      // Not there (or not the caller's: 404), or there in a status that may not change to the one asked for.
      await requireTask(txCtx, id, 'manage');
      throw new AppError('TASK_STATUS_TRANSITION_INVALID');
    }
    if (input.class_id !== undefined)
      await createMissingSubmissionsForTask(tx, teacherId, row.id, row.class_id);
    return toTask(row);
  });
}

/** Deletes the task with its submissions, files rows and feedback (foreign keys cascade). */
export async function deleteTask(ctx: Ctx, id: string): Promise<void> {
  const deleted = await ctx.db
    .delete(tasks)
    .where(usable(actorId(ctx), id, 'manage'))
    .returning({ id: tasks.id });
  if (deleted.length === 0) throw new AppError('TASK_NOT_FOUND');
}
