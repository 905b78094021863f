import {
  ZCorrectionPreviewResponse,
  ZRequestCorrectionsResponse,
  type RequestCorrectionsRequest,
} from '@app/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { de } from '../../i18n/de';
import { apiFetch } from '../../lib/api';
import { toast, toastApiError } from '../../lib/toast';
import { submissionKeys } from '../submissions/queries';

/** AI corrections: what a task-wide request would cost, and the request itself. */

export const correctionKeys = {
  preview: (taskId: string) => ['tasks', taskId, 'corrections', 'preview'] as const,
  /** The requests of a task (mutations): the bar shows why the last one was refused. */
  request: (taskId: string) => ['tasks', taskId, 'corrections', 'request'] as const,
};

/** `GET /api/corrections/preview`: submissions waiting for a correction, price and balance. */
export const correctionPreviewQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: correctionKeys.preview(taskId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/corrections/preview?${new URLSearchParams({ taskId }).toString()}`, {
        schema: ZCorrectionPreviewResponse,
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
    mutationKey: correctionKeys.request(taskId),
    mutationFn: (body: RequestCorrectionsRequest) =>
      apiFetch('/api/corrections', { method: 'POST', body, schema: ZRequestCorrectionsResponse }),
    onSuccess: (result) => {
      toast.success(de.corrections.started(result.queued, result.coinCount));
    },
    onError: (error) => toastApiError(error, de.toasts.corrections.generateFailed),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: submissionKeys.list(taskId) }),
        queryClient.invalidateQueries({ queryKey: correctionKeys.preview(taskId) }),
        // The bell shows the coin balance.
        queryClient.invalidateQueries({ queryKey: ['notifications'] }),
      ]),
  });
}
