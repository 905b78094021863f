import { splitStudentName, type ProfileMetaData } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AdminUser } from '../../../auth/types';
import type { Executor } from '../../../db/client';
import { userProfile } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { profileCipher, type ProfileCipher } from '../../../lib/profile-crypto';
import { studentEmail, studentPassword } from '../../../lib/student-credentials';
import { addClassStudent, isStudentOf } from '../classes/service';
import { createMissingSubmissionsForStudent } from '../submissions/service';

// Student accounts (spec §6, issue 4). A student is an auth user without a role (they never use the app
// themselves: spec §6, ADR 006) with a profile written by their teacher (user_profile.created_by) and
// memberships in that teacher's classes. A teacher only ever reaches accounts they created: that is what
// keeps reset_student_pw from becoming a way into someone else's account.

/** user_metadata of a student account: no registration dialog, marked as a student. */
const STUDENT_METADATA = {
  account_type: 'student',
  registration_completed: true,
  profile_setup_done: true,
  has_password: true,
};

const authErrorCode = (err: unknown): string | undefined =>
  err instanceof Object && typeof (err as { code?: unknown }).code === 'string'
    ? (err as { code: string }).code
    : undefined;

/**
 * Auth errors carry GoTrue codes (local or Supabase); the app's error handler maps them (email_exists →
 * EMAIL_EXISTS, weak_password → WEAK_PASSWORD …). Only what means something else here is mapped here.
 */
function mapAuthError(err: unknown): never {
  if (authErrorCode(err) === 'user_not_found') throw new AppError('STUDENT_NOT_FOUND');
  throw err;
}

/** True when the teacher created this student (their profile) or has them in a class. */
export async function isOwnStudent(db: Executor, teacherId: string, studentId: string): Promise<boolean> {
  const [profile] = await db
    .select({ id: userProfile.id })
    .from(userProfile)
    .where(and(eq(userProfile.user_id, studentId), eq(userProfile.created_by, teacherId)));
  return profile !== undefined || (await isStudentOf(db, teacherId, studentId));
}

interface NewStudent {
  user: AdminUser;
  first_name: string;
  last_name: string;
}

/** Profile, class membership and the missing submissions of freshly created accounts. */
async function enrol(
  db: Executor,
  cipher: ProfileCipher,
  teacherId: string,
  classId: string,
  students: NewStudent[],
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { user, first_name, last_name } of students) {
      const meta: ProfileMetaData = { first_name, last_name, avatar_url: null, school: null };
      await tx.insert(userProfile).values({
        user_id: user.id,
        meta_data: cipher.encrypt(JSON.stringify(meta), user.id),
        created_by: teacherId,
      });
      await addClassStudent(tx, teacherId, classId, user.id);
      await createMissingSubmissionsForStudent(tx, teacherId, user.id);
    }
  });
}

/** Undoes auth users whose database rows could not be written (best effort, logged). */
async function removeAuthUsers(app: FastifyInstance, log: FastifyBaseLogger, users: AdminUser[]) {
  for (const user of users) {
    try {
      await app.authAdmin.deleteUser(user.id);
    } catch (err) {
      log.error({ err, userId: user.id }, 'student account left without profile');
    }
  }
}

/**
 * One account with the teacher's e-mail and password, put into `classId` (which the caller must own; the
 * route checks it first).
 */
export async function createStudent(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  teacherId: string,
  input: { email: string; password: string; class_id: string; first_name?: string; last_name?: string },
): Promise<AdminUser> {
  let user: AdminUser;
  try {
    user = await app.authAdmin.createUser({
      email: input.email,
      password: input.password,
      userMetadata: STUDENT_METADATA,
    });
  } catch (err) {
    mapAuthError(err);
  }
  const student: NewStudent = {
    user,
    // Without names the list shows the address's local part rather than nothing.
    first_name: input.first_name ?? input.email.split('@')[0] ?? '',
    last_name: input.last_name ?? '',
  };
  try {
    await enrol(app.db, profileCipher(app.config), teacherId, input.class_id, [student]);
  } catch (err) {
    await removeAuthUsers(app, log, [user]);
    throw err;
  }
  return user;
}

/**
 * One account per name with a generated address and password, all or nothing: when one fails, the accounts
 * created so far are removed again. The passwords are returned once and never logged.
 */
export async function createStudents(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  teacherId: string,
  classId: string,
  names: string[],
): Promise<Array<{ user_id: string; name: string; email: string; password: string }>> {
  const created: Array<NewStudent & { name: string; password: string }> = [];
  try {
    for (const line of names) {
      const name = line.replace(/\s+/g, ' ').trim();
      const { first_name, last_name } = splitStudentName(name);
      const password = studentPassword();
      for (let attempt = 0; ; attempt++) {
        try {
          const user = await app.authAdmin.createUser({
            email: studentEmail(first_name, last_name),
            password,
            userMetadata: STUDENT_METADATA,
          });
          created.push({ user, first_name, last_name, name, password });
          break;
        } catch (err) {
          // The random suffix collided with an existing address: draw another one.
          if (attempt < 3 && authErrorCode(err) === 'email_exists') continue;
          mapAuthError(err);
        }
      }
    }
    await enrol(app.db, profileCipher(app.config), teacherId, classId, created);
  } catch (err) {
    await removeAuthUsers(
      app,
      log,
      created.map((c) => c.user),
    );
    throw err;
  }
  return created.map((c) => ({
    user_id: c.user.id,
    name: c.name,
    email: c.user.email,
    password: c.password,
  }));
}

/** A new password for a student of one of the teacher's classes (else 404 STUDENT_NOT_FOUND). */
export async function resetStudentPassword(
  app: FastifyInstance,
  teacherId: string,
  studentId: string,
  password: string,
): Promise<void> {
  if (!(await isStudentOf(app.db, teacherId, studentId))) throw new AppError('STUDENT_NOT_FOUND');
  try {
    await app.authAdmin.updatePassword(studentId, password);
  } catch (err) {
    mapAuthError(err);
  }
}
