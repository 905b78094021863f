import {
  type ZClassSkillProfileResponse,
  type ZAcceptSuggestionsResponse,
  type ZDeleteSkillFeedbackResponse,
  type ZGradeChangesResponse,
  type ZGradingResponse,
  type ZReleaseFeedbackResponse,
  type ZResetFeedbackResponse,
  type ZSetGroupFeedbackResponse,
  type ZSetSkillScoreResponse,
  type ZSetSkillTextsResponse,
  type FeedbackSheetVersion,
  type GradingResponse,
  type GradingSkillFeedback,
  type SetSkillTextsRequest,
} from '@app/contract';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { de } from '../../i18n/de';
import { apiFetch, checkedByServer, type ResponseOf } from '../../lib/api';
import { saveDownload } from '../../lib/apiDownload';
import { orNotFound } from '../../lib/loaders';
import { toast, toastApiError } from '../../lib/toast';
import { classQueryOptions } from '../classes/queries';
import { SUBMISSIONS_POLL_MS, submissionsQueryOptions } from '../submissions/queries';
import { queryKeys } from '../../lib/queryKeys';

export * from './feedbackLinkQueries';

/**
 * Grading of one submission (ADR 010). The view lives at `['submissions', id, 'grading']`; every
 * change also refreshes the task's submission list (its scores and statuses follow from the feedback).
 */

const enc = encodeURIComponent;
const t = de.toasts.grading;

/** Per student, the skills of the class's handed-back tasks (ADR 025). */
export const classSkillProfileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.classes.skillProfile(id),
    queryFn: ({ signal }) =>
      apiFetch(`/api/classes/${enc(id)}/skill-profile`, {
        schema: checkedByServer<ResponseOf<typeof ZClassSkillProfileResponse>>(),
        signal,
      }),
  });

