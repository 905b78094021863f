import {
  type ZAdminCoinsResponse,
  type ZListNotificationsResponse,
  type ZMarkNotificationsReadResponse,
  type AdminGrantCoinsRequest,
  type ListNotificationsResponse,
} from '@app/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { de } from '../../i18n/de';
import { apiFetch, checkedByServer, type ResponseOf } from '../../lib/api';
import { toast, toastApiError } from '../../lib/toast';
import { queryKeys } from '../../lib/queryKeys';

/** `/api/notifications`: the caller's notifications, unread count and coin balance (ARCHITECTURE.md §5). */

/** How often the header's bell looks for news while the page is open (ms). AI jobs also invalidate it. */
const POLL_MS = 60_000;

export const notificationsQueryOptions = queryOptions({
  queryKey: queryKeys.notifications.all,
  queryFn: ({ signal }) =>
    apiFetch('/api/notifications', {
      schema: checkedByServer<ResponseOf<typeof ZListNotificationsResponse>>(),
      signal,
    }),
  refetchInterval: POLL_MS,
  refetchIntervalInBackground: false,
});

function markedRead(data: ListNotificationsResponse | undefined, id: string | undefined) {
  if (!data) return data;
  const now = new Date().toISOString();
  let newlyRead = 0;
  const notifications = data.notifications.map((n) => {
    if (n.read_at !== null || (id !== undefined && n.id !== id)) return n;
    newlyRead += 1;
    return { ...n, read_at: now };
  });
  const unreadCount = id === undefined ? 0 : Math.max(0, data.unreadCount - newlyRead);
  return { ...data, notifications, unreadCount };
}

/** `POST /api/notifications/read`: one (`id`) or all read at once; the old state returns on failure. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) =>
      apiFetch('/api/notifications/read', {
        method: 'POST',
        body: id === undefined ? {} : { id },
        schema: checkedByServer<ResponseOf<typeof ZMarkNotificationsReadResponse>>(),
      }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.notifications.all });
      const previous = queryClient.getQueryData(notificationsQueryOptions.queryKey);
      queryClient.setQueryData(notificationsQueryOptions.queryKey, (data) => markedRead(data, id));
      return { previous };
    },
    onError: (error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(notificationsQueryOptions.queryKey, context.previous);
      toastApiError(error, de.notifications.markReadFailed);
    },
    onSuccess: ({ unreadCount }) => {
      queryClient.setQueryData(notificationsQueryOptions.queryKey, (data) =>
        data ? { ...data, unreadCount } : data,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}

/** `GET /api/admin/coins?user_id=` (organization_member): a user's balance, read when the grant form opens. */
export const adminCoinsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.coins(userId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/coins?user_id=${encodeURIComponent(userId)}`, {
        schema: checkedByServer<ResponseOf<typeof ZAdminCoinsResponse>>(),
        signal,
      }),
  });

/** `POST /api/admin/coins`: grants coins; the shown balance becomes the server's new one. */
export function useGrantCoins() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminGrantCoinsRequest & { email: string }) =>
      apiFetch('/api/admin/coins', {
        method: 'POST',
        body: { user_id: input.user_id, amount: input.amount },
        schema: checkedByServer<ResponseOf<typeof ZAdminCoinsResponse>>(),
      }),
    onSuccess: (result, input) => {
      queryClient.setQueryData(adminCoinsQueryOptions(result.user_id).queryKey, result);
      toast.success(de.notifications.grant.done(input.amount, input.email));
      // The admin's own balance may have changed (granting to oneself).
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
    },
    onError: (error) => {
      toastApiError(error, de.notifications.grant.failed);
    },
  });
}
