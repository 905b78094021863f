import {
  type ZCorrectionPreviewResponse,
  type ZRequestCorrectionsResponse,
  type RequestCorrectionsRequest,
} from '@app/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { de } from '../../i18n/de';
import { apiFetch, checkedByServer, type ResponseOf } from '../../lib/api';
import { toast, toastApiError } from '../../lib/toast';
import { queryKeys } from '../../lib/queryKeys';

/** AI corrections: what a task-wide request would cost, and the request itself. */

/** `GET /api/corrections/preview`: submissions waiting for a correction, price and balance. */
export const correctionPreviewQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: queryKeys.corrections.preview(taskId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/corrections/preview?${new URLSearchParams({ taskId }).toString()}`, {
        schema: checkedByServer<ResponseOf<typeof ZCorrectionPreviewResponse>>(),
        signal,
      }),
  });

/**
 * `POST /api/corrections` for a task (all waiting) or one submission (also "erneut versuchen"). The list
 * shows `in Korrektur` at once from the refetch; the realtime stream brings the results.
 */
export function useRequestCorrections(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: queryKeys.corrections.request(taskId),
    mutationFn: (body: RequestCorrectionsRequest) =>
      apiFetch('/api/corrections', {
        method: 'POST',
        body,
        schema: checkedByServer<ResponseOf<typeof ZRequestCorrectionsResponse>>(),
      }),
    onSuccess: (result) => {
      toast.success(de.corrections.started(result.queued, result.coinCount));
    },
    onError: (error) => toastApiError(error, de.toasts.corrections.generateFailed),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.submissions.list(taskId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.corrections.preview(taskId) }),
        // The bell shows the coin balance.
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
      ]),
  });
}
