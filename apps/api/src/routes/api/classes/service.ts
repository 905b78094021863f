import {
  normalizeJoinToken,
  type Class,
  type ClassStudent,
  type CreateClassRequest,
  type UpdateClassRequest,
  ZProfileMetaData,
} from '@app/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { isPgError, PgErrorCode } from '../../../db/errors';
import { classes, classUser, userProfile } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { iso } from '../../../lib/dates';
import { isoTimestamp } from '../../../lib/sql';
import { newJoinToken } from '../../../lib/join-token';
import type { ProfileCipher } from '../../../lib/profile-crypto';
import { ownsSubject } from '../subjects/service';

// A teacher's classes (spec §3) with their students (class_user) and join token (ADR 006). Every query is
// scoped to created_by: another teacher's class is the same 404 CLASS_NOT_FOUND as a missing one.

/** The columns of a class the API shows; the join token only leaves through the token endpoints. */
const classColumns = {
  id: classes.id,
  name: classes.name,
  description: classes.description,
  grade: classes.grade,
  subject_id: classes.subject_id,
  created_at: classes.created_at,
  created_by: classes.created_by,
  updated_at: classes.updated_at,
};

type ClassRow = { [K in keyof typeof classColumns]: (typeof classes.$inferSelect)[K] };

/** GET /api/classes, the busiest list: prepared once per database handle, timestamps formatted in SQL. */
const listQuery = (db: Executor) =>
  db
    .select({
      ...classColumns,
      created_at: isoTimestamp(classes.created_at),
      updated_at: isoTimestamp(classes.updated_at),
    })
    .from(classes)
    .where(eq(classes.created_by, sql.placeholder('userId')))
    .orderBy(desc(classes.updated_at), desc(classes.id))
    .prepare('classes_list');
const listQueries = new WeakMap<Executor, ReturnType<typeof listQuery>>();

const toClass = (row: ClassRow, students?: string[]): Class => ({
  id: row.id,
  name: row.name,
  description: row.description,
  grade: row.grade,
  subject_id: row.subject_id,
  created_at: iso(row.created_at),
  created_by: row.created_by,
  updated_at: iso(row.updated_at),
  ...(students ? { students } : {}),
});

const owned = (userId: string, id: string) => and(eq(classes.id, id), eq(classes.created_by, userId));

/** Throws CLASS_NOT_FOUND unless the class exists and belongs to the user. */
export async function assertOwnsClass(db: Executor, userId: string, id: string): Promise<void> {
  const [row] = await db.select({ id: classes.id }).from(classes).where(owned(userId, id));
  if (!row) throw new AppError('CLASS_NOT_FOUND');
}

/** Newest change first (spec §7); id breaks ties so the order is stable. */
export async function listClasses(db: Executor, userId: string): Promise<Class[]> {
  let query = listQueries.get(db);
  if (!query) listQueries.set(db, (query = listQuery(db)));
  return query.execute({ userId });
}

/** One class with `students` (user ids) filled. */
export async function getClass(db: Executor, userId: string, id: string): Promise<Class> {
  const [row] = await db.select(classColumns).from(classes).where(owned(userId, id));
  if (!row) throw new AppError('CLASS_NOT_FOUND');
  const members = await db
    .select({ user_id: classUser.user_id })
    .from(classUser)
    .where(eq(classUser.class_id, id))
    .orderBy(asc(classUser.created_at), asc(classUser.user_id));
  return toClass(
    row,
    members.map((m) => m.user_id),
  );
}

/** Inserts with a fresh join token, retrying on the (astronomically unlikely) token collision. */
async function insertWithToken<T>(run: (token: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run(newJoinToken());
    } catch (err) {
      if (attempt < 3 && isPgError(err, PgErrorCode.uniqueViolation, 'classes_join_token_unique')) continue;
      throw err;
    }
  }
}

export async function createClass(
  db: Executor,
  userId: string,
  input: Required<CreateClassRequest>,
): Promise<Class> {
  // A subject of another teacher is as unknown as a missing one.
  if (!(await ownsSubject(db, userId, input.subject_id))) throw new AppError('SUBJECT_NOT_FOUND');
  try {
    const [row] = await insertWithToken((join_token) =>
      db
        .insert(classes)
        .values({
          name: input.name,
          grade: input.grade,
          description: input.description,
          subject_id: input.subject_id,
          join_token,
          created_by: userId,
        })
        .returning(classColumns),
    );
    return toClass(row!, []);
  } catch (err) {
    // The subject was deleted between the check and the insert.
    if (isPgError(err, PgErrorCode.foreignKeyViolation)) throw new AppError('SUBJECT_NOT_FOUND');
    throw err;
  }
}

export async function updateClass(
  db: Executor,
  userId: string,
  id: string,
  input: UpdateClassRequest,
): Promise<Class> {
  if (input.subject_id !== undefined && !(await ownsSubject(db, userId, input.subject_id)))
    throw new AppError('SUBJECT_NOT_FOUND');
  let row: ClassRow | undefined;
  try {
    [row] = await db
      .update(classes)
      .set({ ...input, updated_at: sql`now()` })
      .where(owned(userId, id))
      .returning(classColumns);
  } catch (err) {
    if (isPgError(err, PgErrorCode.foreignKeyViolation)) throw new AppError('SUBJECT_NOT_FOUND');
    throw err;
  }
  if (!row) throw new AppError('CLASS_NOT_FOUND');
  return toClass(row);
}

