import {
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addUserRole,
  deleteUser,
  listUsers,
  permissionCatalog,
  removeUserRole,
  roleCatalog,
  sendPasswordReset,
  userRoles,
} from '../../../domain/accounts';
import { ctxOf } from '../../context';
import coins from './coins';
import dev from './dev';

// PRODUCT.md §7 admin endpoints for organization_member (routes/index.ts), with their coins (coins.ts).
// Names are the product's; state changes take POST/DELETE (ARCHITECTURE.md §6).

const admin: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.get(
    '/api/admin/getAll',
    { schema: { tags, summary: 'All users with their roles', response: { 200: ZAdminListUsersResponse } } },
    async (request) => ({ users: await listUsers(ctxOf(request)) }),
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
    (request) => userRoles(ctxOf(request), request.query.user_id),
  );

  app.get('/api/admin/getAllRoles', { schema: { tags, response: { 200: ZAdminAllRolesResponse } } }, () => ({
    roles: roleCatalog(),
  }));

  app.get(
    '/api/admin/getAllPermissions',
    { schema: { tags, response: { 200: ZAdminPermissionsResponse } } },
    () => ({ permissions: permissionCatalog() }),
  );

  app.post(
    '/api/admin/addUserRole',
    { schema: { tags, body: ZAdminRoleRequest, response: { 200: ZAdminUserRolesResponse } } },
    (request) => addUserRole(ctxOf(request), request.body.user_id, request.body.role),
  );

  app.post(
    '/api/admin/removeUserRole',
    { schema: { tags, body: ZAdminRoleRequest, response: { 200: ZAdminUserRolesResponse } } },
    (request) => removeUserRole(ctxOf(request), request.body.user_id, request.body.role),
  );

  app.delete(
    '/api/admin/deleteUser',
    { schema: { tags, body: ZAdminDeleteUserRequest, response: { 200: ZMessageResponse } } },
    async (request) => {
      await deleteUser(ctxOf(request), request.body.user_id);
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
      await sendPasswordReset(ctxOf(request), request.body.email);
      return { message: 'E-Mail zum Zurücksetzen des Passworts wurde gesendet' };
    },
  );

  await app.register(coins);
  await app.register(dev);
};

export default admin;
