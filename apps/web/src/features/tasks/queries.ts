import {
  type ZPdfExportResponse,
  type PdfExport,
  type PdfExportFormat,
  type ZCreateTaskResponse,
  type ZDeleteTaskResponse,
  type ZGetTaskResponse,
  type ZListTasksResponse,
  type ZUpdateTaskResponse,
  type CreateTaskRequest,
  type Task,
  type UpdateTaskRequest,
} from '@app/contract';
import { queryOptions, useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { de } from '../../i18n/de';
import { apiFetch, checkedByServer, type ResponseOf } from '../../lib/api';
import { saveDownload } from '../../lib/apiDownload';
import { withoutRow, withRowAt, withRowPatched, withRowReplaced } from '../../lib/listCache';
import { toast, toastApiError } from '../../lib/toast';
import { queryKeys } from '../../lib/queryKeys';

/**
 * `/api/tasks` (ARCHITECTURE.md §6). A class's tasks (newest first, PRODUCT.md §7) live below the class in
 * the query keys (`['classes', classId, 'tasks']`), a single task under `['tasks', id]`.
 */

const taskPath = (id: string) => `/api/tasks/${encodeURIComponent(id)}`;

export const classTasksQueryOptions = (classId: string) =>
  queryOptions({
    queryKey: queryKeys.classes.tasks(classId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/tasks?${new URLSearchParams({ classId }).toString()}`, {
        schema: checkedByServer<ResponseOf<typeof ZListTasksResponse>>(),
        signal,
      }),
  });

/** `GET /api/tasks`: all of the teacher's tasks (the picker of the rubric developer pages). */
export const allTasksQueryOptions = {
  queryKey: queryKeys.tasks.everything(),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiFetch('/api/tasks', { schema: checkedByServer<ResponseOf<typeof ZListTasksResponse>>(), signal }),
};

export const taskQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.tasks.detail(id),
    queryFn: ({ signal }) =>
      apiFetch(taskPath(id), { schema: checkedByServer<ResponseOf<typeof ZGetTaskResponse>>(), signal }),
  });

interface NewTask {
  input: CreateTaskRequest;
  /** The id the task has in the local list until the server answers (the `$id` of `/tasks/new/$id`). */
  tempId: string;
  /** The signed-in user (the row's `created_by` until the server answers). */
  userId: string;
}

/** The local row of a task being created: what the form holds, with the defaults of the contract. */
function optimisticTask({ input, tempId, userId }: NewTask, now = new Date()): Task {
  // The server applies the contract's defaults and trims; the local row does the same for what it shows.
  const values = { ...input, title: input.title.trim() };
  return {
    id: tempId,
    title: values.title,
    description: values.description ?? '',
    class_id: values.class_id,
    due_date: values.due_date ?? null,
    status: values.status ?? 'draft',
    data: values.data ?? null,
    feedback_template: values.feedback_template ?? null,
    allow_late_submissions: values.allow_late_submissions ?? false,
    created_at: now.toISOString(),
    created_by: userId,
    updated_at: now.toISOString(),
  };
}

/**
 * `POST /api/tasks` as PRODUCT.md §4 says: the task is added to the class's list first, removed again if the
 * creation fails, and replaced by the server's row when it succeeds.
 */
export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: queryKeys.tasks.create(),
    mutationFn: ({ input }: NewTask) =>
      apiFetch('/api/tasks', {
        method: 'POST',
        body: input,
        schema: checkedByServer<ResponseOf<typeof ZCreateTaskResponse>>(),
      }),
    onMutate: async (newTask) => {
      const { queryKey } = classTasksQueryOptions(newTask.input.class_id);
      await queryClient.cancelQueries({ queryKey, exact: true });
      const row = optimisticTask(newTask);
      queryClient.setQueryData(queryKey, (list) => (list ? [row, ...list] : list));
    },
    onError: (error, { input, tempId }) => {
      queryClient.setQueryData(
        classTasksQueryOptions(input.class_id).queryKey,
        (list) => withoutRow(list, tempId).list,
      );
      toastApiError(error, de.toasts.tasks.createOnServerFailed);
    },
    onSuccess: (task, { input, tempId }) => {
      queryClient.setQueryData(classTasksQueryOptions(input.class_id).queryKey, (list) =>
        withRowReplaced(list, tempId, task),
      );
      queryClient.setQueryData(taskQueryOptions(task.id).queryKey, task);
      toast.success(de.toasts.tasks.created);
    },
    onSettled: (_task, _error, { input }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.classes.tasks(input.class_id), exact: true }),
  });
}

/** The temporary ids of the tasks being created right now (their rows are not links yet). */
export function usePendingTaskIds(): string[] {
  return useMutationState({
    filters: { mutationKey: queryKeys.tasks.create(), status: 'pending' },
    select: (mutation) => (mutation.state.variables as NewTask | undefined)?.tempId ?? '',
  });
}

interface TaskChange {
  /** The task as it was before the change (put back if the server refuses). */
  current: Task;
  changes: UpdateTaskRequest;
}

/** `PATCH /api/tasks/:id` (edits and the status buttons): shown at once, put back if the server refuses. */
export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ current, changes }: TaskChange) =>
      apiFetch(taskPath(current.id), {
        method: 'PATCH',
        body: changes,
        schema: checkedByServer<ResponseOf<typeof ZUpdateTaskResponse>>(),
      }),
    onMutate: async ({ current, changes }) => {
      const detailKey = taskQueryOptions(current.id).queryKey;
      const listKey = classTasksQueryOptions(current.class_id).queryKey;
      await queryClient.cancelQueries({ queryKey: detailKey, exact: true });
      await queryClient.cancelQueries({ queryKey: listKey, exact: true });
      queryClient.setQueryData(detailKey, (task) => (task ? { ...task, ...changes } : task));
      queryClient.setQueryData(listKey, (list) => withRowPatched(list, current.id, changes));
    },
    onError: (error, { current }) => {
      queryClient.setQueryData(taskQueryOptions(current.id).queryKey, current);
      queryClient.setQueryData(classTasksQueryOptions(current.class_id).queryKey, (list) =>
        withRowReplaced(list, current.id, current),
      );
      toastApiError(error, de.toasts.tasks.updateOnServerFailed);
    },
    onSuccess: (task) => {
      queryClient.setQueryData(taskQueryOptions(task.id).queryKey, task);
      toast.success(de.toasts.tasks.updated);
    },
    onSettled: (task, _error, { current }) =>
      Promise.all(
        [...new Set([current.class_id, task?.class_id ?? current.class_id])].map((classId) =>
          queryClient.invalidateQueries({ queryKey: queryKeys.classes.tasks(classId), exact: true }),
        ),
      ),
  });
}

/**
 * `DELETE /api/tasks/:id`: the task leaves the class's list first and is restored where it was if the
 * server delete fails (PRODUCT.md §4).
 */
export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (task: Task) =>
      apiFetch(taskPath(task.id), {
        method: 'DELETE',
        schema: checkedByServer<ResponseOf<typeof ZDeleteTaskResponse>>(),
      }),
    onMutate: async (task) => {
      const { queryKey } = classTasksQueryOptions(task.class_id);
      await queryClient.cancelQueries({ queryKey, exact: true });
      let index = -1;
      queryClient.setQueryData(queryKey, (list) => {
        const result = withoutRow(list, task.id);
        index = result.index;
        return result.list;
      });
      return { index };
    },
    onError: (error, task, context) => {
      queryClient.setQueryData(classTasksQueryOptions(task.class_id).queryKey, (list) =>
        withRowAt(list, task, context?.index ?? 0),
      );
      toastApiError(error, de.toasts.tasks.deleteFailed);
    },
    onSuccess: (_data, task) => {
      queryClient.removeQueries({ queryKey: queryKeys.tasks.detail(task.id) });
      toast.success(de.tasks.deleted);
    },
    onSettled: (_data, _error, task) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.classes.tasks(task.class_id), exact: true }),
  });
}

/**
 * `GET /api/tasks/:taskId/worksheet.pdf?perStudent=1`: the worksheets of the whole class (a page set per
 * student with their own QR code, PRODUCT.md §4 PDF-Vorlagen), handed to the browser as a download.
 */
export function downloadWorksheets(task: Pick<Task, 'id' | 'title'>): Promise<string> {
  return saveDownload(`${taskPath(task.id)}/worksheet.pdf?perStudent=1`, `Arbeitsblatt ${task.title}.pdf`);
}

/** `GET /api/tasks/:taskId/class-overview.pdf`: students × skills of the task as one table. */
export function downloadClassOverview(task: Pick<Task, 'id' | 'title'>): Promise<string> {
  return saveDownload(`${taskPath(task.id)}/class-overview.pdf`, `Klassenübersicht ${task.title}.pdf`);
}

const pdfExportPath = (id: string) => `/api/pdf-exports/${encodeURIComponent(id)}`;

/** `POST /api/tasks/:taskId/pdf-exports`: starts the class export of the feedback sheets (a background job). */
export const useStartPdfExport = (taskId: string) =>
  useMutation({
    mutationFn: (format: PdfExportFormat) =>
      apiFetch(`${taskPath(taskId)}/pdf-exports`, {
        method: 'POST',
        body: { format },
        schema: checkedByServer<ResponseOf<typeof ZPdfExportResponse>>(),
      }).then((r) => r.export),
  });

const running = (e: PdfExport | undefined) => e?.status === 'queued' || e?.status === 'running';

/** `GET /api/pdf-exports/:id`, asked again every second while the export runs (its progress bar). */
export const usePdfExport = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.tasks.pdfExport(id),
    queryFn: ({ signal }) =>
      apiFetch(pdfExportPath(id!), {
        schema: checkedByServer<ResponseOf<typeof ZPdfExportResponse>>(),
        signal,
      }).then((r) => r.export),
    enabled: id !== null,
    refetchInterval: (query) => (running(query.state.data) ? 1000 : false),
  });

/** `GET /api/pdf-exports/:id/file`: the finished PDF or ZIP as a download. */
export function downloadPdfExport(exp: Pick<PdfExport, 'id' | 'file_name' | 'format'>): Promise<string> {
  return saveDownload(`${pdfExportPath(exp.id)}/file`, exp.file_name ?? `Feedbackbögen.${exp.format}`);
}
