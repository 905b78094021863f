import { newId } from '@app/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { classUser, submissions, tasks } from '../../db/schema';
import { accessible, requireClassStudent } from '../access';
import { inTransaction, type Ctx } from '../context';

// Every student of a class has one submission per task of the class, `offen` until something is handed in
// (PRODUCT.md §7 createmissingsubmissions). Created when a task is created, when a student joins a class
// and on request; idempotent through the unique (task_id, student_id) index: concurrent calls cannot
// duplicate.

/** Inserts `offen` submissions for these (task, student) pairs; returns how many were new. */
async function insertMissing(
  db: Executor,
  teacherId: string,
  pairs: Array<{ task_id: string; student_id: string }>,
): Promise<number> {
  if (pairs.length === 0) return 0;
  const inserted = await db
    .insert(submissions)
    .values(pairs.map((p) => ({ id: newId(), ...p, status: 'offen' as const, created_by: teacherId })))
    .onConflictDoNothing()
    .returning({ id: submissions.id });
  return inserted.length;
}

/** For every student of the task's class who has no submission for the task yet. */
export async function createMissingSubmissionsForTask(
  db: Executor,
  teacherId: string,
  taskId: string,
  classId: string,
): Promise<number> {
  const missing = await db
    .select({ student_id: classUser.user_id })
    .from(classUser)
    .leftJoin(
      submissions,
      and(eq(submissions.task_id, taskId), eq(submissions.student_id, classUser.user_id)),
    )
    .where(and(eq(classUser.class_id, classId), isNull(submissions.id)));
  return insertMissing(
    db,
    teacherId,
    missing.map((m) => ({ task_id: taskId, student_id: m.student_id })),
  );
}

/**
 * For every task the teacher manages in the classes the student is in (all statuses) that has none for them
 * yet.
 */
export async function createMissingSubmissionsForStudent(
  db: Executor,
  teacherId: string,
  studentId: string,
): Promise<number> {
  const missing = await db
    .select({ task_id: tasks.id })
    .from(tasks)
    .innerJoin(classUser, and(eq(classUser.class_id, tasks.class_id), eq(classUser.user_id, studentId)))
    .leftJoin(submissions, and(eq(submissions.task_id, tasks.id), eq(submissions.student_id, studentId)))
    .where(and(accessible.tasks('manage', teacherId), isNull(submissions.id)));
  return insertMissing(
    db,
    teacherId,
    missing.map((m) => ({ task_id: m.task_id, student_id: studentId })),
  );
}

/**
 * `createmissingsubmissions`: the missing submissions of a student of the caller's classes (404
 * STUDENT_NOT_FOUND for anyone else). Returns how many were created.
 */
export async function createMissingSubmissions(ctx: Ctx, studentId: string): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const teacherId = await requireClassStudent(inTransaction(ctx, tx), studentId, 'manage');
    return createMissingSubmissionsForStudent(tx, teacherId, studentId);
  });
}
