import {
  skillsComplete,
  ZClass,
  ZCluster,
  ZListSkillGroupsResponse,
  ZRubricSkill,
  ZSkillDetail,
  ZSkillGroupResponse,
  ZSubject,
  ZTask,
  ZTaskRubric,
  type Task,
  type TaskRubric,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skillDetails, skillGroups, skills, skillXSkillGroup } from '../src/db/schema';
import { loadRubric } from '../src/domain/rubrics';
import { createTestApp, type TestApp } from './helpers/app';
import { drivers } from './helpers/database';
import { errorOf, type SignedIn as Teacher, signIn } from './helpers/tokens';

async function taskOf(teacher: Teacher, title = 'Bruchrechnung'): Promise<Task> {
  const subject = ZSubject.parse(
    (await teacher.call('POST', '/api/subjects', { name: 'Mathematik' })).json(),
  );
  const cls = ZClass.parse(
    (await teacher.call('POST', '/api/classes', { name: '7a', grade: '7', subject_id: subject.id })).json(),
  );
  const res = await teacher.call('POST', '/api/tasks', { class_id: cls.id, title });
  expect(res.statusCode).toBe(201);
  return ZTask.parse(res.json());
}

async function groupOf(teacher: Teacher, name: string, taskId?: string) {
  const res = await teacher.call('POST', '/api/skill-groups', {
    name,
    ...(taskId ? { task_id: taskId } : {}),
  });
  expect(res.statusCode).toBe(201);
  return ZSkillGroupResponse.parse(res.json());
}

async function skillOf(teacher: Teacher, groupId: string, name: string, maxScore = 2) {
  const res = await teacher.call('POST', '/api/skills', { group_id: groupId, name, maxScore });
  expect(res.statusCode).toBe(201);
  return ZRubricSkill.parse(res.json());
}

async function detailOf(teacher: Teacher, skillId: string, score: number, value = `Stufe ${score}`) {
  const res = await teacher.call('POST', '/api/skill-details', { skill_id: skillId, score, value });
  expect(res.statusCode).toBe(201);
  return ZSkillDetail.parse(res.json());
}

async function rubricOf(teacher: Teacher, taskId: string): Promise<TaskRubric> {
  const res = await teacher.call('GET', `/api/tasks/${taskId}/rubric`);
  expect(res.statusCode).toBe(200);
  return ZTaskRubric.parse(res.json());
}

