import {
  type ZCreateSubjectResponse,
  type ZDeleteSubjectResponse,
  type ZListSubjectsResponse,
  type ZUpdateSubjectResponse,
  type CreateSubjectRequest,
  type Subject,
  type UpdateSubjectRequest,
} from '@app/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { de } from '../../i18n/de';
import { apiFetch, checkedByServer, type ResponseOf } from '../../lib/api';
import { withoutRow, withRowAt, withRowPatched } from '../../lib/listCache';
import { toast, toastApiError } from '../../lib/toast';
import { queryKeys } from '../../lib/queryKeys';

/**
 * `/api/subjects` (ARCHITECTURE.md §6), last changed first (PRODUCT.md §7): the caller's own subjects and
 * those of classes colleagues shared with them (their names on those classes). Lists to choose from or to
 * manage show only the subjects of one owner (`subjectsOf`).
 */

export const subjectsQueryOptions = queryOptions({
  queryKey: queryKeys.subjects.list(),
  queryFn: ({ signal }) =>
    apiFetch('/api/subjects', {
      schema: checkedByServer<ResponseOf<typeof ZListSubjectsResponse>>(),
      signal,
    }),
});

/** `POST /api/subjects`: the new subject goes to the top of the list (newest change first). */
export function useCreateSubject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSubjectRequest) =>
      apiFetch('/api/subjects', {
        method: 'POST',
        body: input,
        schema: checkedByServer<ResponseOf<typeof ZCreateSubjectResponse>>(),
      }),
    onSuccess: (subject) => {
      queryClient.setQueryData(subjectsQueryOptions.queryKey, (list) =>
        list ? [subject, ...list.filter((entry) => entry.id !== subject.id)] : list,
      );
      toast.success(de.toasts.subjects.created);
    },
    onError: (error) => {
      toastApiError(error, de.toasts.subjects.createFailed);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.subjects.list() }),
  });
}

interface SubjectChange {
  subject: Subject;
  changes: UpdateSubjectRequest;
}

/** `PATCH /api/subjects/:id`: shown at once, the old values come back if the server refuses. */
export function useUpdateSubject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subject, changes }: SubjectChange) =>
      apiFetch(`/api/subjects/${encodeURIComponent(subject.id)}`, {
        method: 'PATCH',
        body: changes,
        schema: checkedByServer<ResponseOf<typeof ZUpdateSubjectResponse>>(),
      }),
    onMutate: async ({ subject, changes }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.subjects.list() });
      queryClient.setQueryData(subjectsQueryOptions.queryKey, (list) =>
        withRowPatched(list, subject.id, changes),
      );
    },
    onError: (error, { subject }) => {
      queryClient.setQueryData(subjectsQueryOptions.queryKey, (list) =>
        withRowPatched(list, subject.id, subject),
      );
      toastApiError(error, de.toasts.subjects.updateFailed);
    },
    onSuccess: () => {
      toast.success(de.toasts.subjects.updated);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.subjects.list() }),
  });
}

/**
 * `DELETE /api/subjects/:id`: the subject disappears at once and comes back where it was when the server
 * refuses, e.g. with 409 'Fach kann nicht gelöscht werden, da es noch in Klassen verwendet wird'.
 */
export function useDeleteSubject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subject: Subject) =>
      apiFetch(`/api/subjects/${encodeURIComponent(subject.id)}`, {
        method: 'DELETE',
        schema: checkedByServer<ResponseOf<typeof ZDeleteSubjectResponse>>(),
      }),
    onMutate: async (subject) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.subjects.list() });
      let index = -1;
      queryClient.setQueryData(subjectsQueryOptions.queryKey, (list) => {
        const result = withoutRow(list, subject.id);
        index = result.index;
        return result.list;
      });
      return { index };
    },
    onError: (error, subject, context) => {
      queryClient.setQueryData(subjectsQueryOptions.queryKey, (list) =>
        withRowAt(list, subject, context?.index ?? 0),
      );
      toastApiError(error, de.toasts.subjects.deleteFailed);
    },
    onSuccess: () => {
      toast.success(de.toasts.subjects.deleted);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.subjects.list() }),
  });
}

/** The subjects `ownerId` created: the caller's own ones, or a shared class's owner's. */
export const subjectsOf = (subjects: readonly Subject[], ownerId: string | undefined): Subject[] =>
  subjects.filter((subject) => subject.created_by === ownerId);
