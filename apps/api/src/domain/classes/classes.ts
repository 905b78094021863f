import type { Class, ClassAccess, CreateClassRequest, UpdateClassRequest } from '@app/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isPgError, PgErrorCode } from '../../db/errors';
import { classes, classUser, subjects } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { iso } from '../../lib/dates';
import { isoTimestamp } from '../../lib/sql';
import { accessible, classAccessOf, ownedBy, requireSubject, type Verb } from '../access';
import { actorId, type Ctx } from '../context';
import { insertWithToken } from './join-token';

// A teacher's classes (PRODUCT.md §3) with their students (class_user) and join token (ADR 006). Which
// classes the actor may see is access.ts's question: any other class is the same 404 CLASS_NOT_FOUND as a
// missing one.

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

type ClassRow = { [K in keyof typeof classColumns]: (typeof classes.$inferSelect)[K] } & {
  my_role: ClassAccess;
};

/** GET /api/classes, the busiest list: prepared once per database handle, timestamps formatted in SQL. */
const listQuery = (db: Executor) =>
  db
    .select({
      ...classColumns,
      created_at: isoTimestamp(classes.created_at),
      updated_at: isoTimestamp(classes.updated_at),
      my_role: classAccessOf(sql.placeholder('userId')),
    })
    .from(classes)
    .where(accessible.classes('view', sql.placeholder('userId')))
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
  my_role: row.my_role,
  ...(students ? { students } : {}),
});

/** The class `id` if the actor may use it for `verb`. */
const usableClass = (ctx: Ctx, id: string, verb: Verb) =>
  and(eq(classes.id, id), accessible.classes(verb, actorId(ctx)));

/** Newest change first (PRODUCT.md §7); id breaks ties so the order is stable. */
export async function listClasses(ctx: Ctx): Promise<Class[]> {
  const userId = actorId(ctx);
  let query = listQueries.get(ctx.db);
  if (!query) listQueries.set(ctx.db, (query = listQuery(ctx.db)));
  return query.execute({ userId });
}

/** One class with `students` (user ids) filled. */
export async function getClass(ctx: Ctx, id: string): Promise<Class> {
  const [row] = await ctx.db
    .select({ ...classColumns, my_role: classAccessOf(actorId(ctx)) })
    .from(classes)
    .where(usableClass(ctx, id, 'view'));
  if (!row) throw new AppError('CLASS_NOT_FOUND');
  const members = await ctx.db
    .select({ user_id: classUser.user_id })
    .from(classUser)
    .where(eq(classUser.class_id, id))
    .orderBy(asc(classUser.created_at), asc(classUser.user_id));
  return toClass(
    row,
    members.map((m) => m.user_id),
  );
}

export async function createClass(ctx: Ctx, input: Required<CreateClassRequest>): Promise<Class> {
  // A subject the actor may not use is as unknown as a missing one.
  const teacherId = await requireSubject(ctx, input.subject_id, 'manage');
  try {
    const [row] = await insertWithToken((join_token) =>
      ctx.db
        .insert(classes)
        .values({
          name: input.name,
          grade: input.grade,
          description: input.description,
          subject_id: input.subject_id,
          join_token,
          created_by: teacherId,
        })
        .returning(classColumns),
    );
    return toClass({ ...row!, my_role: 'owner' }, []);
  } catch (err) {
    // The subject was deleted between the check and the insert.
    if (isPgError(err, PgErrorCode.foreignKeyViolation)) throw new AppError('SUBJECT_NOT_FOUND');
    throw err;
  }
}

export async function updateClass(ctx: Ctx, id: string, input: UpdateClassRequest): Promise<Class> {
  const viewer = actorId(ctx);
  // The subject is one of the class owner's: a colleague who manages the class picks among those.
  if (input.subject_id !== undefined) {
    const [owner] = await ctx.db
      .select({ id: classes.created_by })
      .from(classes)
      .where(usableClass(ctx, id, 'manage'));
    if (!owner) throw new AppError('CLASS_NOT_FOUND');
    const [subject] = await ctx.db
      .select({ id: subjects.id })
      .from(subjects)
      .where(and(eq(subjects.id, input.subject_id), ownedBy.subjects(owner.id)));
    if (!subject) throw new AppError('SUBJECT_NOT_FOUND');
  }
  let row: ClassRow | undefined;
  try {
    [row] = await ctx.db
      .update(classes)
      .set({ ...input, updated_at: sql`now()` })
      .where(usableClass(ctx, id, 'manage'))
      .returning({ ...classColumns, my_role: classAccessOf(viewer) });
  } catch (err) {
    if (isPgError(err, PgErrorCode.foreignKeyViolation)) throw new AppError('SUBJECT_NOT_FOUND');
    throw err;
  }
  if (!row) throw new AppError('CLASS_NOT_FOUND');
  return toClass(row);
}

/**
 * Deletes the class with its memberships, tasks (and their submissions) and sharing; the student accounts
 * stay. Its owner's alone: a colleague gets 403 CLASS_DELETE_OWNER_ONLY, anyone else the class's 404.
 */
export async function deleteClass(ctx: Ctx, id: string): Promise<void> {
  const viewer = actorId(ctx);
  const deleted = await ctx.db
    .delete(classes)
    .where(and(eq(classes.id, id), ownedBy.classes(viewer)))
    .returning({ id: classes.id });
  if (deleted.length > 0) return;
  const [shared] = await ctx.db
    .select({ id: classes.id })
    .from(classes)
    .where(usableClass(ctx, id, 'view'));
  throw new AppError(shared ? 'CLASS_DELETE_OWNER_ONLY' : 'CLASS_NOT_FOUND');
}
