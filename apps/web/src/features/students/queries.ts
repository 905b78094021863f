import {
  type ZCreateStudentResponse,
  type ZCreateStudentsResponse,
  type ZDeleteStudentResponse,
  type ZJoinClassResponse,
  type ZRemoveClassStudentResponse,
  type ClassStudent,
  type CreateStudentRequest,
  type CreateStudentsRequest,
  type JoinClassRequest,
} from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { de } from '../../i18n/de';
import { apiFetch, checkedByServer, type ResponseOf } from '../../lib/api';
import { saveDownload } from '../../lib/apiDownload';
import { toast, toastApiError } from '../../lib/toast';
import { classStudentsQueryOptions } from '../classes/queries';
import { studentName as studentLabel } from './studentName';
import { queryKeys } from '../../lib/queryKeys';

/** Student accounts and class membership (PRODUCT.md §6, §7: createStudent, join_class, bulk creation). */

/** A class's student list and the class row (its `students` ids) after membership changed. */
function refreshClass(queryClient: ReturnType<typeof useQueryClient>, classId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.classes.students(classId), exact: true }),
    queryClient.invalidateQueries({ queryKey: queryKeys.classes.detail(classId), exact: true }),
  ]);
}

interface StudentRemoval {
  classId: string;
  student: ClassStudent;
}

/**
 * `DELETE /api/classes/:id/students/:userId`: removes only the class_user link (PRODUCT.md §4). The student
 * leaves the list at once and comes back where they were if the server refuses.
 */
export function useRemoveStudentFromClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ classId, student }: StudentRemoval) =>
      apiFetch(
        `/api/classes/${encodeURIComponent(classId)}/students/${encodeURIComponent(student.user_id)}`,
        { method: 'DELETE', schema: checkedByServer<ResponseOf<typeof ZRemoveClassStudentResponse>>() },
      ),
    onMutate: async ({ classId, student }) => {
      const { queryKey } = classStudentsQueryOptions(classId);
      await queryClient.cancelQueries({ queryKey, exact: true });
      const index = queryClient.getQueryData(queryKey)?.findIndex((s) => s.user_id === student.user_id) ?? -1;
      queryClient.setQueryData(queryKey, (list) => list?.filter((s) => s.user_id !== student.user_id));
      return { index };
    },
    onError: (error, { classId, student }, context) => {
      queryClient.setQueryData(classStudentsQueryOptions(classId).queryKey, (list) => {
        if (!list || list.some((s) => s.user_id === student.user_id)) return list;
        const at = Math.max(0, Math.min(context?.index ?? 0, list.length));
        return [...list.slice(0, at), student, ...list.slice(at)];
      });
      toastApiError(error, de.toasts.students.removeFromClassFailed);
    },
    onSuccess: () => {
      toast.success(de.toasts.students.removedFromClass);
    },
    onSettled: (_data, _error, { classId }) => refreshClass(queryClient, classId),
  });
}

/** `POST /api/createStudent`: one account with the e-mail address and password the teacher chose. */
export function useCreateStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateStudentRequest) =>
      apiFetch('/api/createStudent', {
        method: 'POST',
        body: input,
        schema: checkedByServer<ResponseOf<typeof ZCreateStudentResponse>>(),
      }),
    onSuccess: () => {
      toast.success(de.students.single.created);
    },
    onError: (error) => {
      toastApiError(error, de.students.single.failed);
    },
    onSettled: (_data, _error, input) => refreshClass(queryClient, input.class_id),
  });
}

/**
 * `POST /api/createStudents`: one account per name with generated logins. The answer (passwords!) stays in
 * the component that shows it once; it never enters the query cache.
 */
export function useCreateStudents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateStudentsRequest) =>
      apiFetch('/api/createStudents', {
        method: 'POST',
        body: input,
        schema: checkedByServer<ResponseOf<typeof ZCreateStudentsResponse>>(),
      }),
    onSuccess: ({ students }) => {
      toast.success(de.students.bulk.created(students.length));
    },
    onError: (error) => {
      toastApiError(error, de.students.bulk.failed);
    },
    onSettled: (_data, _error, input) => refreshClass(queryClient, input.class_id),
  });
}

/**
 * `POST /api/join_class` (ADR 006): puts one of the teacher's students into the teacher's class that has
 * this join token. A wrong or rotated token answers with the server's German message.
 */
export function useJoinClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: JoinClassRequest) =>
      apiFetch('/api/join_class', {
        method: 'POST',
        body: input,
        schema: checkedByServer<ResponseOf<typeof ZJoinClassResponse>>(),
      }),
    onSuccess: (result) => {
      toast.success(result.message);
      return refreshClass(queryClient, result.class_id);
    },
    onError: (error) => {
      toastApiError(error, de.joinClass.failed);
    },
  });
}

/** `GET /api/students/:id/export` (ADR 022): the student's data as a ZIP, handed to the browser as a file. */
export function downloadStudentExport(studentId: string): Promise<string> {
  // The fallback name is for a proxy that strips the server's Content-Disposition.
  const fallback = `klassenzimmer-schueler-${new Date().toISOString().slice(0, 10)}.zip`;
  return saveDownload(`/api/students/${encodeURIComponent(studentId)}/export`, fallback);
}

/**
 * `DELETE /api/students/:id` (ADR 022): the account with everything of theirs. The student leaves this
 * class's list at once and comes back if the server refuses; then every class list and submission list is
 * fetched again (they were in all of them).
 */
export function useDeleteStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ student }: StudentRemoval) =>
      apiFetch(`/api/students/${encodeURIComponent(student.user_id)}`, {
        method: 'DELETE',
        schema: checkedByServer<ResponseOf<typeof ZDeleteStudentResponse>>(),
      }),
    onMutate: async ({ classId, student }) => {
      const { queryKey } = classStudentsQueryOptions(classId);
      await queryClient.cancelQueries({ queryKey, exact: true });
      const index = queryClient.getQueryData(queryKey)?.findIndex((s) => s.user_id === student.user_id) ?? -1;
      queryClient.setQueryData(queryKey, (list) => list?.filter((s) => s.user_id !== student.user_id));
      return { index };
    },
    onError: (error, { classId, student }, context) => {
      queryClient.setQueryData(classStudentsQueryOptions(classId).queryKey, (list) => {
        if (!list || list.some((s) => s.user_id === student.user_id)) return list;
        const at = Math.max(0, Math.min(context?.index ?? 0, list.length));
        return [...list.slice(0, at), student, ...list.slice(at)];
      });
      toastApiError(error, de.toasts.students.removeFromClassFailed);
    },
    onSuccess: (_data, { student }) => {
      toast.success(de.dataRights.student.deleted(studentLabel(student)));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.classes.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tasks.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.submissions.all }),
      ]),
  });
}