export const gradingQueryOptions = (submissionId: string) =>
  queryOptions({
    queryKey: queryKeys.grading.detail(submissionId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/feedback/${enc(submissionId)}`, {
        schema: checkedByServer<ResponseOf<typeof ZGradingResponse>>(),
        signal,
      }),
    // While the AI is still correcting, its suggestions arrive without a reload.
    refetchInterval: (query) =>
      query.state.data?.submission.display_status === 'in Korrektur' ? SUBMISSIONS_POLL_MS : false,
  });

/**
 * Loader of the grading page: the submission, the task's list (for next/previous) and the class (what the
 * teacher's role in it allows, co-teaching); an unknown or foreign submission is the 404 page.
 */
export function loadGrading(queryClient: QueryClient, classId: string, taskId: string, submissionId: string) {
  return orNotFound(
    Promise.all([
      queryClient.ensureQueryData(gradingQueryOptions(submissionId)),
      queryClient.ensureQueryData(submissionsQueryOptions(taskId)),
      queryClient.ensureQueryData(classQueryOptions(classId)),
    ]),
  );
}

/** Replaces one skill's feedback in the cached view (the sums are computed from it when shown). */
function patchSkill(
  queryClient: QueryClient,
  submissionId: string,
  skillId: string,
  patch: (feedback: GradingSkillFeedback) => GradingSkillFeedback,
) {
  queryClient.setQueryData<GradingResponse>(queryKeys.grading.detail(submissionId), (old) =>
    old
      ? {
          ...old,
          groups: old.groups.map((group) => ({
            ...group,
            skills: group.skills.map((s) =>
              s.skill.id === skillId ? { ...s, feedback: patch(s.feedback) } : s,
            ),
          })),
        }
      : old,
  );
}

function patchGroupText(queryClient: QueryClient, submissionId: string, groupId: string, feedback: string) {
  queryClient.setQueryData<GradingResponse>(queryKeys.grading.detail(submissionId), (old) =>
    old
      ? {
          ...old,
          groups: old.groups.map((group) =>
            group.group_id === groupId ? { ...group, text: { ...group.text, feedback } } : group,
          ),
        }
      : old,
  );
}

const refreshList = (queryClient: QueryClient, taskId: string) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.submissions.list(taskId), exact: true });

const refreshChanges = (queryClient: QueryClient, submissionId: string) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.grading.changes(submissionId) });

/**
 * After a change: the list (scores, statuses), and for a handed-back submission the view too, whose
 * "geändert seit der Rückgabe" follows from the server's comparison with the handed-back version.
 */
function refreshAfterChange(queryClient: QueryClient, submissionId: string, taskId: string) {
  const view = queryClient.getQueryData<GradingResponse>(queryKeys.grading.detail(submissionId));
  return Promise.all([
    refreshList(queryClient, taskId),
    refreshChanges(queryClient, submissionId),
    view?.submission.status === 'ausgeteilt'
      ? queryClient.invalidateQueries({ queryKey: queryKeys.grading.detail(submissionId), exact: true })
      : undefined,
  ]);
}

interface ScoreVariables {
  skillId: string;
  score: number;
  /** The score shown before this change: restored when the save fails (PRODUCT.md §4). */
  previous: number;
}

/**
 * Sets a skill's score at once; a failed save puts the previous score back (PRODUCT.md §4) with its toast.
 */
export function useSetSkillScore(submissionId: string, taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ skillId, score }: ScoreVariables) =>
      apiFetch(`/api/feedback/${enc(submissionId)}/skills/${enc(skillId)}`, {
        method: 'PUT',
        body: { score },
        schema: checkedByServer<ResponseOf<typeof ZSetSkillScoreResponse>>(),
      }),
    onMutate: async ({ skillId, score }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.grading.detail(submissionId), exact: true });
      patchSkill(queryClient, submissionId, skillId, (f) => ({ ...f, score }));
    },
    onError: (error, { skillId, previous }) => {
      // Only this skill goes back: another skill changed meanwhile keeps its new score.
      patchSkill(queryClient, submissionId, skillId, (f) => ({ ...f, score: previous }));
      toastApiError(error, t.saveFailed);
    },
    onSuccess: (saved, { skillId }) => {
      patchSkill(queryClient, submissionId, skillId, () => saved);
      toast.success(t.updated);
    },
    onSettled: () => refreshAfterChange(queryClient, submissionId, taskId),
  });
}

interface GroupTextVariables {
  groupId: string;
  feedback: string;
  previous: string;
}

/** Saves a group text; a failed save puts the last saved text back (PRODUCT.md §4). */
export function useSetGroupText(submissionId: string, taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, feedback }: GroupTextVariables) =>
      apiFetch(`/api/feedback/${enc(submissionId)}/groups/${enc(groupId)}`, {
        method: 'PUT',
        body: { feedback },
        schema: checkedByServer<ResponseOf<typeof ZSetGroupFeedbackResponse>>(),
      }),
    onMutate: async ({ groupId, feedback }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.grading.detail(submissionId), exact: true });
      patchGroupText(queryClient, submissionId, groupId, feedback);
    },
    onError: (error, { groupId, previous }) => {
      patchGroupText(queryClient, submissionId, groupId, previous);
      toastApiError(error, t.saveFailed);
    },
    onSuccess: (saved, { groupId }) => {
      queryClient.setQueryData<GradingResponse>(queryKeys.grading.detail(submissionId), (old) =>
        old
          ? {
              ...old,
              groups: old.groups.map((group) =>
                group.group_id === groupId ? { ...group, text: saved } : group,
              ),
            }
          : old,
      );
      toast.success(t.updated);
    },
    onSettled: () => refreshAfterChange(queryClient, submissionId, taskId),
  });
}

/**
 * The teacher's own reason and recommendation of a skill, or keeping the AI's (`keep_ai_texts`): shown at
 * once, the server's row replaces it when saved; a failed save puts the skill's previous texts back.
 */
export function useSetSkillTexts(submissionId: string, taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ skillId, body }: { skillId: string; body: SetSkillTextsRequest }) =>
      apiFetch(`/api/feedback/${enc(submissionId)}/skills/${enc(skillId)}/texts`, {
        method: 'PUT',
        body,
        schema: checkedByServer<ResponseOf<typeof ZSetSkillTextsResponse>>(),
      }),
    onMutate: async ({ skillId, body }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.grading.detail(submissionId), exact: true });
      let previous: GradingSkillFeedback | undefined;
      patchSkill(queryClient, submissionId, skillId, (f) => {
        previous = f;
        if (body.keep_ai_texts === undefined)
          return {
            ...f,
            reason: body.reason ?? '',
            recommendation: body.recommendation ?? '',
            texts_edited_at: new Date().toISOString(),
            ai_texts_kept: false,
          };
        return body.keep_ai_texts
          ? {
              ...f,
              reason: f.ai_reason ?? f.reason,
              recommendation: f.ai_recommendation ?? f.recommendation,
              texts_edited_at: null,
              ai_texts_kept: true,
            }
          : { ...f, ai_texts_kept: false };
      });
      return { previous };
    },
    onError: (error, { skillId }, context) => {
      const previous = context?.previous;
      if (previous) patchSkill(queryClient, submissionId, skillId, () => previous);
      toastApiError(error, t.saveFailed);
    },
    onSuccess: (saved, { skillId }) => {
      patchSkill(queryClient, submissionId, skillId, () => saved);
      toast.success(t.updated);
    },
    onSettled: () => refreshAfterChange(queryClient, submissionId, taskId),
  });
}

/** Deletes one skill's feedback ('Feedback erfolgreich gelöscht'). */
export function useDeleteSkillGrading(submissionId: string, taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (skillId: string) =>
      apiFetch(`/api/feedback/${enc(submissionId)}/skills/${enc(skillId)}`, {
        method: 'DELETE',
        schema: checkedByServer<ResponseOf<typeof ZDeleteSkillFeedbackResponse>>(),
      }),
    onError: (error) => toastApiError(error, t.deleteFailed),
    onSuccess: () => toast.success(t.deleted),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.grading.detail(submissionId), exact: true }),
        refreshList(queryClient, taskId),
        refreshChanges(queryClient, submissionId),
      ]),
  });
}

/** Deletes every feedback row of the submission ('Feedback erfolgreich zurückgesetzt'). */
export function useResetGrading(submissionId: string, taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(`/api/feedback/${enc(submissionId)}/reset`, {
        method: 'POST',
        schema: checkedByServer<ResponseOf<typeof ZResetFeedbackResponse>>(),
      }),
    onError: (error) => toastApiError(error, t.resetFailed),
    onSuccess: () => toast.success(t.reset),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.grading.detail(submissionId), exact: true }),
        refreshList(queryClient, taskId),
        refreshChanges(queryClient, submissionId),
      ]),
  });
}

/** "Austeilen" of one submission: its link comes back (and is in the refreshed view). */
export function useReleaseSubmission(submissionId: string, taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // `allowUnscored`: the teacher confirmed handing back with skills still unscored.
    mutationFn: (allowUnscored: boolean = false) =>
      apiFetch(`/api/feedback/${enc(submissionId)}/release`, {
        method: 'POST',
        body: allowUnscored ? { allowUnscored: true } : undefined,
        schema: checkedByServer<ResponseOf<typeof ZReleaseFeedbackResponse>>(),
      }),
    onError: (error) => toastApiError(error, de.grading.release.failed),
    onSuccess: () => toast.success(de.grading.release.done),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.grading.detail(submissionId), exact: true }),
        refreshList(queryClient, taskId),
      ]),
  });
}

/** "Austeilen" of every corrected submission of the task. */
export function useReleaseTask(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(`/api/feedback/tasks/${enc(taskId)}/release`, {
        method: 'POST',
        schema: checkedByServer<ResponseOf<typeof ZReleaseFeedbackResponse>>(),
      }),
    onError: (error) => toastApiError(error, de.grading.release.failed),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.submissions.all }),
        refreshList(queryClient, taskId),
      ]),
  });
}

/**
 * `GET /api/submissions/:id/feedback-sheet.pdf`: the rubric table of this submission to print. Without a
 * version the handed-back one (what the feedback link shows); `current`: the grading now, a draft unless it is
 * what was handed back.
 */
export function downloadFeedbackSheet(
  submissionId: string,
  fallbackName: string,
  version?: FeedbackSheetVersion,
): Promise<string> {
  const query = version ? `?version=${version}` : '';
  return saveDownload(`/api/submissions/${enc(submissionId)}/feedback-sheet.pdf${query}`, fallbackName);
}

/**
 * The change history of one submission (ADR 026), newest first. Keyed by the view's `updated_at` as well,
 * so the AI's suggestions arriving through the view's polling bring their entries along.
 */
export const gradeChangesQueryOptions = (submissionId: string, viewUpdatedAt: string) =>
  queryOptions({
    queryKey: [...queryKeys.grading.changes(submissionId), viewUpdatedAt] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/feedback/${enc(submissionId)}/changes`, {
        schema: checkedByServer<ResponseOf<typeof ZGradeChangesResponse>>(),
        signal,
      }),
    placeholderData: (previous) => previous,
  });