/** Deletes the class with its memberships and tasks (and their submissions); the student accounts stay. */
export async function deleteClass(db: Executor, userId: string, id: string): Promise<void> {
  const deleted = await db.delete(classes).where(owned(userId, id)).returning({ id: classes.id });
  if (deleted.length === 0) throw new AppError('CLASS_NOT_FOUND');
}

/** The class's students with the names of their profiles, by last name then first name. */
export async function listClassStudents(
  db: Executor,
  cipher: ProfileCipher,
  userId: string,
  id: string,
): Promise<ClassStudent[]> {
  await assertOwnsClass(db, userId, id);
  const rows = await db
    .select({ user_id: classUser.user_id, meta_data: userProfile.meta_data })
    .from(classUser)
    .leftJoin(userProfile, eq(userProfile.user_id, classUser.user_id))
    .where(eq(classUser.class_id, id));
  const students = rows.map(({ user_id, meta_data }) => ({
    user_id,
    ...studentName(cipher, user_id, meta_data),
  }));
  const collator = new Intl.Collator('de', { sensitivity: 'base' });
  return students.sort(
    (a, b) =>
      collator.compare(a.last_name, b.last_name) ||
      collator.compare(a.first_name, b.first_name) ||
      a.user_id.localeCompare(b.user_id),
  );
}

function studentName(
  cipher: ProfileCipher,
  userId: string,
  metaData: string | null,
): { first_name: string; last_name: string } {
  if (!metaData) return { first_name: '', last_name: '' };
  try {
    const parsed = ZProfileMetaData.safeParse(JSON.parse(cipher.decrypt(metaData, userId)));
    if (parsed.success) return { first_name: parsed.data.first_name, last_name: parsed.data.last_name };
  } catch {
    // A profile written with another key (e.g. a lost DATA_DIR/profile-key) shows no name, not an error.
  }
  return { first_name: '', last_name: '' };
}

/** Removes only the class_user link (spec §4); 404 STUDENT_NOT_FOUND when the user is not in the class. */
export async function removeClassStudent(
  db: Executor,
  userId: string,
  classId: string,
  studentId: string,
): Promise<void> {
  await assertOwnsClass(db, userId, classId);
  const removed = await db
    .delete(classUser)
    .where(and(eq(classUser.class_id, classId), eq(classUser.user_id, studentId)))
    .returning({ user_id: classUser.user_id });
  if (removed.length === 0) throw new AppError('STUDENT_NOT_FOUND');
}

/** True when `studentId` is in one of the user's classes. */
export async function isStudentOf(db: Executor, userId: string, studentId: string): Promise<boolean> {
  const [row] = await db
    .select({ user_id: classUser.user_id })
    .from(classUser)
    .innerJoin(classes, eq(classes.id, classUser.class_id))
    .where(and(eq(classUser.user_id, studentId), eq(classes.created_by, userId)))
    .limit(1);
  return row !== undefined;
}

/** Adds a student to a class (idempotent); returns false when they were in it already. */
export async function addClassStudent(
  db: Executor,
  userId: string,
  classId: string,
  studentId: string,
): Promise<boolean> {
  const added = await db
    .insert(classUser)
    .values({ class_id: classId, user_id: studentId, created_by: userId })
    .onConflictDoNothing()
    .returning({ user_id: classUser.user_id });
  return added.length > 0;
}

export async function getJoinToken(db: Executor, userId: string, id: string): Promise<string> {
  const [row] = await db.select({ join_token: classes.join_token }).from(classes).where(owned(userId, id));
  if (!row) throw new AppError('CLASS_NOT_FOUND');
  return row.join_token;
}

/** Replaces the join token: the old one stops working at once. The class's updated_at stays. */
export async function rotateJoinToken(db: Executor, userId: string, id: string): Promise<string> {
  const rows = await insertWithToken((join_token) =>
    db
      .update(classes)
      // Not a change of the class itself: keep updated_at (and so the list order) as it is.
      .set({ join_token, updated_at: sql`${classes.updated_at}` })
      .where(owned(userId, id))
      .returning({ join_token: classes.join_token }),
  );
  const row = rows[0];
  if (!row) throw new AppError('CLASS_NOT_FOUND');
  return row.join_token;
}

/**
 * The user's class with this token, or undefined. Matches the token as stored and as typed by hand (case,
 * spaces and dashes ignored), so a code read from the projector works too.
 */
export async function findOwnClassByToken(
  db: Executor,
  userId: string,
  token: string,
): Promise<string | undefined> {
  const candidates = [...new Set([token.trim(), normalizeJoinToken(token)])].filter(Boolean);
  const [row] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(
      and(
        eq(classes.created_by, userId),
        candidates.length === 1
          ? eq(classes.join_token, candidates[0]!)
          : inArray(classes.join_token, candidates),
      ),
    )
    .limit(1);
  return row?.id;
}
