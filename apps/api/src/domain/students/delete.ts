import { and, eq, inArray } from 'drizzle-orm';
import {
  classUser,
  coinLedger,
  notifications,
  submissionFiles,
  submissions,
  userProfile,
  userRoles,
} from '../../db/schema';
import { removeStored } from '../../lib/uploads/receive';
import { accessible, requireOwnedStudentAccount } from '../access';
import type { Ctx } from '../context';

// Deleting a student (ADR 022), unlike removing them from a class (only the membership, PRODUCT.md §4):
// the account and everything about them goes — memberships, profile, submissions with feedback and
// releases (cascade), the rows and stored objects of their files — so that nothing of theirs remains.

/**
 * `DELETE /api/students/:id`: only the teacher who created the student's account may (anyone else gets 404
 * STUDENT_NOT_FOUND, as for an unknown id). Their sessions end first; the rows go in one transaction; then
 * the stored files and the auth user (failures there are logged: the data is gone either way).
 */
export async function deleteStudent(
  ctx: Ctx,
  studentId: string,
): Promise<{ files: number; submissions: number }> {
  const teacherId = await requireOwnedStudentAccount(ctx, studentId);
  const { db, services, log } = ctx;

  await services.sessionRevocations.revoke(db, [studentId]);
  const { keys, removed } = await db.transaction(async (tx) => {
    const theirs = tx
      .select({ id: submissions.id })
      .from(submissions)
      .where(and(eq(submissions.student_id, studentId), accessible.submissions('manage', teacherId)));
    const files = await tx
      .delete(submissionFiles)
      .where(inArray(submissionFiles.submission_id, theirs))
      .returning({ key: submissionFiles.storage_key });
    const gone = await tx
      .delete(submissions)
      .where(and(eq(submissions.student_id, studentId), accessible.submissions('manage', teacherId)))
      .returning({ id: submissions.id });
    await tx.delete(classUser).where(eq(classUser.user_id, studentId));
    await tx.delete(notifications).where(eq(notifications.receiver_user_id, studentId));
    await tx.delete(coinLedger).where(eq(coinLedger.user_id, studentId));
    await tx.delete(userRoles).where(eq(userRoles.user_id, studentId));
    await tx.delete(userProfile).where(eq(userProfile.user_id, studentId));
    return { keys: files, removed: gone.length };
  });
  await removeStored(services.storage, keys, log);
  await services.authAdmin
    .deleteUser(studentId)
    .catch((err: unknown) => log.error({ err, userId: studentId }, 'Schülerkonto nicht gelöscht'));
  log.info({ studentId, files: keys.length, submissions: removed }, 'student deleted');
  return { files: keys.length, submissions: removed };
}
