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

/** `GET /api/admin/stats`: figures for the developer page /dev/stats (PRODUCT.md §2). */
export const ZAdminStatsResponse = z.object({
  counts: z.object({
    users: z.number().int().min(0),
    classes: z.number().int().min(0),
    tasks: z.number().int().min(0),
    files: z.number().int().min(0),
  }),
  /** Submissions per stored status (every status, 0 when none). */
  submissions: z.record(z.string(), z.number().int().min(0)),
  /** null: the job queue has not been started in this process (it starts with an AI provider or on use). */
  queues: z
    .array(
      z.object({
        name: z.string(),
        queued: z.number().int().min(0),
        active: z.number().int().min(0),
        failed: z.number().int().min(0),
      }),
    )
    .nullable(),
  /** Coins spent on AI jobs, net of refunds, in total. */
  coinsSpent: z.number().int().min(0),
});
export type AdminStatsResponse = z.infer<typeof ZAdminStatsResponse>;

/** `POST /api/admin/ocr`: one image (base64) for the OCR test page /dev/ocr-test. */
export const ZAdminOcrRequest = z.object({
  mime: z.enum(['image/jpeg', 'image/png', 'image/webp']),
  /** Base64, at most ~6 MB of image. */
  data: z.base64().max(8_000_000),
});
export const ZAdminOcrResponse = z.object({ text: z.string() });
export type AdminOcrResponse = z.infer<typeof ZAdminOcrResponse>;
