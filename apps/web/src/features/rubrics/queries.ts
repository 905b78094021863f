import {
  type ZCluster,
  type ZDeletedResponse,
  type ZGenerateSkillsResponse,
  type ZListClustersResponse,
  type ZListSkillGroupsResponse,
  type ZRubricSkill,
  type ZSkillDetail,
  type ZSkillGroupResponse,
  type ZTaskRubric,
  type CreateClusterRequest,
  type GenerateSkillsResponse,
  type ProposedSkillGroup,
  type RubricGroup,
  type RubricSkill,
  type SkillDetail,
  type TaskRubric,
  type UpdateSkillDetailRequest,
  type UpdateSkillGroupRequest,
  type UpdateSkillRequest,
} from '@app/contract';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { de } from '../../i18n/de';
import { apiFetch, checkedByServer, type ResponseOf } from '../../lib/api';
import { toast, toastApiError } from '../../lib/toast';
import { queryKeys } from '../../lib/queryKeys';

/**
 * The rubric resources (ARCHITECTURE.md §6): a task's rubric lives under `['tasks', taskId, 'rubric']`, the
 * library of the teacher's skill groups under `['skill-groups']`, the clusters under `['clusters']`.
 */

const enc = encodeURIComponent;

export const rubricQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: queryKeys.rubrics.task(taskId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/tasks/${enc(taskId)}/rubric`, {
        schema: checkedByServer<ResponseOf<typeof ZTaskRubric>>(),
        signal,
      }),
  });

export const skillGroupsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.rubrics.library,
    queryFn: ({ signal }) =>
      apiFetch('/api/skill-groups', {
        schema: checkedByServer<ResponseOf<typeof ZListSkillGroupsResponse>>(),
        signal,
      }),
  });

export const clustersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.rubrics.clusters,
    queryFn: ({ signal }) =>
      apiFetch('/api/clusters', {
        schema: checkedByServer<ResponseOf<typeof ZListClustersResponse>>(),
        signal,
      }),
  });

// ---- optimistic changes of a task's rubric ----

let tempCounter = 0;
/** Rows created locally carry this id until the server answers (their controls wait for the real id). */
const tempId = () => `tmp-${String((tempCounter += 1))}`;
export const isTempId = (id: string) => id.startsWith('tmp-');

/**
 * One change of the rubric: the request, what it does to the cached rubric at once, and the text of the
 * toast when the server refuses (its own 4xx message wins, see toastApiError).
 */
export interface RubricChange {
  request: () => Promise<unknown>;
  apply?: (rubric: TaskRubric) => TaskRubric;
  errorMessage: string;
  successMessage?: string;
}

const mapGroups = (rubric: TaskRubric, fn: (group: RubricGroup) => RubricGroup | null): TaskRubric => ({
  ...rubric,
  skill_groups: rubric.skill_groups.flatMap((group) => {
    const next = fn(group);
    return next ? [next] : [];
  }),
});

const mapSkills = (rubric: TaskRubric, fn: (skill: RubricSkill) => RubricSkill | null): TaskRubric =>
  mapGroups(rubric, (group) => ({
    ...group,
    skills: group.skills.flatMap((skill) => {
      const next = fn(skill);
      return next ? [next] : [];
    }),
  }));

/** `ids` in the given order; rows the order does not name keep their place at the end. */
function ordered<T extends { id: string }>(rows: readonly T[], ids: readonly string[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const first = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  return [...first, ...rows.filter((row) => !ids.includes(row.id))];
}

const now = () => new Date().toISOString();

/** The rubric changes the editor makes, each with its optimistic effect. */
export const rubricChanges = {
  createGroup(taskId: string, userId: string, name: string): RubricChange {
    const id = tempId();
    return {
      request: () =>
        apiFetch('/api/skill-groups', {
          method: 'POST',
          body: { name, task_id: taskId },
          schema: checkedByServer<ResponseOf<typeof ZSkillGroupResponse>>(),
        }),
      apply: (rubric) => ({
        ...rubric,
        skill_groups: [
          ...rubric.skill_groups,
          {
            id,
            name,
            description: '',
            created_at: now(),
            created_by: userId,
            updated_at: now(),
            position: rubric.skill_groups.length,
            skills: [],
          },
        ],
      }),
      errorMessage: de.rubrics.toasts.saveFailed,
    };
  },

  updateGroup(groupId: string, changes: UpdateSkillGroupRequest): RubricChange {
    return {
      request: () =>
        apiFetch(`/api/skill-groups/${enc(groupId)}`, {
          method: 'PATCH',
          body: changes,
          schema: checkedByServer<ResponseOf<typeof ZSkillGroupResponse>>(),
        }),
      apply: (rubric) => mapGroups(rubric, (g) => (g.id === groupId ? { ...g, ...changes } : g)),
      errorMessage: de.rubrics.toasts.saveFailed,
    };
  },

  unlinkGroup(taskId: string, groupId: string): RubricChange {
    return {
      request: () =>
        apiFetch(`/api/tasks/${enc(taskId)}/skill-groups/${enc(groupId)}`, {
          method: 'DELETE',
          schema: checkedByServer<ResponseOf<typeof ZTaskRubric>>(),
        }),
      apply: (rubric) => mapGroups(rubric, (g) => (g.id === groupId ? null : g)),
      errorMessage: de.rubrics.toasts.deleteFailed,
      successMessage: de.rubrics.group.removed,
    };
  },

  linkGroup(taskId: string, group: RubricGroup): RubricChange {
    return {
      request: () =>
        apiFetch(`/api/tasks/${enc(taskId)}/skill-groups`, {
          method: 'POST',
          body: { skillGroup_id: group.id },
          schema: checkedByServer<ResponseOf<typeof ZTaskRubric>>(),
        }),
      apply: (rubric) =>
        rubric.skill_groups.some((g) => g.id === group.id)
          ? rubric
          : {
              ...rubric,
              skill_groups: [...rubric.skill_groups, { ...group, position: rubric.skill_groups.length }],
            },
      errorMessage: de.rubrics.toasts.saveFailed,
    };
  },

  reorderGroups(taskId: string, ids: string[]): RubricChange {
    return {
      request: () =>
        apiFetch(`/api/tasks/${enc(taskId)}/skill-groups/order`, {
          method: 'PUT',
          body: { ids },
          schema: checkedByServer<ResponseOf<typeof ZTaskRubric>>(),
        }),
      apply: (rubric) => ({
        ...rubric,
        skill_groups: ordered(rubric.skill_groups, ids).map((g, position) => ({ ...g, position })),
      }),
      errorMessage: de.rubrics.toasts.orderFailed,
    };
  },

  createSkill(groupId: string, userId: string, name: string, maxScore: number): RubricChange {
    const id = tempId();
    return {
      request: () =>
        apiFetch('/api/skills', {
          method: 'POST',
          body: { group_id: groupId, name, maxScore },
          schema: checkedByServer<ResponseOf<typeof ZRubricSkill>>(),
        }),
      apply: (rubric) =>
        mapGroups(rubric, (g) =>
          g.id === groupId
            ? {
                ...g,
                skills: [
                  ...g.skills,
                  {
                    id,
                    name,
                    description: '',
                    maxScore,
                    position: g.skills.length,
                    group_id: groupId,
                    created_at: now(),
                    created_by: userId,
                    details: [],
                  },
                ],
              }
            : g,
        ),
      errorMessage: de.rubrics.toasts.saveFailed,
    };
  },

  updateSkill(skillId: string, changes: UpdateSkillRequest): RubricChange {
    return {
      request: () =>
        apiFetch(`/api/skills/${enc(skillId)}`, {
          method: 'PATCH',
          body: changes,
          schema: checkedByServer<ResponseOf<typeof ZRubricSkill>>(),
        }),
      apply: (rubric) => mapSkills(rubric, (s) => (s.id === skillId ? { ...s, ...changes } : s)),
      errorMessage: de.rubrics.toasts.saveFailed,
    };
  },

  deleteSkill(skillId: string): RubricChange {
    return {
      request: () =>
        apiFetch(`/api/skills/${enc(skillId)}`, {
          method: 'DELETE',
          schema: checkedByServer<ResponseOf<typeof ZDeletedResponse>>(),
        }),
      apply: (rubric) => mapSkills(rubric, (s) => (s.id === skillId ? null : s)),
      errorMessage: de.rubrics.toasts.deleteFailed,
    };
  },

  reorderSkills(groupId: string, ids: string[]): RubricChange {
    return {
      request: () =>
        apiFetch(`/api/skill-groups/${enc(groupId)}/skills/order`, {
          method: 'PUT',
          body: { ids },
          schema: checkedByServer<ResponseOf<typeof ZSkillGroupResponse>>(),
        }),
      apply: (rubric) =>
        mapGroups(rubric, (g) =>
          g.id === groupId
            ? { ...g, skills: ordered(g.skills, ids).map((s, position) => ({ ...s, position })) }
            : g,
        ),
      errorMessage: de.rubrics.toasts.orderFailed,
    };
  },

  createDetail(skillId: string, userId: string, score: number, value: string): RubricChange {
    const detail: SkillDetail = {
      skillDetail_id: tempId(),
      skill_id: skillId,
      score,
      value,
      requirements: null,
      example: null,
      created_at: now(),
      created_by: userId,
    };
    return {
      request: () =>
        apiFetch('/api/skill-details', {
          method: 'POST',
          body: { skill_id: skillId, score, value },
          schema: checkedByServer<ResponseOf<typeof ZSkillDetail>>(),
        }),
      apply: (rubric) =>
        mapSkills(rubric, (s) =>
          s.id === skillId ? { ...s, details: [...s.details, detail].sort((a, b) => a.score - b.score) } : s,
        ),
      errorMessage: de.rubrics.toasts.saveFailed,
    };
  },

  updateDetail(detailId: string, changes: UpdateSkillDetailRequest): RubricChange {
    return {
      request: () =>
        apiFetch(`/api/skill-details/${enc(detailId)}`, {
          method: 'PATCH',
          body: changes,
          schema: checkedByServer<ResponseOf<typeof ZSkillDetail>>(),
        }),
      apply: (rubric) =>
        mapSkills(rubric, (s) => ({
          ...s,
          details: s.details.map((d) => (d.skillDetail_id === detailId ? { ...d, ...changes } : d)),
        })),
      errorMessage: de.rubrics.toasts.saveFailed,
    };
  },

  deleteDetail(detailId: string): RubricChange {
    return {
      request: () =>
        apiFetch(`/api/skill-details/${enc(detailId)}`, {
          method: 'DELETE',
          schema: checkedByServer<ResponseOf<typeof ZDeletedResponse>>(),
        }),
      apply: (rubric) =>
        mapSkills(rubric, (s) => ({ ...s, details: s.details.filter((d) => d.skillDetail_id !== detailId) })),
      errorMessage: de.rubrics.toasts.deleteFailed,
    };
  },
};

/**
 * Runs rubric changes one at a time per task: each shows at once in the cached rubric and is taken back
 * (with a toast) when the server refuses; afterwards the rubric is reloaded from the server.
 */
export function useRubricChange(taskId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.rubrics.task(taskId);
  return useMutation({
    // One scope per task: changes reach the server in the order they were made (a rename before a delete).
    scope: { id: `rubric-${taskId}` },
    mutationFn: (change: RubricChange) => change.request(),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<TaskRubric>(key);
      if (previous && change.apply) queryClient.setQueryData<TaskRubric>(key, change.apply(previous));
      return { previous };
    },
    onError: (error, change, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toastApiError(error, change.errorMessage);
    },
    onSuccess: (_result, change) => {
      if (change.successMessage) toast.success(change.successMessage);
    },
    onSettled: () => invalidateRubric(queryClient, taskId),
  });
}

function invalidateRubric(queryClient: QueryClient, taskId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.rubrics.task(taskId), exact: true }),
    queryClient.invalidateQueries({ queryKey: queryKeys.rubrics.library, exact: true }),
  ]);
}

// ---- clusters and generation ----

export function useCreateCluster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateClusterRequest) =>
      apiFetch('/api/clusters', {
        method: 'POST',
        body: input,
        schema: checkedByServer<ResponseOf<typeof ZCluster>>(),
      }),
    onError: (error) => toastApiError(error, de.rubrics.toasts.clusterFailed),
    onSuccess: (cluster) => {
      queryClient.setQueryData(clustersQueryOptions().queryKey, (list) =>
        list ? [cluster, ...list] : [cluster],
      );
      toast.success(de.rubrics.toasts.clusterCreated);
    },
  });
}

/** `POST …/rubric/generate/skills`: the AI's proposal; nothing is stored. Errors are shown by the step. */
export function useProposeSkills(taskId: string) {
  return useMutation({
    mutationFn: (clusterIds: string[]): Promise<GenerateSkillsResponse> =>
      apiFetch(`/api/tasks/${enc(taskId)}/rubric/generate/skills`, {
        method: 'POST',
        body: { cluster_ids: clusterIds },
        schema: checkedByServer<ResponseOf<typeof ZGenerateSkillsResponse>>(),
      }),
  });
}

/** `POST …/rubric/generate/levels`: levels are generated and the rubric is saved (replacing by default). */
export function useGenerateRubric(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { skill_groups: ProposedSkillGroup[]; replace: boolean }) =>
      apiFetch(`/api/tasks/${enc(taskId)}/rubric/generate/levels`, {
        method: 'POST',
        body: input,
        schema: checkedByServer<ResponseOf<typeof ZTaskRubric>>(),
      }),
    onSuccess: async (rubric) => {
      queryClient.setQueryData(queryKeys.rubrics.task(taskId), rubric);
      toast.success(de.rubrics.toasts.generated);
      await queryClient.invalidateQueries({ queryKey: queryKeys.rubrics.library, exact: true });
    },
  });
}
