import {
  UPLOAD_FIELDS,
  type ZDeleteSubmissionResponse,
  type ZListFilesResponse,
  type ZListSubmissionsResponse,
  type ZMatchSubmissionFileResponse,
  type ZUploadReceipt,
  type ListFilesResponse,
  type ListSubmissionsResponse,
  type SubmissionFile,
  type UploadReceipt,
} from '@app/contract';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { de } from '../../i18n/de';
import { apiFetch, apiUpload, checkedByServer, type ResponseOf } from '../../lib/api';
import { orNotFound } from '../../lib/loaders';
import { toast, toastApiError } from '../../lib/toast';
import type { UploadOptions } from './submitQueries';
import { queryKeys } from '../../lib/queryKeys';

export * from './submitQueries';

/**
 * Submissions and their files. Everything of one task lives below the task in the query keys:
 * `['tasks', taskId, 'submissions']` (the list of `getAll`, one entry per student) and
 * `['tasks', taskId, 'files']` (every file of the task, matched or not).
 */

const enc = encodeURIComponent;

/** How often the teacher's views look for new uploads while the page is visible (SSE comes later). */
export const SUBMISSIONS_POLL_MS = 5_000;

/** The URL a file's bytes are served from (to its owner: the session cookie rides along). */
export function fileContentUrl(fileId: string): string {
  return `/api/files/${enc(fileId)}/content`;
}

/**
 * A small picture of a file (long side ~400 px, PNG/WebP): the image itself, or a PDF's first page. Teacher
 * side only, like the content.
 */
export function fileThumbnailUrl(fileId: string): string {
  return `/api/files/${enc(fileId)}/thumbnail`;
}

export const submissionsQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: queryKeys.submissions.list(taskId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/submissions/getAll?${new URLSearchParams({ taskId }).toString()}`, {
        schema: checkedByServer<ResponseOf<typeof ZListSubmissionsResponse>>(),
        signal,
      }),
    // Live while the page is visible (TanStack Query pauses the interval in a background tab).
    refetchInterval: SUBMISSIONS_POLL_MS,
  });

export const taskFilesQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: queryKeys.submissions.files(taskId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/files?${new URLSearchParams({ taskId }).toString()}`, {
        schema: checkedByServer<ResponseOf<typeof ZListFilesResponse>>(),
        signal,
      }),
    refetchInterval: SUBMISSIONS_POLL_MS,
  });

/** Loader of the task's submission pages (match, add, verify): both lists, an unknown task as 404. */
export function loadTaskSubmissions(queryClient: QueryClient, taskId: string) {
  return orNotFound(
    Promise.all([
      queryClient.ensureQueryData(submissionsQueryOptions(taskId)),
      queryClient.ensureQueryData(taskFilesQueryOptions(taskId)),
    ]),
  );
}

export function unmatchedFiles(files: ListFilesResponse | undefined): SubmissionFile[] {
  return (files?.files ?? []).filter((file) => file.submission_id === null);
}

interface MatchVariables {
  submissionId: string;
  file: SubmissionFile;
}

interface MatchSnapshot {
  files: ListFilesResponse | undefined;
  list: ListSubmissionsResponse | undefined;
}

/** Moves `file` to submission `to` (null: back to the unmatched files) in both cached lists. */
function moveFileInCache(queryClient: QueryClient, taskId: string, file: SubmissionFile, to: string | null) {
  const moved = { ...file, submission_id: to };
  queryClient.setQueryData<ListFilesResponse>(queryKeys.submissions.files(taskId), (old) =>
    old ? { files: old.files.map((f) => (f.id === file.id ? moved : f)) } : old,
  );
  queryClient.setQueryData<ListSubmissionsResponse>(queryKeys.submissions.list(taskId), (old) =>
    old
      ? {
          data: old.data.map((entry) => {
            const without = entry.files.filter((f) => f.id !== file.id);
            const files = entry.id === to ? [...without, moved] : without;
            if (files.length === entry.files.length && entry.id !== to) return entry;
            const display_status =
              entry.display_status === 'offen' && files.length > 0
                ? ('abgegeben' as const)
                : entry.display_status === 'abgegeben' && files.length === 0
                  ? ('offen' as const)
                  : entry.display_status;
            return { ...entry, files, display_status };
          }),
        }
      : old,
  );
}

