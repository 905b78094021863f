import type { AdminUser } from '../../auth/types';
import { AppError } from '../../lib/app-error';
import type { Ctx } from '../context';

/** The user behind the id (auth backend), or 404 USER_NOT_FOUND. */
export async function requireUser(ctx: Ctx, id: string): Promise<AdminUser> {
  const user = await ctx.services.authAdmin.getUserById(id);
  if (!user) throw new AppError('USER_NOT_FOUND');
  return user;
}