describe.each(drivers)('Rubrics on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver });
  });
  afterAll(async () => {
    await t.close();
  });

  it('builds a rubric: groups → skills → details, in order, with details sorted by score', async () => {
    const teacher = await signIn(t.app);
    const task = await taskOf(teacher);
    expect(await rubricOf(teacher, task.id)).toEqual({ task_id: task.id, skill_groups: [] });

    const rechnen = await groupOf(teacher, 'Rechnen', task.id);
    const darstellung = await groupOf(teacher, 'Darstellung', task.id);
    const kuerzen = await skillOf(teacher, rechnen.id, 'Kürzen', 2);
    const erweitern = await skillOf(teacher, rechnen.id, 'Erweitern', 1);
    await detailOf(teacher, kuerzen.id, 2, 'sicher');
    await detailOf(teacher, kuerzen.id, 0, 'nicht');
    await detailOf(teacher, kuerzen.id, 1, 'teilweise');

    const rubric = await rubricOf(teacher, task.id);
    expect(rubric.skill_groups.map((g) => [g.name, g.position])).toEqual([
      ['Rechnen', 0],
      ['Darstellung', 1],
    ]);
    expect(rubric.skill_groups[0]!.skills.map((s) => s.name)).toEqual(['Kürzen', 'Erweitern']);
    expect(rubric.skill_groups[0]!.skills[0]!.details.map((d) => [d.score, d.value])).toEqual([
      [0, 'nicht'],
      [1, 'teilweise'],
      [2, 'sicher'],
    ]);
    expect(rubric.skill_groups[1]!.skills).toEqual([]);
    // The PRODUCT.md §4 rule: "Erweitern" misses 0 and 1, "Kürzen" is complete.
    expect(skillsComplete(rubric.skill_groups.flatMap((g) => g.skills))).toEqual({
      complete: false,
      missing: [{ skillId: erweitern.id, name: 'Erweitern', scores: [0, 1] }],
    });
    // The same document comes from loadRubric, which the feedback job and grading view use.
    expect(await loadRubric(t.app.db, teacher.id, task.id)).toEqual(rubric);
    // skill_x_skill_group mirrors skills.group_id.
    const members = await t.app.db
      .select()
      .from(skillXSkillGroup)
      .where(eq(skillXSkillGroup.group_id, rechnen.id));
    expect(members.map((m) => m.skill_id).sort()).toEqual([kuerzen.id, erweitern.id].sort());
    void darstellung;
  });

  it('edits and deletes skills, details and groups', async () => {
    const teacher = await signIn(t.app);
    const task = await taskOf(teacher);
    const group = await groupOf(teacher, 'Rechnen', task.id);
    const skill = await skillOf(teacher, group.id, 'Kürzen', 3);
    const detail = await detailOf(teacher, skill.id, 1);

    let res = await teacher.call('PATCH', `/api/skill-groups/${group.id}`, { name: 'Rechnen mit Brüchen' });
    expect(res.json()).toMatchObject({ name: 'Rechnen mit Brüchen', description: '' });
    res = await teacher.call('PATCH', `/api/skills/${skill.id}`, {
      description: 'Brüche kürzen',
      maxScore: 4,
    });
    expect(res.json()).toMatchObject({ description: 'Brüche kürzen', maxScore: 4, details: [{ score: 1 }] });
    res = await teacher.call('PATCH', `/api/skill-details/${detail.skillDetail_id}`, {
      score: 4,
      value: 'alles',
      example: '4/8 = 1/2',
    });
    expect(res.json()).toMatchObject({ score: 4, value: 'alles', example: '4/8 = 1/2', requirements: null });
    res = await teacher.call('GET', `/api/skill-details?skillId=${skill.id}`);
    expect(res.json()).toHaveLength(1);

    res = await teacher.call('DELETE', `/api/skill-details/${detail.skillDetail_id}`);
    expect(res.json()).toEqual({ id: detail.skillDetail_id });
    res = await teacher.call('DELETE', `/api/skills/${skill.id}`);
    expect(res.statusCode).toBe(200);
    expect((await rubricOf(teacher, task.id)).skill_groups[0]!.skills).toEqual([]);
    res = await teacher.call('DELETE', `/api/skill-groups/${group.id}`);
    expect(res.statusCode).toBe(200);
    expect((await rubricOf(teacher, task.id)).skill_groups).toEqual([]);
    res = await teacher.call('DELETE', `/api/skill-groups/${group.id}`);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res.json())).toMatchObject({
      code: 'SKILL_GROUP_NOT_FOUND',
      message: 'Kompetenzbereich nicht gefunden',
    });
  });

  it("refuses a detail score above the skill's maximum, on create and on change", async () => {
    const teacher = await signIn(t.app);
    const group = await groupOf(teacher, 'Rechnen');
    const skill = await skillOf(teacher, group.id, 'Kürzen', 2);
    let res = await teacher.call('POST', '/api/skill-details', {
      skill_id: skill.id,
      score: 3,
      value: 'zu viel',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.json())).toMatchObject({
      code: 'SCORE_ABOVE_MAX',
      message: "Score cannot be higher than skill's maximum score",
    });
    const detail = await detailOf(teacher, skill.id, 2);
    res = await teacher.call('PATCH', `/api/skill-details/${detail.skillDetail_id}`, { score: 5 });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.json()).code).toBe('SCORE_ABOVE_MAX');
    res = await teacher.call('POST', '/api/skill-details', { skill_id: skill.id, score: -1 });
    expect(res.statusCode).toBe(400);
    expect(await t.app.db.$count(skillDetails, eq(skillDetails.skill_id, skill.id))).toBe(1);
  });

  it('refuses to lower maxScore below an existing level, allows it once that level is gone', async () => {
    const teacher = await signIn(t.app);
    const group = await groupOf(teacher, 'Rechnen');
    const skill = await skillOf(teacher, group.id, 'Kürzen', 3);
    await detailOf(teacher, skill.id, 0);
    const top = await detailOf(teacher, skill.id, 3);
    let res = await teacher.call('PATCH', `/api/skills/${skill.id}`, { maxScore: 2 });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.json()).code).toBe('MAX_SCORE_BELOW_DETAILS');
    expect(errorOf(res.json()).message).toMatch(/Stufen/);
    const [row] = await t.app.db.select().from(skills).where(eq(skills.id, skill.id));
    expect(row!.maxScore).toBe(3);
    await teacher.call('DELETE', `/api/skill-details/${top.skillDetail_id}`);
    res = await teacher.call('PATCH', `/api/skills/${skill.id}`, { maxScore: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ maxScore: 2, details: [{ score: 0 }] });
  });

  it('reorders the groups of a task and the skills of a group; a stale order is 409', async () => {
    const teacher = await signIn(t.app);
    const task = await taskOf(teacher);
    const a = await groupOf(teacher, 'A', task.id);
    const b = await groupOf(teacher, 'B', task.id);
    const c = await groupOf(teacher, 'C', task.id);
    let res = await teacher.call('PUT', `/api/tasks/${task.id}/skill-groups/order`, {
      ids: [c.id, a.id, b.id],
    });
    expect(res.statusCode).toBe(200);
    expect(ZTaskRubric.parse(res.json()).skill_groups.map((g) => g.name)).toEqual(['C', 'A', 'B']);
    expect((await rubricOf(teacher, task.id)).skill_groups.map((g) => g.name)).toEqual(['C', 'A', 'B']);
    res = await teacher.call('PUT', `/api/tasks/${task.id}/skill-groups/order`, { ids: [c.id, a.id] });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.json()).code).toBe('RUBRIC_ORDER_MISMATCH');
    res = await teacher.call('PUT', `/api/tasks/${task.id}/skill-groups/order`, { ids: [c.id, a.id, a.id] });
    expect(res.statusCode).toBe(409);

    const s1 = await skillOf(teacher, a.id, 'eins');
    const s2 = await skillOf(teacher, a.id, 'zwei');
    const s3 = await skillOf(teacher, a.id, 'drei');
    res = await teacher.call('PUT', `/api/skill-groups/${a.id}/skills/order`, { ids: [s3.id, s1.id, s2.id] });
    expect(res.statusCode).toBe(200);
    expect(ZSkillGroupResponse.parse(res.json()).skills.map((s) => s.name)).toEqual(['drei', 'eins', 'zwei']);
    const rubric = await rubricOf(teacher, task.id);
    expect(rubric.skill_groups[1]!.skills.map((s) => [s.name, s.position])).toEqual([
      ['drei', 0],
      ['eins', 1],
      ['zwei', 2],
    ]);
    // A skill added afterwards goes to the end.
    await skillOf(teacher, a.id, 'vier');
    expect((await rubricOf(teacher, task.id)).skill_groups[1]!.skills.at(-1)!.name).toBe('vier');
  });

  it('reuses a group across tasks; unlinking from the last task deletes it with its skills', async () => {
    const teacher = await signIn(t.app);
    const first = await taskOf(teacher, 'Erste');
    const second = await taskOf(teacher, 'Zweite');
    const own = await groupOf(teacher, 'Eigene', second.id);
    const shared = await groupOf(teacher, 'Gemeinsam', first.id);
    const skill = await skillOf(teacher, shared.id, 'Kürzen', 1);
    await detailOf(teacher, skill.id, 0);

    let res = await teacher.call('POST', `/api/tasks/${second.id}/skill-groups`, {
      skillGroup_id: shared.id,
    });
    expect(res.statusCode).toBe(200);
    expect(ZTaskRubric.parse(res.json()).skill_groups.map((g) => g.name)).toEqual(['Eigene', 'Gemeinsam']);
    // Linking twice changes nothing.
    res = await teacher.call('POST', `/api/tasks/${second.id}/skill-groups`, { skillGroup_id: shared.id });
    expect(ZTaskRubric.parse(res.json()).skill_groups).toHaveLength(2);
    const library = ZListSkillGroupsResponse.parse((await teacher.call('GET', '/api/skill-groups')).json());
    expect(library.find((g) => g.id === shared.id)!.task_ids.sort()).toEqual([first.id, second.id].sort());

    res = await teacher.call('DELETE', `/api/tasks/${first.id}/skill-groups/${shared.id}`);
    expect(ZTaskRubric.parse(res.json()).skill_groups).toEqual([]);
    expect(await t.app.db.$count(skillGroups, eq(skillGroups.id, shared.id))).toBe(1);
    res = await teacher.call('DELETE', `/api/tasks/${second.id}/skill-groups/${shared.id}`);
    expect(ZTaskRubric.parse(res.json()).skill_groups.map((g) => g.id)).toEqual([own.id]);
    expect(await t.app.db.$count(skillGroups, eq(skillGroups.id, shared.id))).toBe(0);
    expect(await t.app.db.$count(skills, eq(skills.id, skill.id))).toBe(0);
    res = await teacher.call('DELETE', `/api/tasks/${second.id}/skill-groups/${shared.id}`);
    expect(res.statusCode).toBe(404);
  });

  it('keeps raw source criteria and clusters per teacher', async () => {
    const teacher = await signIn(t.app);
    const group = await groupOf(teacher, 'Rechnen');
    let res = await teacher.call('POST', '/api/criteria', {
      skill_group_id: group.id,
      value: 'KMK: mit Brüchen rechnen',
    });
    expect(res.statusCode).toBe(201);
    const criterion = res.json<{ id: string }>();
    res = await teacher.call('PATCH', `/api/criteria/${criterion.id}`, { value: 'KMK 2.1' });
    expect(res.json()).toMatchObject({ value: 'KMK 2.1', skill_group_id: group.id });
    res = await teacher.call('GET', `/api/criteria?skillGroupId=${group.id}`);
    expect(res.json()).toMatchObject([{ value: 'KMK 2.1' }]);
    res = await teacher.call('DELETE', `/api/criteria/${criterion.id}`);
    expect(res.statusCode).toBe(200);

    res = await teacher.call('POST', '/api/clusters', {
      name: 'Bildungsstandards',
      criteria: 'K1 Argumentieren',
    });
    expect(res.statusCode).toBe(201);
    const cluster = ZCluster.parse(res.json());
    res = await teacher.call('PATCH', `/api/clusters/${cluster.id}`, { description: 'KMK' });
    expect(res.json()).toMatchObject({
      name: 'Bildungsstandards',
      description: 'KMK',
      criteria: 'K1 Argumentieren',
    });
    res = await teacher.call('GET', '/api/clusters');
    expect(res.json()).toMatchObject([{ id: cluster.id }]);
    res = await teacher.call('POST', '/api/clusters', { name: '  ' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.json())).toMatchObject({
      code: 'NAME_REQUIRED',
      message: 'Bitte gib einen Namen ein.',
    });
    res = await teacher.call('DELETE', `/api/clusters/${cluster.id}`);
    expect(res.statusCode).toBe(200);
    expect((await teacher.call('GET', '/api/clusters')).json()).toEqual([]);
  });

  it("answers 404 for another teacher's rows and never shows them", async () => {
    const owner = await signIn(t.app);
    const other = await signIn(t.app);
    const task = await taskOf(owner);
    const group = await groupOf(owner, 'Rechnen', task.id);
    const skill = await skillOf(owner, group.id, 'Kürzen', 1);
    const detail = await detailOf(owner, skill.id, 0);
    const criterion = (
      await owner.call('POST', '/api/criteria', { skill_group_id: group.id, value: 'x' })
    ).json<{ id: string }>();
    const cluster = ZCluster.parse((await owner.call('POST', '/api/clusters', { name: 'K' })).json());
    const otherTask = await taskOf(other);

    const attempts: Array<[InjectOptions['method'], string, object | undefined, string]> = [
      ['GET', `/api/tasks/${task.id}/rubric`, undefined, 'TASK_NOT_FOUND'],
      ['PUT', `/api/tasks/${task.id}/skill-groups/order`, { ids: [group.id] }, 'TASK_NOT_FOUND'],
      ['DELETE', `/api/tasks/${task.id}/skill-groups/${group.id}`, undefined, 'TASK_NOT_FOUND'],
      [
        'POST',
        `/api/tasks/${otherTask.id}/skill-groups`,
        { skillGroup_id: group.id },
        'SKILL_GROUP_NOT_FOUND',
      ],
      ['GET', `/api/skill-groups/${group.id}`, undefined, 'SKILL_GROUP_NOT_FOUND'],
      ['PATCH', `/api/skill-groups/${group.id}`, { name: 'fremd' }, 'SKILL_GROUP_NOT_FOUND'],
      ['DELETE', `/api/skill-groups/${group.id}`, undefined, 'SKILL_GROUP_NOT_FOUND'],
      ['PUT', `/api/skill-groups/${group.id}/skills/order`, { ids: [skill.id] }, 'SKILL_GROUP_NOT_FOUND'],
      ['POST', '/api/skill-groups', { name: 'x', task_id: task.id }, 'TASK_NOT_FOUND'],
      ['POST', '/api/skills', { group_id: group.id, name: 'x', maxScore: 1 }, 'SKILL_GROUP_NOT_FOUND'],
      ['PATCH', `/api/skills/${skill.id}`, { name: 'fremd' }, 'SKILL_NOT_FOUND'],
      ['DELETE', `/api/skills/${skill.id}`, undefined, 'SKILL_NOT_FOUND'],
      ['GET', `/api/skill-details?skillId=${skill.id}`, undefined, 'SKILL_NOT_FOUND'],
      ['POST', '/api/skill-details', { skill_id: skill.id, score: 0 }, 'SKILL_NOT_FOUND'],
      ['PATCH', `/api/skill-details/${detail.skillDetail_id}`, { value: 'fremd' }, 'SKILL_DETAIL_NOT_FOUND'],
      ['DELETE', `/api/skill-details/${detail.skillDetail_id}`, undefined, 'SKILL_DETAIL_NOT_FOUND'],
      ['GET', `/api/criteria?skillGroupId=${group.id}`, undefined, 'SKILL_GROUP_NOT_FOUND'],
      ['POST', '/api/criteria', { skill_group_id: group.id, value: 'x' }, 'SKILL_GROUP_NOT_FOUND'],
      ['PATCH', `/api/criteria/${criterion.id}`, { value: 'fremd' }, 'CRITERION_NOT_FOUND'],
      ['DELETE', `/api/criteria/${criterion.id}`, undefined, 'CRITERION_NOT_FOUND'],
      ['PATCH', `/api/clusters/${cluster.id}`, { name: 'fremd' }, 'CLUSTER_NOT_FOUND'],
      ['DELETE', `/api/clusters/${cluster.id}`, undefined, 'CLUSTER_NOT_FOUND'],
    ];
    for (const [method, url, body, code] of attempts) {
      const res = await other.call(method, url, body);
      expect([method, url, res.statusCode, errorOf(res.json()).code]).toEqual([method, url, 404, code]);
    }
    expect(await loadRubric(t.app.db, other.id, task.id)).toBeNull();
    expect((await other.call('GET', '/api/skill-groups')).json()).toEqual([]);
    expect((await other.call('GET', '/api/clusters')).json()).toEqual([]);
    // Nothing of the owner's changed.
    const rubric = await rubricOf(owner, task.id);
    expect(rubric.skill_groups[0]).toMatchObject({
      name: 'Rechnen',
      skills: [{ name: 'Kürzen', details: [{ value: 'Stufe 0' }] }],
    });
  });

  it('validates input with German messages', async () => {
    const teacher = await signIn(t.app);
    {
      // An empty change is no change, not a server error.
      const group = await groupOf(teacher, 'Leer');
      const skill = await skillOf(teacher, group.id, 'Kürzen', 1);
      const detail = await detailOf(teacher, skill.id, 0);
      const cluster = ZCluster.parse((await teacher.call('POST', '/api/clusters', { name: 'K' })).json());
      for (const url of [
        `/api/skill-groups/${group.id}`,
        `/api/skills/${skill.id}`,
        `/api/skill-details/${detail.skillDetail_id}`,
        `/api/clusters/${cluster.id}`,
      ]) {
        const res = await teacher.call('PATCH', url, {});
        expect([url, res.statusCode]).toEqual([url, 200]);
      }
    }
    let res = await teacher.call('POST', '/api/skill-groups', { name: '' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.json()).code).toBe('NAME_REQUIRED');
    const group = await groupOf(teacher, 'G');
    res = await teacher.call('POST', '/api/skills', { group_id: group.id, name: 'x', maxScore: 99 });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.json()).code).toBe('VALIDATION_FAILED');
    res = await teacher.call('GET', '/api/tasks/nope/rubric');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.json())).toMatchObject({
      code: 'TASK_ID_MISSING',
      message: 'Aufgaben-ID nicht gefunden',
    });
    const student = await signIn(t.app, { role: null });
    res = await student.call('GET', '/api/skill-groups');
    expect(res.statusCode).toBe(403);
  });
});
