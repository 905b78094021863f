import {
  CLASS_INVITATION_NOTIFICATION,
  CLASS_ROLE_WORDS,
  type Class,
  type ClassInvitation,
  type ClassRole,
  type ClassTeacher,
  type ShareClassRequest,
} from '@app/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { classes, classTeachers, notifications, subjects, userRoles } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { iso } from '../../lib/dates';
import { fullName, namesOf } from '../../lib/student-names';
import { requireClass } from '../access';
import { actorId, cipherOf, type Ctx } from '../context';
import { notify } from '../notifications/notify';
import { getClass } from './classes';

// Co-teaching (ARCHITECTURE.md §11): a class's owner — or a colleague who manages it — shares the class with
// other teachers of this server by the e-mail address of their account, each with a role (the access
// policy's verbs). The colleague is invited (a notification on their bell) and sees the class only after
// accepting. Removing a colleague takes effect at once: the policy reads class_teachers on every request,
// and the realtime trigger tells the removed teacher's open pages to refetch (they then get the 404).

/** The class's owner (its creator) and name, if the actor may use the class for `verb`. */
async function sharedClass(ctx: Ctx, classId: string, verb: 'view' | 'manage') {
  await requireClass(ctx, classId, verb);
  const [row] = await ctx.db
    .select({ owner: classes.created_by, name: classes.name })
    .from(classes)
    .where(eq(classes.id, classId));
  if (!row) throw new AppError('CLASS_NOT_FOUND');
  return row;
}

/** `GET /api/classes/:id/teachers`: the owner first, then the colleagues in the order they were invited. */
export async function listClassTeachers(ctx: Ctx, classId: string): Promise<ClassTeacher[]> {
  const { owner } = await sharedClass(ctx, classId, 'view');
  const rows = await ctx.db
    .select()
    .from(classTeachers)
    .where(eq(classTeachers.class_id, classId))
    .orderBy(asc(classTeachers.created_at), asc(classTeachers.user_id));
  const ids = [owner, ...rows.map((r) => r.user_id)];
  const names = await namesOf(ctx.db, cipherOf(ctx), ids);
  const emails = new Map(
    await Promise.all(
      ids.map(async (id) => [id, (await ctx.services.authAdmin.getUserById(id))?.email ?? ''] as const),
    ),
  );
  return [
    {
      user_id: owner,
      name: fullName(names.get(owner)),
      email: emails.get(owner) ?? '',
      role: 'owner',
      status: 'accepted',
      invited_at: null,
    },
    ...rows.map((row) => ({
      user_id: row.user_id,
      name: fullName(names.get(row.user_id)),
      email: emails.get(row.user_id) ?? '',
      role: row.role,
      status: row.status,
      invited_at: iso(row.created_at),
    })),
  ];
}

/**
 * `POST /api/classes/:id/teachers`: invites the teacher with this e-mail address. 404 COLLEAGUE_NOT_FOUND
 * for an address without a teacher account (a student account is none), 409 CLASS_ALREADY_SHARED for the
 * owner or someone invited already.
 */
export async function shareClass(ctx: Ctx, classId: string, input: ShareClassRequest): Promise<ClassTeacher> {
  const { owner, name } = await sharedClass(ctx, classId, 'manage');
  const inviter = actorId(ctx);
  const colleague = await ctx.services.authAdmin.getUserByEmail(input.email);
  const [teacher] = colleague
    ? await ctx.db
        .select({ user_id: userRoles.user_id })
        .from(userRoles)
        .where(eq(userRoles.user_id, colleague.id))
        .limit(1)
    : [];
  if (!colleague || !teacher) throw new AppError('COLLEAGUE_NOT_FOUND');
  if (colleague.id === owner) throw new AppError('CLASS_ALREADY_SHARED');
  const row = await ctx.db.transaction(async (tx) => {
    const [added] = await tx
      .insert(classTeachers)
      .values({ class_id: classId, user_id: colleague.id, role: input.role, invited_by: inviter })
      .onConflictDoNothing()
      .returning();
    if (!added) throw new AppError('CLASS_ALREADY_SHARED');
    const inviterName = fullName((await namesOf(tx, cipherOf(ctx), [inviter])).get(inviter));
    await notify(tx, {
      receiver_user_id: colleague.id,
      type: CLASS_INVITATION_NOTIFICATION,
      title: invitationTitle(name),
      details: `${inviterName || 'Eine Lehrkraft'} möchte die Klasse „${name}“ mit dir teilen (${CLASS_ROLE_WORDS[input.role]}). Du kannst die Einladung in deiner Klassenliste annehmen oder ablehnen.`,
      link_to: '/classes',
      created_by: inviter,
    });
    return added;
  });
  ctx.log.info({ classId, userId: colleague.id, role: input.role }, 'class shared');
  const names = await namesOf(ctx.db, cipherOf(ctx), [colleague.id]);
  return {
    user_id: colleague.id,
    name: fullName(names.get(colleague.id)),
    email: colleague.email,
    role: row.role,
    status: row.status,
    invited_at: iso(row.created_at),
  };
}