/** Match and unmatch share everything but the endpoint, the direction and the toast. */
function useFileAssignment(taskId: string, kind: 'match' | 'unmatch') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ submissionId, file }: MatchVariables) =>
      apiFetch(kind === 'match' ? '/api/submissions/match' : '/api/submissions/match/delete', {
        method: 'POST',
        body: { submissionId, fileId: file.id },
        schema: checkedByServer<ResponseOf<typeof ZMatchSubmissionFileResponse>>(),
      }).then((result) => {
        if (!result.success) throw new Error(result.error ?? 'match failed');
        return result;
      }),
    onMutate: async ({ submissionId, file }): Promise<MatchSnapshot> => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: queryKeys.submissions.files(taskId), exact: true }),
        queryClient.cancelQueries({ queryKey: queryKeys.submissions.list(taskId), exact: true }),
      ]);
      const snapshot: MatchSnapshot = {
        files: queryClient.getQueryData(queryKeys.submissions.files(taskId)),
        list: queryClient.getQueryData(queryKeys.submissions.list(taskId)),
      };
      moveFileInCache(queryClient, taskId, file, kind === 'match' ? submissionId : null);
      return snapshot;
    },
    onError: (error, _variables, snapshot) => {
      if (snapshot) {
        queryClient.setQueryData(queryKeys.submissions.files(taskId), snapshot.files);
        queryClient.setQueryData(queryKeys.submissions.list(taskId), snapshot.list);
      }
      toastApiError(
        error,
        kind === 'match' ? de.toasts.submissions.matchFailed : de.toasts.submissions.unmatchFailed,
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.submissions.files(taskId), exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.submissions.list(taskId), exact: true }),
      ]),
  });
}

/** `POST /api/submissions/match`: optimistic, rolled back with 'Fehler beim Zuweisen der Datei'. */
export function useMatchFile(taskId: string) {
  return useFileAssignment(taskId, 'match');
}

/** `POST /api/submissions/match/delete`: optimistic, rolled back with 'Fehler beim Löschen der Zuweisung'. */
export function useUnmatchFile(taskId: string) {
  return useFileAssignment(taskId, 'unmatch');
}

/**
 * `DELETE /api/submissions/:id` with the PRODUCT.md §8 toasts; the row disappears first and returns on
 * failure.
 */
export function useDeleteSubmission(taskId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.submissions.list(taskId);
  return useMutation({
    mutationFn: (submissionId: string) =>
      apiFetch(`/api/submissions/${enc(submissionId)}`, {
        method: 'DELETE',
        schema: checkedByServer<ResponseOf<typeof ZDeleteSubmissionResponse>>(),
      }),
    onMutate: async (submissionId) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<ListSubmissionsResponse>(key);
      // The student stays on the list (the API gives them a fresh, empty submission): show them as open.
      queryClient.setQueryData<ListSubmissionsResponse>(key, (old) =>
        old
          ? {
              data: old.data.map((entry) =>
                entry.id === submissionId
                  ? { ...entry, files: [], score: null, feedback: [], display_status: 'offen' as const }
                  : entry,
              ),
            }
          : old,
      );
      return { previous };
    },
    onError: (error, _id, context) => {
      if (context) queryClient.setQueryData(key, context.previous);
      toastApiError(error, de.toasts.submissions.deleteFailed);
    },
    onSuccess: () => toast.success(de.toasts.submissions.deleted),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key, exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.submissions.files(taskId), exact: true }),
      ]),
  });
}

/** `POST /api/submissions/teacherupload/{taskId}`: the teacher's scans, unmatched until assigned. */
export function uploadTeacherFile(
  taskId: string,
  file: Blob,
  fileName: string,
  options: UploadOptions = {},
): Promise<UploadReceipt> {
  const form = new FormData();
  form.append(UPLOAD_FIELDS.files, file, fileName);
  return apiUpload(`/api/submissions/teacherupload/${enc(taskId)}`, form, {
    schema: checkedByServer<ResponseOf<typeof ZUploadReceipt>>(),
    // Safe to send twice: the server recognises the same content among the teacher's unmatched scans.
    retryOutages: true,
    ...options,
  });
}
