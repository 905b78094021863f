import type {
  Cluster,
  GenerateSkillsResponse,
  ProposedSkillGroup,
  RubricGroup,
  RubricSkill,
  SkillDetail,
  TaskRubric,
} from '@app/contract';
import { TEST_USER_ID } from '../../../test/authStub';
import { apiErrorResponse, fakeId, type ApiCall, type TeacherApi } from '../../../test/teacherApi';

const stamp = new Date(Date.UTC(2025, 0, 10)).toISOString();

const newGroup = (name: string, description = ''): RubricGroup => ({
  id: fakeId('g'),
  name,
  description,
  created_at: stamp,
  created_by: TEST_USER_ID,
  updated_at: stamp,
  position: 0,
  skills: [],
});
const newSkill = (groupId: string, name: string, maxScore: number, description = ''): RubricSkill => ({
  id: fakeId('sk'),
  name,
  description,
  maxScore,
  position: 0,
  group_id: groupId,
  created_at: stamp,
  created_by: TEST_USER_ID,
  details: [],
});
const newDetail = (skillId: string, score: number, value: string): SkillDetail => ({
  skillDetail_id: fakeId('d'),
  skill_id: skillId,
  score,
  value,
  requirements: null,
  example: null,
  created_at: stamp,
  created_by: TEST_USER_ID,
});

/** A group with skills and their levels (score → text), for seeding. */
export function makeRubricGroup(
  name: string,
  skills: Array<{ name: string; maxScore: number; levels?: Record<number, string> }>,
): RubricGroup {
  const g = newGroup(name);
  g.skills = skills.map((s) => {
    const skill = newSkill(g.id, s.name, s.maxScore);
    skill.details = Object.entries(s.levels ?? {}).map(([score, value]) =>
      newDetail(skill.id, Number(score), value),
    );
    return skill;
  });
  return g;
}

/**
 * The rubric endpoints as an in-memory server, added to the fake teacher API through its interceptors. It
 * keeps the API's rules the editor relies on (order by position, details by score, SCORE_ABOVE_MAX, 404s).
 */