/** The invitation's title on the bell; answering the invitation marks it read. */
const invitationTitle = (className: string) => `Einladung in die Klasse ${className}`;

/** The answered invitation's notifications are read: the bell has nothing left to do about them. */
async function markInvitationRead(ctx: Ctx, classId: string): Promise<void> {
  const [cls] = await ctx.db.select({ name: classes.name }).from(classes).where(eq(classes.id, classId));
  if (!cls) return;
  await ctx.db
    .update(notifications)
    .set({ read_at: sql`now()` })
    .where(
      and(
        eq(notifications.receiver_user_id, actorId(ctx)),
        eq(notifications.type, CLASS_INVITATION_NOTIFICATION),
        eq(notifications.title, invitationTitle(cls.name)),
        isNull(notifications.read_at),
      ),
    );
}

/** `PATCH /api/classes/:id/teachers/:userId`: another role for a colleague (not the owner). */
export async function updateClassTeacher(
  ctx: Ctx,
  classId: string,
  userId: string,
  role: ClassRole,
): Promise<ClassTeacher> {
  const { owner } = await sharedClass(ctx, classId, 'manage');
  if (userId === owner) throw new AppError('CLASS_OWNER_NOT_REMOVABLE');
  const [row] = await ctx.db
    .update(classTeachers)
    .set({ role })
    .where(and(eq(classTeachers.class_id, classId), eq(classTeachers.user_id, userId)))
    .returning();
  if (!row) throw new AppError('CLASS_TEACHER_NOT_FOUND');
  const teachers = await listClassTeachers(ctx, classId);
  return teachers.find((t) => t.user_id === userId)!;
}

/**
 * `DELETE /api/classes/:id/teachers/:userId`: the owner or a managing colleague removes a colleague (or
 * withdraws an invitation); any colleague may remove themself (leave the class). Nobody removes the owner.
 */
export async function removeClassTeacher(ctx: Ctx, classId: string, userId: string): Promise<void> {
  const viewer = actorId(ctx);
  const { owner } = await sharedClass(ctx, classId, userId === viewer ? 'view' : 'manage');
  if (userId === owner) throw new AppError('CLASS_OWNER_NOT_REMOVABLE');
  const removed = await ctx.db
    .delete(classTeachers)
    .where(and(eq(classTeachers.class_id, classId), eq(classTeachers.user_id, userId)))
    .returning({ user_id: classTeachers.user_id });
  if (removed.length === 0) throw new AppError('CLASS_TEACHER_NOT_FOUND');
  ctx.log.info({ classId, userId }, 'class teacher removed');
}

/** `GET /api/class-invitations`: the invitations waiting for the actor's answer, newest first. */
export async function listClassInvitations(ctx: Ctx): Promise<ClassInvitation[]> {
  const viewer = actorId(ctx);
  const rows = await ctx.db
    .select({
      class_id: classes.id,
      class_name: classes.name,
      grade: classes.grade,
      subject_name: subjects.name,
      invited_by: classTeachers.invited_by,
      role: classTeachers.role,
      invited_at: classTeachers.created_at,
    })
    .from(classTeachers)
    .innerJoin(classes, eq(classes.id, classTeachers.class_id))
    .innerJoin(subjects, eq(subjects.id, classes.subject_id))
    .where(and(eq(classTeachers.user_id, viewer), eq(classTeachers.status, 'pending')))
    .orderBy(sql`${classTeachers.created_at} desc`, asc(classes.id));
  const names = await namesOf(
    ctx.db,
    cipherOf(ctx),
    rows.map((r) => r.invited_by),
  );
  return rows.map(({ invited_by, invited_at, ...row }) => ({
    ...row,
    invited_by_name: fullName(names.get(invited_by)),
    invited_at: iso(invited_at),
  }));
}

/** `POST /api/class-invitations/:classId/accept`: the class, now with the actor's role. */
export async function acceptClassInvitation(ctx: Ctx, classId: string): Promise<Class> {
  const [row] = await ctx.db
    .update(classTeachers)
    .set({ status: 'accepted', accepted_at: sql`now()` })
    .where(
      and(
        eq(classTeachers.class_id, classId),
        eq(classTeachers.user_id, actorId(ctx)),
        eq(classTeachers.status, 'pending'),
      ),
    )
    .returning({ class_id: classTeachers.class_id });
  if (!row) throw new AppError('CLASS_INVITATION_NOT_FOUND');
  await markInvitationRead(ctx, classId);
  return getClass(ctx, classId);
}

/** `POST /api/class-invitations/:classId/decline`: the invitation is gone; the class stays unseen. */
export async function declineClassInvitation(ctx: Ctx, classId: string): Promise<void> {
  const removed = await ctx.db
    .delete(classTeachers)
    .where(
      and(
        eq(classTeachers.class_id, classId),
        eq(classTeachers.user_id, actorId(ctx)),
        eq(classTeachers.status, 'pending'),
      ),
    )
    .returning({ class_id: classTeachers.class_id });
  if (removed.length === 0) throw new AppError('CLASS_INVITATION_NOT_FOUND');
  await markInvitationRead(ctx, classId);
}
