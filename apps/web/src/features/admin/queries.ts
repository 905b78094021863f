import {
  type ZAdminAllRolesResponse,
  type ZAdminListUsersResponse,
  type ZAdminPermissionsResponse,
  type AdminListUsersResponse,
  type AdminUser,
  type UserRole,
} from '@app/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { de } from '../../i18n/de';
import { apiFetch, checkedByServer, type ResponseOf } from '../../lib/api';
import { toast, toastApiError } from '../../lib/toast';
import { queryKeys } from '../../lib/queryKeys';

/**
 * The admin endpoints of PRODUCT.md §7 (`/api/admin/*`, organization_member only; schemas from the contract).
 */

/** `GET /api/admin/getAll` */
export const adminUsersQueryOptions = queryOptions({
  queryKey: queryKeys.admin.users(),
  queryFn: ({ signal }) =>
    apiFetch('/api/admin/getAll', {
      schema: checkedByServer<ResponseOf<typeof ZAdminListUsersResponse>>(),
      signal,
    }),
});

/** `GET /api/admin/getAllRoles` */
export const adminRolesQueryOptions = queryOptions({
  queryKey: queryKeys.admin.roles(),
  queryFn: ({ signal }) =>
    apiFetch('/api/admin/getAllRoles', {
      schema: checkedByServer<ResponseOf<typeof ZAdminAllRolesResponse>>(),
      signal,
    }),
  staleTime: 5 * 60_000,
});

/** `GET /api/admin/getAllPermissions` */
export const adminPermissionsQueryOptions = queryOptions({
  queryKey: queryKeys.admin.permissions(),
  queryFn: ({ signal }) =>
    apiFetch('/api/admin/getAllPermissions', {
      schema: checkedByServer<ResponseOf<typeof ZAdminPermissionsResponse>>(),
      signal,
    }),
  staleTime: 5 * 60_000,
});

interface RoleChange {
  user: Pick<AdminUser, 'id' | 'email'>;
  role: UserRole;
  grant: boolean;
}

function updateUsers(
  data: AdminListUsersResponse | undefined,
  update: (users: AdminUser[]) => AdminUser[],
): AdminListUsersResponse | undefined {
  return data ? { ...data, users: update(data.users) } : data;
}

/** Shared optimistic update with rollback for the user list. */
function useOptimisticUsers() {
  const queryClient = useQueryClient();
  return {
    async apply(update: (users: AdminUser[]) => AdminUser[]) {
      await queryClient.cancelQueries({ queryKey: queryKeys.admin.users() });
      const previous = queryClient.getQueryData(adminUsersQueryOptions.queryKey);
      queryClient.setQueryData(adminUsersQueryOptions.queryKey, (data) => updateUsers(data, update));
      return { previous };
    },
    rollback(context: { previous: AdminListUsersResponse | undefined } | undefined) {
      if (context?.previous) queryClient.setQueryData(adminUsersQueryOptions.queryKey, context.previous);
    },
    settle() {
      return queryClient.invalidateQueries({ queryKey: queryKeys.admin.users() });
    },
  };
}

/** `POST /api/admin/addUserRole` or `removeUserRole`, shown at once and rolled back on failure. */
export function useChangeUserRole() {
  const users = useOptimisticUsers();
  return useMutation({
    mutationFn: ({ user, role, grant }: RoleChange) =>
      apiFetch(grant ? '/api/admin/addUserRole' : '/api/admin/removeUserRole', {
        method: 'POST',
        body: { user_id: user.id, role },
        schema: checkedByServer<unknown>(),
      }),
    onMutate: ({ user, role, grant }) =>
      users.apply((list) =>
        list.map((entry) =>
          entry.id !== user.id
            ? entry
            : {
                ...entry,
                roles: grant
                  ? [...entry.roles.filter((r) => r !== role), role]
                  : entry.roles.filter((r) => r !== role),
              },
        ),
      ),
    onError: (error, _change, context) => {
      users.rollback(context);
      toastApiError(error, de.admin.users.roleFailed);
    },
    onSuccess: (_data, { role, grant }) => {
      const name = de.roles[role];
      toast.success(grant ? de.admin.users.roleAdded(name) : de.admin.users.roleRemoved(name));
    },
    onSettled: () => users.settle(),
  });
}

/** `DELETE /api/admin/deleteUser`: the row disappears at once and comes back if the server refuses. */
export function useDeleteUser() {
  const users = useOptimisticUsers();
  return useMutation({
    mutationFn: (user: Pick<AdminUser, 'id' | 'email'>) =>
      apiFetch('/api/admin/deleteUser', {
        method: 'DELETE',
        body: { user_id: user.id },
        schema: checkedByServer<unknown>(),
      }),
    onMutate: (user) => users.apply((list) => list.filter((entry) => entry.id !== user.id)),
    onError: (error, _user, context) => {
      users.rollback(context);
      toastApiError(error, de.admin.users.deleteFailed);
    },
    onSuccess: (_data, user) => {
      toast.success(de.admin.users.deleted(user.email));
    },
    onSettled: () => users.settle(),
  });
}

/** `POST /api/admin/resetPasswordEmail` */
export function useSendPasswordReset() {
  return useMutation({
    mutationFn: (user: Pick<AdminUser, 'email'>) =>
      apiFetch('/api/admin/resetPasswordEmail', {
        method: 'POST',
        body: { email: user.email },
        schema: checkedByServer<unknown>(),
      }),
    onError: (error) => {
      toastApiError(error, de.admin.users.resetFailed);
    },
    onSuccess: (_data, user) => {
      toast.success(de.admin.users.resetSent(user.email));
    },
  });
}
