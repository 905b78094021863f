import type { CreateSubjectRequest, Subject, UpdateSubjectRequest } from '@app/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { isPgError, PgErrorCode } from '../../db/errors';
import { subjects } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { iso } from '../../lib/dates';
import { accessible, type VerbOf } from '../access';
import { actorId, type Ctx } from '../context';

// A teacher's subjects (PRODUCT.md §3). Which ones the actor may see is access.ts's question: any other
// subject is the same 404 as a missing one.

type SubjectRow = typeof subjects.$inferSelect;

const toSubject = (row: SubjectRow): Subject => ({
  id: row.id,
  name: row.name,
  description: row.description,
  created_at: iso(row.created_at),
  created_by: row.created_by,
  updated_at: iso(row.updated_at),
});

/** The subject `id` if the actor may use it for `verb`. */
const usable = (ctx: Ctx, id: string, verb: VerbOf<'subjects'>) =>
  and(eq(subjects.id, id), accessible.subjects(verb, actorId(ctx)));

/** Newest change first (PRODUCT.md §7); id breaks ties so the order is stable. */
export async function listSubjects(ctx: Ctx): Promise<Subject[]> {
  const rows = await ctx.db
    .select()
    .from(subjects)
    .where(accessible.subjects('view', actorId(ctx)))
    .orderBy(desc(subjects.updated_at), desc(subjects.id));
  return rows.map(toSubject);
}

export async function getSubject(ctx: Ctx, id: string): Promise<Subject> {
  const [row] = await ctx.db
    .select()
    .from(subjects)
    .where(usable(ctx, id, 'view'));
  if (!row) throw new AppError('SUBJECT_NOT_FOUND');
  return toSubject(row);
}

export async function createSubject(ctx: Ctx, input: Required<CreateSubjectRequest>): Promise<Subject> {
  const [row] = await ctx.db
    .insert(subjects)
    .values({ name: input.name, description: input.description, created_by: actorId(ctx) })
    .returning();
  return toSubject(row!);
}

export async function updateSubject(ctx: Ctx, id: string, input: UpdateSubjectRequest): Promise<Subject> {
  const [row] = await ctx.db
    .update(subjects)
    .set({ ...input, updated_at: sql`now()` })
    .where(usable(ctx, id, 'manage'))
    .returning();
  if (!row) throw new AppError('SUBJECT_NOT_FOUND');
  return toSubject(row);
}

/** 409 SUBJECT_IN_USE while a class uses it (the RESTRICT foreign key of classes.subject_id). */
export async function deleteSubject(ctx: Ctx, id: string): Promise<void> {
  let deleted: Array<{ id: string }>;
  try {
    deleted = await ctx.db
      .delete(subjects)
      .where(usable(ctx, id, 'manage'))
      .returning({ id: subjects.id });
  } catch (err) {
    if (isPgError(err, PgErrorCode.foreignKeyViolation, 'classes_subject_id_subjects_id_fk'))
      throw new AppError('SUBJECT_IN_USE', undefined, { cause: err });
    throw err;
  }
  if (deleted.length === 0) throw new AppError('SUBJECT_NOT_FOUND');
}