export function installRubricApi(
  api: TeacherApi,
  seed: {
    rubrics?: Record<string, RubricGroup[]>;
    clusters?: Cluster[];
    proposal?: GenerateSkillsResponse;
  } = {},
) {
  const rubrics: Record<string, RubricGroup[]> = structuredClone(seed.rubrics ?? {});
  const clusters: Cluster[] = [...(seed.clusters ?? [])];
  const json = (value: unknown, status = 200) => Response.json(value, { status });
  const allGroups = () => Object.values(rubrics).flat();
  const findGroup = (id: string) => allGroups().find((g) => g.id === id);
  const findSkill = (id: string) =>
    allGroups()
      .flatMap((g) => g.skills)
      .find((s) => s.id === id);
  const rubricOf = (taskId: string): TaskRubric => ({
    task_id: taskId,
    skill_groups: (rubrics[taskId] ?? []).map((g, position) => ({
      ...g,
      position,
      skills: g.skills.map((s, p) => ({
        ...s,
        position: p,
        details: [...s.details].sort((a, b) => a.score - b.score),
      })),
    })),
  });
  const groupResponse = (g: RubricGroup) => {
    const { position: _position, ...rest } = g;
    return rest;
  };
  api.intercept((call: ApiCall) => {
    const { method, path } = call;
    const body = (call.body ?? {}) as Record<string, unknown>;
    const seg = path.split('/').filter(Boolean).slice(1);
    const [resource, id, sub, subId] = seg;

    if (resource === 'tasks' && id && sub === 'rubric') {
      if (!api.db.tasks.some((t) => t.id === id)) return apiErrorResponse('TASK_NOT_FOUND');
      if (method === 'GET' && !subId) return json(rubricOf(id));
      if (method === 'POST' && subId === 'generate' && seg[4] === 'skills')
        return json(seed.proposal ?? { skill_groups: [] });
      if (method === 'POST' && subId === 'generate' && seg[4] === 'levels') {
        const groups = body.skill_groups as ProposedSkillGroup[];
        const created = groups.map((pg) => {
          const g = newGroup(pg.name, pg.description);
          g.skills = pg.skills.map((ps) => {
            const s = newSkill(g.id, ps.name, ps.maxScore, ps.description);
            s.details = Array.from({ length: ps.maxScore + 1 }, (_, score) =>
              newDetail(s.id, score, `${ps.name}: Stufe ${String(score)}`),
            );
            return s;
          });
          return g;
        });
        rubrics[id] = body.replace === false ? [...(rubrics[id] ?? []), ...created] : created;
        return json(rubricOf(id));
      }
    }
    if (resource === 'tasks' && id && sub === 'skill-groups') {
      const list = (rubrics[id] ??= []);
      if (method === 'PUT' && subId === 'order') {
        const ids = body.ids as string[];
        rubrics[id] = ids.map((gid) => list.find((g) => g.id === gid)!);
        return json(rubricOf(id));
      }
      if (method === 'DELETE' && subId) {
        rubrics[id] = list.filter((g) => g.id !== subId);
        return json(rubricOf(id));
      }
      if (method === 'POST') {
        const group = findGroup(String(body.skillGroup_id));
        if (!group) return apiErrorResponse('SKILL_GROUP_NOT_FOUND');
        if (!list.includes(group)) list.push(group);
        return json(rubricOf(id));
      }
    }
    if (resource === 'skill-groups') {
      if (!id && method === 'GET')
        return json(
          allGroups()
            .filter((g, i, all) => all.indexOf(g) === i)
            .map((g) => ({
              ...groupResponse(g),
              task_ids: Object.keys(rubrics).filter((t) => rubrics[t]!.includes(g)),
            })),
        );
      if (!id && method === 'POST') {
        const group = newGroup(String(body.name));
        if (typeof body.task_id === 'string') (rubrics[body.task_id] ??= []).push(group);
        return json(groupResponse(group), 201);
      }
      const group = id ? findGroup(id) : undefined;
      if (!group) return apiErrorResponse('SKILL_GROUP_NOT_FOUND');
      if (method === 'PATCH') {
        Object.assign(group, body);
        return json(groupResponse(group));
      }
      if (method === 'PUT' && sub === 'skills') {
        const ids = body.ids as string[];
        group.skills = ids.map((sid) => group.skills.find((s) => s.id === sid)!);
        return json(groupResponse(group));
      }
    }
    if (resource === 'skills') {
      if (!id && method === 'POST') {
        const group = findGroup(String(body.group_id));
        if (!group) return apiErrorResponse('SKILL_GROUP_NOT_FOUND');
        const skill = newSkill(group.id, String(body.name), Number(body.maxScore));
        group.skills.push(skill);
        return json(skill, 201);
      }
      const skill = id ? findSkill(id) : undefined;
      if (!skill) return apiErrorResponse('SKILL_NOT_FOUND');
      if (method === 'PATCH') {
        if (
          typeof body.maxScore === 'number' &&
          skill.details.some((d) => d.score > (body.maxScore as number))
        )
          return apiErrorResponse('MAX_SCORE_BELOW_DETAILS');
        Object.assign(skill, body);
        return json(skill);
      }
      if (method === 'DELETE') {
        for (const g of allGroups()) g.skills = g.skills.filter((s) => s.id !== id);
        return json({ id });
      }
    }
    if (resource === 'skill-details') {
      if (!id && method === 'POST') {
        const skill = findSkill(String(body.skill_id));
        if (!skill) return apiErrorResponse('SKILL_NOT_FOUND');
        if (Number(body.score) > skill.maxScore) return apiErrorResponse('SCORE_ABOVE_MAX');
        const detail = newDetail(
          skill.id,
          Number(body.score),
          typeof body.value === 'string' ? body.value : '',
        );
        skill.details.push(detail);
        return json(detail, 201);
      }
      const skill = allGroups()
        .flatMap((g) => g.skills)
        .find((s) => s.details.some((d) => d.skillDetail_id === id));
      const detail = skill?.details.find((d) => d.skillDetail_id === id);
      if (!skill || !detail) return apiErrorResponse('SKILL_DETAIL_NOT_FOUND');
      if (method === 'PATCH') {
        Object.assign(detail, body);
        return json(detail);
      }
      if (method === 'DELETE') {
        skill.details = skill.details.filter((d) => d !== detail);
        return json({ id });
      }
    }
    if (resource === 'clusters') {
      if (method === 'GET') return json(clusters);
      if (method === 'POST') {
        const cluster: Cluster = {
          id: fakeId('c'),
          name: String(body.name),
          description: '',
          criteria: typeof body.criteria === 'string' ? body.criteria : '',
          created_at: stamp,
          created_by: TEST_USER_ID,
          updated_at: stamp,
        };
        clusters.unshift(cluster);
        return json(cluster, 201);
      }
    }
    return undefined;
  });

  return {
    rubrics,
    clusters,
    rubricOf,
  };
}
