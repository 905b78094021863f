import type { ClassStudent } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { classUser, userProfile } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { byName, decryptName } from '../../lib/student-names';
import { requireClass, requireStudentAccount } from '../access';
import { actorId, cipherOf, inTransaction, type Ctx } from '../context';
import { createMissingSubmissionsForStudent } from '../submissions/missing';
import { findClassByToken } from './join-token';

// The students of a class (class_user): listed with their names, removed, and added by the class's join
// token (ADR 006).

/** The class's students with the names of their profiles, by last name then first name. */
export async function listClassStudents(ctx: Ctx, classId: string): Promise<ClassStudent[]> {
  await requireClass(ctx, classId, 'view');
  const cipher = cipherOf(ctx);
  const rows = await ctx.db
    .select({ user_id: classUser.user_id, meta_data: userProfile.meta_data })
    .from(classUser)
    .leftJoin(userProfile, eq(userProfile.user_id, classUser.user_id))
    .where(eq(classUser.class_id, classId));
  const students = rows.map(({ user_id, meta_data }) => ({
    user_id,
    ...decryptName(cipher, user_id, meta_data),
  }));
  return students.sort((a, b) => byName(a, b) || a.user_id.localeCompare(b.user_id));
}

/** Removes only the class_user link (PRODUCT.md §4); 404 STUDENT_NOT_FOUND when they are not in the class. */
export async function removeClassStudent(ctx: Ctx, classId: string, studentId: string): Promise<void> {
  await requireClass(ctx, classId, 'manage');
  const removed = await ctx.db
    .delete(classUser)
    .where(and(eq(classUser.class_id, classId), eq(classUser.user_id, studentId)))
    .returning({ user_id: classUser.user_id });
  if (removed.length === 0) throw new AppError('STUDENT_NOT_FOUND');
}

/** Adds a student to a class (idempotent); returns false when they were in it already. */
export async function addClassStudent(
  db: Executor,
  teacherId: string,
  classId: string,
  studentId: string,
): Promise<boolean> {
  const added = await db
    .insert(classUser)
    .values({ class_id: classId, user_id: studentId, created_by: teacherId })
    .onConflictDoNothing()
    .returning({ user_id: classUser.user_id });
  return added.length > 0;
}

/**
 * `join_class`: puts one of the actor's student accounts into the actor's class with this join token and
 * creates the student's missing submissions. A token of a class the actor may not use is as invalid as a
 * wrong or rotated one.
 */
export async function joinClass(
  ctx: Ctx,
  studentId: string,
  token: string,
): Promise<{ class_id: string; added: boolean; created_submissions: number }> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const classId = await findClassByToken(tx, actorId(txCtx), 'manage', token);
    if (!classId) throw new AppError('JOIN_TOKEN_INVALID');
    const teacherId = await requireStudentAccount(txCtx, studentId, 'manage');
    const added = await addClassStudent(tx, teacherId, classId, studentId);
    const created = await createMissingSubmissionsForStudent(tx, teacherId, studentId);
    return { class_id: classId, added, created_submissions: created };
  });
}
