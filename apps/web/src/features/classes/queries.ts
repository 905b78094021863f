import {
  type ZClassTokenResponse,
  type ZCreateClassResponse,
  type ZDeleteClassResponse,
  type ZGetClassResponse,
  type ZListClassesResponse,
  type ZListClassStudentsResponse,
  type ZUpdateClassResponse,
  type Class,
  type CreateClassRequest,
  type UpdateClassRequest,
} from '@app/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { de } from '../../i18n/de';
import { apiFetch, checkedByServer, type ResponseOf } from '../../lib/api';
import { saveDownload } from '../../lib/apiDownload';
import { withoutRow, withRowAt, withRowPatched } from '../../lib/listCache';
import { toast, toastApiError } from '../../lib/toast';
import { queryKeys } from '../../lib/queryKeys';

export { formatJoinToken } from './token';

/**
 * `/api/classes` (ARCHITECTURE.md §6): the caller's classes, last changed first (PRODUCT.md §7), each with
 * its students, join token and tasks below it in the query keys (`['classes', id, 'students']`).
 */

const classPath = (id: string) => `/api/classes/${encodeURIComponent(id)}`;

export const classesQueryOptions = queryOptions({
  queryKey: queryKeys.classes.list(),
  queryFn: ({ signal }) =>
    apiFetch('/api/classes', { schema: checkedByServer<ResponseOf<typeof ZListClassesResponse>>(), signal }),
});

export const classQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.classes.detail(id),
    queryFn: ({ signal }) =>
      apiFetch(classPath(id), { schema: checkedByServer<ResponseOf<typeof ZGetClassResponse>>(), signal }),
  });

export const classStudentsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.classes.students(id),
    queryFn: ({ signal }) =>
      apiFetch(`${classPath(id)}/students`, {
        schema: checkedByServer<ResponseOf<typeof ZListClassStudentsResponse>>(),
        signal,
      }),
  });

export const classTokenQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.classes.token(id),
    queryFn: ({ signal }) =>
      apiFetch(`${classPath(id)}/token`, {
        schema: checkedByServer<ResponseOf<typeof ZClassTokenResponse>>(),
        signal,
      }),
  });

/** `GET /api/classes/:id/export` (ADR 022): the class's data as a ZIP, handed to the browser as a file. */
export function downloadClassExport(id: string): Promise<string> {
  // The fallback name is for a proxy that strips the server's Content-Disposition.
  const fallback = `klassenzimmer-klasse-${new Date().toISOString().slice(0, 10)}.zip`;
  return saveDownload(`${classPath(id)}/export`, fallback);
}

/** `POST /api/classes`: the new class goes to the top of the list. */
export function useCreateClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateClassRequest) =>
      apiFetch('/api/classes', {
        method: 'POST',
        body: input,
        schema: checkedByServer<ResponseOf<typeof ZCreateClassResponse>>(),
      }),
    onSuccess: (created) => {
      queryClient.setQueryData(classesQueryOptions.queryKey, (list) =>
        list ? [created, ...list.filter((entry) => entry.id !== created.id)] : list,
      );
      queryClient.setQueryData(classQueryOptions(created.id).queryKey, created);
      toast.success(de.toasts.classes.created);
    },
    onError: (error) => {
      toastApiError(error, de.toasts.classes.createFailed);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.classes.list(), exact: true }),
  });
}

interface ClassChange {
  /** The class as it was before the change (put back if the server refuses). */
  current: Class;
  changes: UpdateClassRequest;
}

/** `PATCH /api/classes/:id`: applied locally first, then the classes are fetched again (PRODUCT.md §4). */
export function useUpdateClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ current, changes }: ClassChange) =>
      apiFetch(classPath(current.id), {
        method: 'PATCH',
        body: changes,
        schema: checkedByServer<ResponseOf<typeof ZUpdateClassResponse>>(),
      }),
    onMutate: async ({ current, changes }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.classes.list(), exact: true });
      await queryClient.cancelQueries({ queryKey: queryKeys.classes.detail(current.id), exact: true });
      queryClient.setQueryData(classesQueryOptions.queryKey, (list) =>
        withRowPatched(list, current.id, changes),
      );
      queryClient.setQueryData(classQueryOptions(current.id).queryKey, (cls) =>
        cls ? { ...cls, ...changes } : cls,
      );
    },
    onError: (error, { current }) => {
      queryClient.setQueryData(classesQueryOptions.queryKey, (list) =>
        withRowPatched(list, current.id, current),
      );
      queryClient.setQueryData(classQueryOptions(current.id).queryKey, (cls) =>
        cls ? { ...cls, ...current } : cls,
      );
      toastApiError(error, de.toasts.classes.updateFailed);
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(classQueryOptions(updated.id).queryKey, (cls) =>
        cls ? { ...cls, ...updated, students: updated.students ?? cls.students } : updated,
      );
      toast.success(de.classes.updated);
    },
    onSettled: (_data, _error, { current }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.classes.list(), exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.classes.detail(current.id), exact: true }),
      ]),
  });
}

/**
 * `DELETE /api/classes/:id`: the class leaves the list first (PRODUCT.md §4) and comes back where it was when
 * the server refuses; after success everything cached below it (students, token, tasks) is dropped.
 */
export function useDeleteClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cls: Class) =>
      apiFetch(classPath(cls.id), {
        method: 'DELETE',
        schema: checkedByServer<ResponseOf<typeof ZDeleteClassResponse>>(),
      }),
    onMutate: async (cls) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.classes.list(), exact: true });
      let index = -1;
      queryClient.setQueryData(classesQueryOptions.queryKey, (list) => {
        const result = withoutRow(list, cls.id);
        index = result.index;
        return result.list;
      });
      return { index };
    },
    onError: (error, cls, context) => {
      queryClient.setQueryData(classesQueryOptions.queryKey, (list) =>
        withRowAt(list, cls, context?.index ?? 0),
      );
      toastApiError(error, de.toasts.classes.deleteFailed);
    },
    onSuccess: (_data, cls) => {
      queryClient.removeQueries({ queryKey: queryKeys.classes.detail(cls.id) });
      toast.success(de.toasts.classes.deleted);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.classes.list(), exact: true }),
  });
}

/** `POST /api/classes/:id/token`: a new join token; the old one stops working. */
export function useRotateClassToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (classId: string) =>
      apiFetch(`${classPath(classId)}/token`, {
        method: 'POST',
        schema: checkedByServer<ResponseOf<typeof ZClassTokenResponse>>(),
      }),
    onSuccess: (token) => {
      queryClient.setQueryData(classTokenQueryOptions(token.class_id).queryKey, token);
      toast.success(de.classes.token.rotated);
    },
    onError: (error) => {
      toastApiError(error, de.classes.token.rotateFailed);
    },
  });
}
