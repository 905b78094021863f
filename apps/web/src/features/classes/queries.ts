import {
  type ZClassTeacher,
  type ZClassTokenResponse,
  type ZListClassInvitationsResponse,
  type ZListClassTeachersResponse,
  type ZCreateClassResponse,
  type ZDeleteClassResponse,
  type ZGetClassResponse,
  type ZListClassesResponse,
  type ZListClassStudentsResponse,
  type ZUpdateClassResponse,
  type Class,
  type ClassInvitation,
  type ClassRole,
  type ClassTeacher,
  type CreateClassRequest,
  type ListClassTeachersResponse,
  type ShareClassRequest,
  type UpdateClassRequest,
} from '@app/contract';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
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

// Co-teaching (packages/contract/src/class-teachers.ts): the owner shares a class with colleagues, each with a
// role; an invited colleague answers on the class list. The API refuses what a role may not do.

const teachersPath = (classId: string) => `${classPath(classId)}/teachers`;
const teacherPath = (classId: string, userId: string) =>
  `${teachersPath(classId)}/${encodeURIComponent(userId)}`;
const invitationPath = (classId: string, answer: 'accept' | 'decline') =>
  `/api/class-invitations/${encodeURIComponent(classId)}/${answer}`;

/** `GET /api/classes/:id/teachers`: the owner first, then the colleagues in the order they were invited. */
export const classTeachersQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.classes.teachers(id),
    queryFn: ({ signal }) =>
      apiFetch(teachersPath(id), {
        schema: checkedByServer<ResponseOf<typeof ZListClassTeachersResponse>>(),
        signal,
      }),
  });

/** `GET /api/class-invitations`: the invitations waiting for the signed-in teacher's answer. */
export const classInvitationsQueryOptions = queryOptions({
  queryKey: queryKeys.classes.invitations(),
  queryFn: ({ signal }) =>
    apiFetch('/api/class-invitations', {
      schema: checkedByServer<ResponseOf<typeof ZListClassInvitationsResponse>>(),
      signal,
    }),
});

/** The cached teachers with `change` applied to the list (nothing cached: left alone). */
function withTeachers(
  data: ListClassTeachersResponse | undefined,
  change: (teachers: ClassTeacher[]) => ClassTeacher[],
): ListClassTeachersResponse | undefined {
  return data ? { ...data, teachers: change(data.teachers) } : data;
}

/** `POST /api/classes/:id/teachers`: the invited colleague joins the list as "eingeladen". */
export function useShareClass(classId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.classes.teachers(classId);
  return useMutation({
    mutationFn: (input: ShareClassRequest) =>
      apiFetch(teachersPath(classId), {
        method: 'POST',
        body: input,
        schema: checkedByServer<ResponseOf<typeof ZClassTeacher>>(),
      }),
    onSuccess: (teacher) => {
      queryClient.setQueryData(classTeachersQueryOptions(classId).queryKey, (data) =>
        withTeachers(data, (teachers) => [...teachers.filter((t) => t.user_id !== teacher.user_id), teacher]),
      );
      toast.success(de.sharing.toasts.invited(teacher.email));
    },
    // A 4xx names the reason (no teacher with that address, already shared): the contract's message.
    onError: (error) => {
      toastApiError(error, de.sharing.toasts.inviteFailed);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key, exact: true }),
  });
}

interface RoleChange {
  teacher: ClassTeacher;
  role: ClassRole;
}

/**
 * `PATCH /api/classes/:id/teachers/:userId`: the new role shows at once and the old one comes back when the
 * server refuses; the class is fetched again too (a colleague who manages it may have changed their own role).
 */
export function useChangeClassTeacherRole(classId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.classes.teachers(classId);
  const patch = (userId: string, role: ClassTeacher['role']) =>
    queryClient.setQueryData(classTeachersQueryOptions(classId).queryKey, (data) =>
      withTeachers(data, (teachers) => teachers.map((t) => (t.user_id === userId ? { ...t, role } : t))),
    );
  return useMutation({
    mutationFn: ({ teacher, role }: RoleChange) =>
      apiFetch(teacherPath(classId, teacher.user_id), {
        method: 'PATCH',
        body: { role },
        schema: checkedByServer<ResponseOf<typeof ZClassTeacher>>(),
      }),
    onMutate: async ({ teacher, role }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      patch(teacher.user_id, role);
    },
    onError: (error, { teacher }) => {
      patch(teacher.user_id, teacher.role);
      toastApiError(error, de.sharing.toasts.roleChangeFailed);
    },
    onSuccess: () => {
      toast.success(de.sharing.toasts.roleChanged);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key, exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.classes.detail(classId), exact: true }),
      ]),
  });
}

/**
 * `DELETE /api/classes/:id/teachers/:userId` by the owner or a colleague who manages the class: the colleague
 * (or the invitation, while not accepted) leaves the list at once and comes back where it was when the server
 * refuses (PRODUCT.md §4).
 */
