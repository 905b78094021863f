import { z } from 'zod';
import { ZUserId } from './ids';
import { ZTimestamp, ZUserRole } from './common';

// Admin endpoints of PRODUCT.md §7 (`/api/admin/*`, organization_member only). Names are the original
// product's; state changes use POST/DELETE (ARCHITECTURE.md §6).

export const ZAdminUser = z.object({
  id: ZUserId,
  email: z.string(),
  email_confirmed_at: ZTimestamp.nullable(),
  created_at: ZTimestamp,
  last_sign_in_at: ZTimestamp.nullable(),
  roles: z.array(ZUserRole),
});
export type AdminUser = z.infer<typeof ZAdminUser>;

/** `GET /api/admin/getAll` */
export const ZAdminListUsersResponse = z.object({ users: z.array(ZAdminUser) });
export type AdminListUsersResponse = z.infer<typeof ZAdminListUsersResponse>;

/** `POST /api/admin/addUserRole`, `POST /api/admin/removeUserRole` */
export const ZAdminRoleRequest = z.object({ user_id: ZUserId, role: ZUserRole });
export type AdminRoleRequest = z.infer<typeof ZAdminRoleRequest>;

/** `GET /api/admin/getUserRoles?user_id=` */
export const ZAdminUserRolesRequest = z.object({ user_id: ZUserId });
export const ZAdminUserRolesResponse = z.object({ user_id: ZUserId, roles: z.array(ZUserRole) });
export type AdminUserRolesResponse = z.infer<typeof ZAdminUserRolesResponse>;

/** `GET /api/admin/getAllRoles` */
export const ZAdminAllRolesResponse = z.object({
  roles: z.array(z.object({ role: ZUserRole, description: z.string() })),
});
export type AdminAllRolesResponse = z.infer<typeof ZAdminAllRolesResponse>;

/** `GET /api/admin/getAllPermissions`: what each role may do, in German for the admin page. */
export const ZAdminPermissionsResponse = z.object({
  permissions: z.array(z.object({ role: ZUserRole, permissions: z.array(z.string()) })),
});
export type AdminPermissionsResponse = z.infer<typeof ZAdminPermissionsResponse>;

/** `DELETE /api/admin/deleteUser` */
export const ZAdminDeleteUserRequest = z.object({ user_id: ZUserId });

/** `POST /api/admin/resetPasswordEmail` */
export const ZAdminResetPasswordRequest = z.object({ email: z.email() });
