import {
  USER_ROLES,
  ZAdminAllRolesResponse,
  ZAdminDeleteUserRequest,
  ZAdminListUsersResponse,
  ZAdminPermissionsResponse,
  ZAdminResetPasswordRequest,
  ZAdminRoleRequest,
  ZAdminUserRolesRequest,
  ZAdminUserRolesResponse,
  ZMessageResponse,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteAccount } from '../../../auth/account';
import { grantRole, revokeRole, ROLE_DESCRIPTIONS, rolesByUser, rolesOf } from '../../../auth/roles';
import { AppError } from '../../../lib/app-error';

// Spec §7 admin endpoints for organization_member (routes/index.ts). Names are the spec's; state changes
// take POST/DELETE (DESIGN.md §6).

/** The user behind the id (auth admin), or 404 USER_NOT_FOUND. Also for the coin routes (admin/coins.ts). */
export async function requireUser(app: Pick<FastifyInstance, 'authAdmin'>, id: string) {
  const user = await app.authAdmin.getUserById(id);
  if (!user) throw new AppError('USER_NOT_FOUND');
  return user;
}

const admin: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/api/admin/getAll',
    { schema: { tags, summary: 'All users with their roles', response: { 200: ZAdminListUsersResponse } } },
    async () => {
      const users = await app.authAdmin.listUsers();
      const roles = await rolesByUser(
        app.db,
        users.map((u) => u.id),
      );
      return {
        users: users.map((u) => ({
          id: u.id,
          email: u.email,
          email_confirmed_at: u.emailConfirmedAt,
          created_at: u.createdAt,
          last_sign_in_at: u.lastSignInAt,
          roles: roles.get(u.id) ?? [],
        })),
      };
    },
  );

  app.get(
    '/api/admin/getUserRoles',
    {
      schema: {
        tags,
        querystring: ZAdminUserRolesRequest,
        response: { 200: ZAdminUserRolesResponse },
      },
    },
    async (request) => {
      await requireUser(app, request.query.user_id);
      return { user_id: request.query.user_id, roles: await rolesOf(app.db, request.query.user_id) };
    },
  );

  app.get('/api/admin/getAllRoles', { schema: { tags, response: { 200: ZAdminAllRolesResponse } } }, () => ({
    roles: USER_ROLES.map((role) => ({ role, description: ROLE_DESCRIPTIONS[role].description })),
  }));

  app.get(
    '/api/admin/getAllPermissions',
    { schema: { tags, response: { 200: ZAdminPermissionsResponse } } },
    () => ({
      permissions: USER_ROLES.map((role) => ({ role, permissions: ROLE_DESCRIPTIONS[role].permissions })),
    }),
  );

  app.post(
    '/api/admin/addUserRole',
    { schema: { tags, body: ZAdminRoleRequest, response: { 200: ZAdminUserRolesResponse } } },
    async (request) => {
      const { user_id, role } = request.body;
      await requireUser(app, user_id);
      await grantRole(app.db, user_id, role, request.user?.id ?? null);
      request.log.info({ userId: user_id, role }, 'role granted');
      return { user_id, roles: await rolesOf(app.db, user_id) };
    },
  );

  app.post(
    '/api/admin/removeUserRole',
    { schema: { tags, body: ZAdminRoleRequest, response: { 200: ZAdminUserRolesResponse } } },
    async (request) => {
      const { user_id, role } = request.body;
      await requireUser(app, user_id);
      // An organization needs someone left who can hand out roles.
      if (user_id === request.user?.id && role === 'organization_member')
        throw new AppError('CANNOT_REMOVE_OWN_ADMIN');
      await revokeRole(app.db, user_id, role);
      request.log.info({ userId: user_id, role }, 'role revoked');
      return { user_id, roles: await rolesOf(app.db, user_id) };
    },
  );

  app.delete(
    '/api/admin/deleteUser',
    { schema: { tags, body: ZAdminDeleteUserRequest, response: { 200: ZMessageResponse } } },
    async (request) => {
      const { user_id } = request.body;
      if (user_id === request.user?.id) throw new AppError('CANNOT_DELETE_SELF_AS_ADMIN');
      await requireUser(app, user_id);
      await deleteAccount(app, user_id);
      request.log.info({ userId: user_id }, 'user deleted by admin');
      return { message: 'Nutzer wurde gelöscht' };
    },
  );

  app.post(
    '/api/admin/resetPasswordEmail',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
      schema: { tags, body: ZAdminResetPasswordRequest, response: { 200: ZMessageResponse } },
    },
    async (request) => {
      await app.authAdmin.sendPasswordReset(request.body.email);
      return { message: 'E-Mail zum Zurücksetzen des Passworts wurde gesendet' };
    },
  );
};

export default admin;