/** `GET …/changes.csv` of one submission or of the whole task (German headers, UTF-8 with BOM). */
export function downloadGradeChanges(
  scope: { submissionId: string } | { taskId: string },
  fallbackName: string,
): Promise<string> {
  const path =
    'submissionId' in scope
      ? `/api/feedback/${enc(scope.submissionId)}/changes.csv`
      : `/api/feedback/tasks/${enc(scope.taskId)}/changes.csv`;
  return saveDownload(path, fallbackName);
}

/**
 * "Alle Vorschläge übernehmen" of this one submission. The server refuses it (GRADING_NOT_VIEWED) until the
 * grading view was loaded after the AI's last suggestion: then the view is loaded again, which counts.
 */
export function useAcceptSuggestions(submissionId: string, taskId: string) {
  const queryClient = useQueryClient();
  const a = de.gradeAudit.accept;
  return useMutation({
    mutationFn: () =>
      apiFetch(`/api/feedback/${enc(submissionId)}/accept-suggestions`, {
        method: 'POST',
        schema: checkedByServer<ResponseOf<typeof ZAcceptSuggestionsResponse>>(),
      }),
    onError: (error) => toastApiError(error, a.failed),
    onSuccess: (body) => toast.success(a.done(body.accepted_skill_ids.length)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.grading.detail(submissionId), exact: true }),
        refreshList(queryClient, taskId),
        refreshChanges(queryClient, submissionId),
      ]),
  });
}
