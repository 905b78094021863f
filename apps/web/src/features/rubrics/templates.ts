import {
  type CreateRubricTemplateRequest,
  type ZListRubricTemplatesResponse,
  type ZRubricTemplate,
  type ZTaskRubric,
} from '@app/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { de } from '../../i18n/de';
import { apiFetch, checkedByServer, type ResponseOf } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { toast, toastApiError } from '../../lib/toast';

// The rubric library (ADR 038): the templates a teacher may use, one template with its rubric, saving a
// task's rubric as a template and copying one into a task's rubric.

const enc = encodeURIComponent;
const t = de.library.toasts;

export interface TemplateFilters {
  q: string;
  subject: string;
  grade: string;
}

export const templateSearchQueryOptions = (filters: TemplateFilters) =>
  queryOptions({
    queryKey: queryKeys.rubrics.templateSearch(filters),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      for (const key of ['q', 'subject', 'grade'] as const) {
        const value = filters[key].trim();
        if (value) params.set(key, value);
      }
      const query = params.toString();
      return apiFetch(`/api/rubric-templates${query ? `?${query}` : ''}`, {
        schema: checkedByServer<ResponseOf<typeof ZListRubricTemplatesResponse>>(),
        signal,
      });
    },
    // While the teacher types, the last results stay until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export const templateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.rubrics.template(id),
    queryFn: ({ signal }) =>
      apiFetch(`/api/rubric-templates/${enc(id)}`, {
        schema: checkedByServer<ResponseOf<typeof ZRubricTemplate>>(),
        signal,
      }),
  });

/** `POST /api/rubric-templates`: the task's rubric as it is now becomes a template. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateRubricTemplateRequest) =>
      apiFetch('/api/rubric-templates', {
        method: 'POST',
        body: input,
        schema: checkedByServer<ResponseOf<typeof ZRubricTemplate>>(),
      }),
    onSuccess: async () => {
      toast.success(t.saved);
      await queryClient.invalidateQueries({ queryKey: queryKeys.rubrics.templates });
    },
    onError: (error) => toastApiError(error, t.saveFailed),
  });
}

/** `POST …/rubric/from-template`: a copy of the template joins the task's rubric (or replaces it). */
export function useUseTemplate(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { template_id: string; replace: boolean }) =>
      apiFetch(`/api/tasks/${enc(taskId)}/rubric/from-template`, {
        method: 'POST',
        body: input,
        schema: checkedByServer<ResponseOf<typeof ZTaskRubric>>(),
      }),
    onSuccess: async (rubric) => {
      queryClient.setQueryData(queryKeys.rubrics.task(taskId), rubric);
      toast.success(t.used);
      await queryClient.invalidateQueries({ queryKey: queryKeys.rubrics.library, exact: true });
    },
    onError: (error) => toastApiError(error, t.useFailed),
  });
}

/** `DELETE /api/rubric-templates/:id`: the teacher's own template; tasks keep their copies. */
export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/rubric-templates/${enc(id)}`, { method: 'DELETE', schema: checkedByServer<void>() }),
    onSuccess: async () => {
      toast.success(t.removed);
      await queryClient.invalidateQueries({ queryKey: queryKeys.rubrics.templates });
    },
    onError: (error) => toastApiError(error, t.removeFailed),
  });
}