export function useRemoveClassTeacher(classId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.classes.teachers(classId);
  return useMutation({
    mutationFn: (teacher: ClassTeacher) =>
      apiFetch(teacherPath(classId, teacher.user_id), {
        method: 'DELETE',
        schema: checkedByServer<void>(),
      }),
    onMutate: async (teacher) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      let index = -1;
      queryClient.setQueryData(classTeachersQueryOptions(classId).queryKey, (data) =>
        withTeachers(data, (teachers) => {
          index = teachers.findIndex((t) => t.user_id === teacher.user_id);
          return teachers.filter((t) => t.user_id !== teacher.user_id);
        }),
      );
      return { index };
    },
    onError: (error, teacher, context) => {
      queryClient.setQueryData(classTeachersQueryOptions(classId).queryKey, (data) =>
        withTeachers(data, (teachers) => {
          if (teachers.some((t) => t.user_id === teacher.user_id)) return teachers;
          const index = context?.index ?? -1;
          const at = index < 0 ? teachers.length : Math.min(index, teachers.length);
          return [...teachers.slice(0, at), teacher, ...teachers.slice(at)];
        }),
      );
      toastApiError(error, de.sharing.toasts.removeFailed);
    },
    onSuccess: (_data, teacher) => {
      toast.success(teacher.status === 'pending' ? de.sharing.toasts.withdrawn : de.sharing.toasts.removed);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key, exact: true }),
  });
}

interface Leaving {
  cls: Class;
  /** The signed-in teacher's user id. */
  userId: string;
}

/**
 * A colleague leaves a class shared with them (`DELETE /api/classes/:id/teachers/<own id>`): the class leaves
 * their list at once and comes back where it was when the server refuses; after success everything cached
 * below it is dropped, as for a deleted class.
 */
export function useLeaveClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cls, userId }: Leaving) =>
      apiFetch(teacherPath(cls.id, userId), { method: 'DELETE', schema: checkedByServer<void>() }),
    onMutate: async ({ cls }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.classes.list(), exact: true });
      let index = -1;
      queryClient.setQueryData(classesQueryOptions.queryKey, (list) => {
        const result = withoutRow(list, cls.id);
        index = result.index;
        return result.list;
      });
      return { index };
    },
    onError: (error, { cls }, context) => {
      queryClient.setQueryData(classesQueryOptions.queryKey, (list) =>
        withRowAt(list, cls, context?.index ?? 0),
      );
      toastApiError(error, de.sharing.toasts.leaveFailed);
    },
    onSuccess: (_data, { cls }) => {
      queryClient.removeQueries({ queryKey: queryKeys.classes.detail(cls.id) });
      toast.success(de.sharing.toasts.left);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.classes.list(), exact: true }),
  });
}

/** The cached invitations without the one to `classId`, and where it stood. */
function withoutInvitation(queryClient: QueryClient, classId: string): { index: number } {
  let index = -1;
  queryClient.setQueryData(classInvitationsQueryOptions.queryKey, (data) => {
    if (!data) return data;
    index = data.invitations.findIndex((invitation) => invitation.class_id === classId);
    return { invitations: data.invitations.filter((invitation) => invitation.class_id !== classId) };
  });
  return { index };
}

/** `POST /api/class-invitations/:classId/accept`: the class joins the top of the list with its role. */
export function useAcceptClassInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: ClassInvitation) =>
      apiFetch(invitationPath(invitation.class_id, 'accept'), {
        method: 'POST',
        schema: checkedByServer<ResponseOf<typeof ZGetClassResponse>>(),
      }),
    onSuccess: (cls) => {
      withoutInvitation(queryClient, cls.id);
      queryClient.setQueryData(classesQueryOptions.queryKey, (list) =>
        list ? [cls, ...list.filter((entry) => entry.id !== cls.id)] : list,
      );
      queryClient.setQueryData(classQueryOptions(cls.id).queryKey, cls);
      toast.success(de.sharing.toasts.accepted(cls.name));
    },
    onError: (error) => {
      toastApiError(error, de.sharing.toasts.acceptFailed);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.classes.invitations(), exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.classes.list(), exact: true }),
        // The class's subject is the owner's: the list names it only once the subjects include it.
        queryClient.invalidateQueries({ queryKey: queryKeys.subjects.list(), exact: true }),
      ]),
  });
}

/** `POST /api/class-invitations/:classId/decline`: the invitation disappears at once, back if refused. */
export function useDeclineClassInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: ClassInvitation) =>
      apiFetch(invitationPath(invitation.class_id, 'decline'), {
        method: 'POST',
        schema: checkedByServer<void>(),
      }),
    onMutate: async (invitation) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.classes.invitations(), exact: true });
      return withoutInvitation(queryClient, invitation.class_id);
    },
    onError: (error, invitation, context) => {
      queryClient.setQueryData(classInvitationsQueryOptions.queryKey, (data) => {
        if (!data || data.invitations.some((entry) => entry.class_id === invitation.class_id)) return data;
        const at = Math.max(0, Math.min(context?.index ?? 0, data.invitations.length));
        return {
          invitations: [...data.invitations.slice(0, at), invitation, ...data.invitations.slice(at)],
        };
      });
      toastApiError(error, de.sharing.toasts.declineFailed);
    },
    onSuccess: () => {
      toast.success(de.sharing.toasts.declined);
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.classes.invitations(), exact: true }),
  });
}
