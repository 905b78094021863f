import type { AdminUser, AdminUserRolesResponse, UserRole } from '@app/contract';
import { and, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { userProfile } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { coinBalance, grantCoins } from '../coins';
import { actorId, type Ctx } from '../context';
import { notify } from '../notifications';
import { grantRole, revokeRole, rolesByUser, rolesOf } from './roles';
import { requireUser } from './users';

// What organization members do with user accounts (PRODUCT.md §7 admin endpoints, ADR 009): roles, password
// resets and coins. Deleting a user is in delete.ts.

/**
 * The student accounts among `ids`: their profile was written by their teacher, not by themselves
 * (students.ts). They belong to the teacher's class, not to the organisation's user list (PRODUCT.md §6).
 */
async function studentAccounts(db: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ user_id: userProfile.user_id })
    .from(userProfile)
    .where(
      and(
        inArray(userProfile.user_id, [...ids]),
        isNotNull(userProfile.created_by),
        ne(userProfile.created_by, userProfile.user_id),
      ),
    );
  return new Set(rows.map((r) => r.user_id));
}

/** Every user of the auth backend with their roles, without the student accounts. */
export async function listUsers(ctx: Ctx): Promise<AdminUser[]> {
  const all = await ctx.services.authAdmin.listUsers();
  const students = await studentAccounts(
    ctx.db,
    all.map((u) => u.id),
  );
  const users = all.filter((u) => !students.has(u.id));
  const roles = await rolesByUser(
    ctx.db,
    users.map((u) => u.id),
  );
  return users.map((u) => ({
    id: u.id,
    email: u.email,
    email_confirmed_at: u.emailConfirmedAt,
    created_at: u.createdAt,
    last_sign_in_at: u.lastSignInAt,
    roles: roles.get(u.id) ?? [],
  }));
}

export async function userRoles(ctx: Ctx, userId: string): Promise<AdminUserRolesResponse> {
  await requireUser(ctx, userId);
  return { user_id: userId, roles: await rolesOf(ctx.db, userId) };
}

/** Grants a role (idempotent); it takes effect with the user's next token. */
export async function addUserRole(ctx: Ctx, userId: string, role: UserRole): Promise<AdminUserRolesResponse> {
  await requireUser(ctx, userId);
  if ((await studentAccounts(ctx.db, [userId])).size > 0) throw new AppError('ROLE_NOT_FOR_STUDENT');
  await grantRole(ctx.db, userId, role, actorId(ctx));
  ctx.log.info({ userId, role }, 'role granted');
  return { user_id: userId, roles: await rolesOf(ctx.db, userId) };
}

export async function removeUserRole(
  ctx: Ctx,
  userId: string,
  role: UserRole,
): Promise<AdminUserRolesResponse> {
  await requireUser(ctx, userId);
  // An organization needs someone left who can hand out roles.
  if (userId === actorId(ctx) && role === 'organization_member')
    throw new AppError('CANNOT_REMOVE_OWN_ADMIN');
  await revokeRole(ctx.db, userId, role);
  ctx.log.info({ userId, role }, 'role revoked');
  return { user_id: userId, roles: await rolesOf(ctx.db, userId) };
}

/**
 * Sends the password-reset mail (no error for an unknown address: no user enumeration). A student account is
 * refused and gets no mail: its teacher sets its password.
 */
export async function sendPasswordReset(ctx: Ctx, email: string): Promise<void> {
  const user = await ctx.services.authAdmin.getUserByEmail(email);
  if (user && (await studentAccounts(ctx.db, [user.id])).size > 0)
    throw new AppError('PASSWORD_LINK_NOT_FOR_STUDENT');
  await ctx.services.authAdmin.sendPasswordReset(email);
}

/** A user's coin balance. */
export async function userCoins(ctx: Ctx, userId: string): Promise<number> {
  await requireUser(ctx, userId);
  return coinBalance(ctx.db, userId);
}

/**
 * Grants coins to a user, who learns about it on the bell; both or neither are stored. Resolves the new
 * balance.
 */
export async function grantUserCoins(ctx: Ctx, userId: string, amount: number): Promise<number> {
  await requireUser(ctx, userId);
  const by = actorId(ctx);
  const balance = await ctx.db.transaction(async (tx) => {
    const balance = await grantCoins(tx, { userId, amount, by });
    await notify(tx, {
      receiver_user_id: userId,
      type: 'coins_granted',
      title: amount === 1 ? 'Du hast 1 Coin erhalten' : `Du hast ${amount} Coins erhalten`,
      details: `Dein KI-Guthaben beträgt jetzt ${balance} Coins.`,
      link_to: '/notifications',
      created_by: by,
    });
    return balance;
  });
  ctx.log.info({ userId, amount }, 'coins granted');
  return balance;
}
