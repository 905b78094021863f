import type { CreateSubjectRequest, Subject, UpdateSubjectRequest } from '@app/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { isPgError, PgErrorCode } from '../../../db/errors';
import { subjects } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { iso } from '../../../lib/dates';

// A teacher's subjects (spec §3). Every query is scoped to created_by: another teacher's subject is the same
// 404 as a missing one.

type SubjectRow = typeof subjects.$inferSelect;

const toSubject = (row: SubjectRow): Subject => ({
  id: row.id,
  name: row.name,
  description: row.description,
  created_at: iso(row.created_at),
  created_by: row.created_by,
  updated_at: iso(row.updated_at),
});

const owned = (userId: string, id: string) => and(eq(subjects.id, id), eq(subjects.created_by, userId));

/** Newest change first (spec §7); id breaks ties so the order is stable. */
export async function listSubjects(db: Executor, userId: string): Promise<Subject[]> {
  const rows = await db
    .select()
    .from(subjects)
    .where(eq(subjects.created_by, userId))
    .orderBy(desc(subjects.updated_at), desc(subjects.id));
  return rows.map(toSubject);
}

export async function getSubject(db: Executor, userId: string, id: string): Promise<Subject> {
  const [row] = await db.select().from(subjects).where(owned(userId, id));
  if (!row) throw new AppError('SUBJECT_NOT_FOUND');
  return toSubject(row);
}

/** True when the subject exists and belongs to the user. */
export async function ownsSubject(db: Executor, userId: string, id: string): Promise<boolean> {
  const [row] = await db.select({ id: subjects.id }).from(subjects).where(owned(userId, id));
  return row !== undefined;
}

export async function createSubject(
  db: Executor,
  userId: string,
  input: Required<CreateSubjectRequest>,
): Promise<Subject> {
  const [row] = await db
    .insert(subjects)
    .values({ name: input.name, description: input.description, created_by: userId })
    .returning();
  return toSubject(row!);
}

export async function updateSubject(
  db: Executor,
  userId: string,
  id: string,
  input: UpdateSubjectRequest,
): Promise<Subject> {
  const [row] = await db
    .update(subjects)
    .set({ ...input, updated_at: sql`now()` })
    .where(owned(userId, id))
    .returning();
  if (!row) throw new AppError('SUBJECT_NOT_FOUND');
  return toSubject(row);
}

/** 409 SUBJECT_IN_USE while a class uses it (the RESTRICT foreign key of classes.subject_id). */
export async function deleteSubject(db: Executor, userId: string, id: string): Promise<void> {
  let deleted: Array<{ id: string }>;
  try {
    deleted = await db.delete(subjects).where(owned(userId, id)).returning({ id: subjects.id });
  } catch (err) {
    if (isPgError(err, PgErrorCode.foreignKeyViolation, 'classes_subject_id_subjects_id_fk'))
      throw new AppError('SUBJECT_IN_USE', undefined, { cause: err });
    throw err;
  }
  if (deleted.length === 0) throw new AppError('SUBJECT_NOT_FOUND');
}
