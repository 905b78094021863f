import { splitStudentName, type ProfileMetaData } from '@app/contract';
import type { AdminUser } from '../../auth/types';
import { userProfile } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requireClass, requireClassStudent } from '../access';
import { addClassStudent } from '../classes/members';
import { cipherOf, type Ctx } from '../context';
import { createMissingSubmissionsForStudent } from '../submissions/missing';
import { studentEmail, studentPassword } from './credentials';

// Student accounts (PRODUCT.md §6). A student is an auth user without a role (they never use the app
// themselves: PRODUCT.md §6, ADR 006) with a profile written by their teacher (user_profile.created_by) and
// memberships in that teacher's classes. A teacher only ever reaches the students access.ts grants them:
// that is what keeps reset_student_pw from becoming a way into someone else's account.

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

interface NewStudent {
  user: AdminUser;
  first_name: string;
  last_name: string;
}

/** Profile, class membership and the missing submissions of freshly created accounts. */
async function enrol(ctx: Ctx, teacherId: string, classId: string, students: NewStudent[]): Promise<void> {
  const cipher = cipherOf(ctx);
  await ctx.db.transaction(async (tx) => {
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
async function removeAuthUsers(ctx: Ctx, users: AdminUser[]) {
  for (const user of users) {
    try {
      await ctx.services.authAdmin.deleteUser(user.id);
    } catch (err) {
      ctx.log.error({ err, userId: user.id }, 'student account left without profile');
    }
  }
}

/** `createStudent`: one account with the teacher's e-mail and password, put into one of their classes. */
export async function createStudent(
  ctx: Ctx,
  input: { email: string; password: string; class_id: string; first_name?: string; last_name?: string },
): Promise<AdminUser> {
  const teacherId = await requireClass(ctx, input.class_id, 'manage');
  let user: AdminUser;
  try {
    user = await ctx.services.authAdmin.createUser({
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
    await enrol(ctx, teacherId, input.class_id, [student]);
  } catch (err) {
    await removeAuthUsers(ctx, [user]);
    throw err;
  }
  ctx.log.info({ studentId: user.id, classId: input.class_id }, 'student account created');
  return user;
}

/**
 * `createStudents`: one account per name in one of the teacher's classes, with a generated address and
 * password, all or nothing: when one fails, the accounts created so far are removed again. The passwords
 * are returned once and never logged.
 */
export async function createStudents(
  ctx: Ctx,
  classId: string,
  names: string[],
): Promise<Array<{ user_id: string; name: string; email: string; password: string }>> {
  const teacherId = await requireClass(ctx, classId, 'manage');
  const created: Array<NewStudent & { name: string; password: string }> = [];
  try {
    for (const line of names) {
      const { first_name, last_name } = splitStudentName(line);
      // Named as the class list names them ("Lea Müller", also for a pasted "Müller, Lea").
      const name = [first_name, last_name].filter(Boolean).join(' ');
      const password = studentPassword();
      for (let attempt = 0; ; attempt++) {
        try {
          const user = await ctx.services.authAdmin.createUser({
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
    await enrol(ctx, teacherId, classId, created);
  } catch (err) {
    await removeAuthUsers(
      ctx,
      created.map((c) => c.user),
    );
    throw err;
  }
  ctx.log.info({ classId, count: created.length }, 'student accounts created');
  return created.map((c) => ({
    user_id: c.user.id,
    name: c.name,
    email: c.user.email,
    password: c.password,
  }));
}

/**
 * Accounts for these names in one of the teacher's classes, as createStudents makes them (generated address,
 * encrypted profile, membership, submissions) but without a password: nobody can sign in as them until the
 * teacher sets one with reset_student_pw. The demo's class is made this way (hashing a password per student
 * would make every fresh start seconds slower). All or nothing, as createStudents.
 */
export async function createStudentsWithoutLogin(
  ctx: Ctx,
  classId: string,
  names: readonly string[],
): Promise<Array<{ user_id: string; name: string }>> {
  const teacherId = await requireClass(ctx, classId, 'manage');
  const created: NewStudent[] = [];
  try {
    for (const line of names) {
      const { first_name, last_name } = splitStudentName(line);
      const user = await ctx.services.authAdmin.createUser({
        email: studentEmail(first_name, last_name),
        userMetadata: STUDENT_METADATA,
      });
      created.push({ user, first_name, last_name });
    }
    await enrol(ctx, teacherId, classId, created);
  } catch (err) {
    await removeAuthUsers(
      ctx,
      created.map((c) => c.user),
    );
    throw err;
  }
  return created.map((c) => ({ user_id: c.user.id, name: `${c.first_name} ${c.last_name}`.trim() }));
}

/** `reset_student_pw`: a new password for a student of the teacher's classes (else 404 STUDENT_NOT_FOUND). */
export async function resetStudentPassword(ctx: Ctx, studentId: string, password: string): Promise<void> {
  await requireClassStudent(ctx, studentId, 'manage');
  try {
    await ctx.services.authAdmin.updatePassword(studentId, password);
  } catch (err) {
    mapAuthError(err);
  }
  ctx.log.info({ studentId }, 'student password reset');
}
