import {
  skillsComplete,
  ZClass,
  ZCluster,
  ZGenerateSkillsResponse,
  ZSkillGroupResponse,
  ZSubject,
  ZTask,
  ZTaskRubric,
  type Task,
  type TaskRubric,
} from '@app/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { skillDetails, skillGroups, skills } from '../src/db/schema';
import type { FakeServer } from '../../../tests/fixtures/fake-ai-control';
import { startFakeAiService } from '../../../tests/fixtures/fake-ai-service';
import { startFakeOpenAi } from '../../../tests/fixtures/fake-openai';
import { createTestApp, type TestApp } from './helpers/app';
import { drivers } from './helpers/database';
import { errorOf, type SignedIn as Teacher, signIn } from './helpers/tokens';

const STUDENT = 'Jürgen Weißenfels';

/** A task with content in a class that has a student (whose name must never reach the AI). */
async function taskOf(teacher: Teacher): Promise<Task> {
  const subject = ZSubject.parse(
    (await teacher.call('POST', '/api/subjects', { name: 'Mathematik' })).json(),
  );
  const cls = ZClass.parse(
    (await teacher.call('POST', '/api/classes', { name: '7a', grade: '7', subject_id: subject.id })).json(),
  );
  expect(
    (await teacher.call('POST', '/api/createStudents', { class_id: cls.id, names: [STUDENT] })).statusCode,
  ).toBe(201);
  const data = {
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Berechne ' },
          { type: 'inlineMath', attrs: { latex: '\\frac{3}{4}+\\frac{1}{8}' } },
        ],
      },
    ],
  };
  const res = await teacher.call('POST', '/api/tasks', { class_id: cls.id, title: 'Bruchrechnung', data });
  return ZTask.parse(res.json());
}

async function rubricOf(teacher: Teacher, taskId: string): Promise<TaskRubric> {
  return ZTaskRubric.parse((await teacher.call('GET', `/api/tasks/${taskId}/rubric`)).json());
}

const counts = async (t: TestApp) => ({
  groups: await t.app.db.$count(skillGroups),
  skills: await t.app.db.$count(skills),
  details: await t.app.db.$count(skillDetails),
});

const proposal = {
  skill_groups: [
    {
      name: 'Rechnen',
      description: 'Brüche addieren',
      skills: [
        { name: 'Hauptnenner', description: 'findet den Hauptnenner', maxScore: 2 },
        { name: 'Ergebnis', description: '', maxScore: 1 },
      ],
    },
    { name: 'Darstellung', skills: [{ name: 'Rechenweg', maxScore: 3 }] },
  ],
};

describe.each(drivers)('Skill generation on %s', (driver) => {
  let fake: FakeServer;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeAiService({ prefix: '/aiapi' });
    t = await createTestApp({
      driver,
      env: {
        AI_PROVIDER: 'service',
        AI_SERVICE_URL: fake.url,
        AI_ROUTE_PREFIX: '/aiapi',
        AI_TIMEOUT_MS: '5000',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.control.reset());

  it('proposes skills from the task and chosen clusters, storing nothing and sending no student data', async () => {
    const teacher = await signIn(t.app);
    const task = await taskOf(teacher);
    const cluster = ZCluster.parse(
      (await teacher.call('POST', '/api/clusters', { name: 'Argumentieren', criteria: 'K1' })).json(),
    );
    const before = await counts(t);
    const res = await teacher.call('POST', `/api/tasks/${task.id}/rubric/generate/skills`, {
      cluster_ids: [cluster.id],
    });
    expect(res.statusCode).toBe(200);
    const body = ZGenerateSkillsResponse.parse(res.json());
    expect(body.skill_groups.map((g) => g.name)).toEqual(['Fachliche Richtigkeit', 'Darstellung']);
    expect(body.skill_groups[0]!.skills.map((s) => [s.name, s.maxScore])).toEqual([
      ['Lösungsweg', 3],
      ['Ergebnis', 2],
      ['Argumentieren', 2],
    ]);
    expect(await counts(t)).toEqual(before);
    const sent = fake.control.last.get_skills!.body as {
      task: { title: string; content: string };
      subject: { name: string };
      classes: { name: string; grade: string }[];
      clusters: { name: string; criteria: string }[];
    };
    expect(sent.task).toMatchObject({
      title: 'Bruchrechnung',
      content: 'Berechne $\\frac{3}{4}+\\frac{1}{8}$',
    });
    expect(sent.subject.name).toBe('Mathematik');
    expect(sent.classes).toMatchObject([{ name: '7a', grade: '7' }]);
    expect(sent.clusters).toMatchObject([{ name: 'Argumentieren', criteria: 'K1' }]);
    expect(fake.control.sentText()).not.toContain('Jürgen');
    expect(fake.control.sentText()).not.toContain('Weißenfels');
  });

  it('generates levels for the edited skills and replaces the task’s rubric; the result is complete', async () => {
    const teacher = await signIn(t.app);
    const task = await taskOf(teacher);
    const old = ZSkillGroupResponse.parse(
      (await teacher.call('POST', '/api/skill-groups', { name: 'Alt', task_id: task.id })).json(),
    );
    const res = await teacher.call('POST', `/api/tasks/${task.id}/rubric/generate/levels`, proposal);
    expect(res.statusCode).toBe(200);
    const rubric = ZTaskRubric.parse(res.json());
    expect(rubric).toEqual(await rubricOf(teacher, task.id));
    expect(rubric.skill_groups.map((g) => [g.name, g.position])).toEqual([
      ['Rechnen', 0],
      ['Darstellung', 1],
    ]);
    const all = rubric.skill_groups.flatMap((g) => g.skills);
    expect(all.map((s) => [s.name, s.maxScore, s.position])).toEqual([
      ['Hauptnenner', 2, 0],
      ['Ergebnis', 1, 1],
      ['Rechenweg', 3, 0],
    ]);
    expect(all[0]!.details.map((d) => [d.score, d.value])).toEqual([
      [0, 'Hauptnenner: nicht erkennbar'],
      [1, 'Hauptnenner: teilweise erfüllt (1 von 2)'],
      [2, 'Hauptnenner: vollständig erfüllt'],
    ]);
    expect(skillsComplete(all).complete).toBe(true);
    // The old group was used by this task only: it is gone.
    expect((await teacher.call('GET', `/api/skill-groups/${old.id}`)).statusCode).toBe(404);
    // The levels request carried the edited names and maxScores.
    const sent = fake.control.last.get_skill_levels!.body as {
      skill_groups: { skills: { name: string; maxScore: number }[] }[];
    };
    expect(sent.skill_groups.flatMap((g) => g.skills.map((s) => [s.name, s.maxScore]))).toEqual([
      ['Hauptnenner', 2],
      ['Ergebnis', 1],
      ['Rechenweg', 3],
    ]);
  });

  it('keeps the existing groups with replace: false, and a group reused elsewhere survives a replace', async () => {
    const teacher = await signIn(t.app);
    const task = await taskOf(teacher);
    const other = await taskOf(teacher);
    const shared = ZSkillGroupResponse.parse(
      (await teacher.call('POST', '/api/skill-groups', { name: 'Geteilt', task_id: task.id })).json(),
    );
    await teacher.call('POST', `/api/tasks/${other.id}/skill-groups`, { skillGroup_id: shared.id });
    let res = await teacher.call('POST', `/api/tasks/${task.id}/rubric/generate/levels`, {
      ...proposal,
      replace: false,
    });
    expect(ZTaskRubric.parse(res.json()).skill_groups.map((g) => g.name)).toEqual([
      'Geteilt',
      'Rechnen',
      'Darstellung',
    ]);
    res = await teacher.call('POST', `/api/tasks/${task.id}/rubric/generate/levels`, proposal);
    expect(ZTaskRubric.parse(res.json()).skill_groups.map((g) => g.name)).toEqual(['Rechnen', 'Darstellung']);
    expect((await rubricOf(teacher, other.id)).skill_groups.map((g) => g.id)).toEqual([shared.id]);
  });

  it('stores nothing when the AI answers malformed output or fails', async () => {
    const teacher = await signIn(t.app);
    const task = await taskOf(teacher);
    await teacher.call('POST', '/api/skill-groups', { name: 'Bestehend', task_id: task.id });
    const rubricBefore = await rubricOf(teacher, task.id);
    const before = await counts(t);

    fake.control.malformed();
    let res = await teacher.call('POST', `/api/tasks/${task.id}/rubric/generate/levels`, proposal);
    expect(res.statusCode).toBe(502);
    expect(errorOf(res.json()).code).toBe('AI_INVALID_RESPONSE');
    res = await teacher.call('POST', `/api/tasks/${task.id}/rubric/generate/skills`, {});
    expect(res.statusCode).toBe(502);
    expect(errorOf(res.json()).code).toBe('AI_INVALID_RESPONSE');

    fake.control.reset();
    fake.control.failWith(500);
    res = await teacher.call('POST', `/api/tasks/${task.id}/rubric/generate/levels`, proposal);
    expect(res.statusCode).toBe(502);
    expect(errorOf(res.json()).code).toBe('AI_FAILED');
    expect(errorOf(res.json()).message).toMatch(/KI-Dienst/);
    expect(await counts(t)).toEqual(before);
    expect(await rubricOf(teacher, task.id)).toEqual(rubricBefore);
  });

  it("refuses another teacher's task and clusters, and an empty proposal", async () => {
    const owner = await signIn(t.app);
    const other = await signIn(t.app);
    const task = await taskOf(owner);
    const cluster = ZCluster.parse((await owner.call('POST', '/api/clusters', { name: 'K' })).json());
    let res = await other.call('POST', `/api/tasks/${task.id}/rubric/generate/skills`, {});
    expect(errorOf(res.json()).code).toBe('TASK_NOT_FOUND');
    res = await other.call('POST', `/api/tasks/${task.id}/rubric/generate/levels`, proposal);
    expect(errorOf(res.json()).code).toBe('TASK_NOT_FOUND');
    const own = await taskOf(other);
    res = await other.call('POST', `/api/tasks/${own.id}/rubric/generate/skills`, {
      cluster_ids: [cluster.id],
    });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res.json()).code).toBe('CLUSTER_NOT_FOUND');
    res = await owner.call('POST', `/api/tasks/${task.id}/rubric/generate/levels`, { skill_groups: [] });
    expect(res.statusCode).toBe(400);
    expect(fake.control.calls.get_skill_levels ?? 0).toBe(0);
  });
});

describe.each(drivers)('Skill generation without an AI provider on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver, env: { AI_PROVIDER: 'none' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 AI_NOT_CONFIGURED with the German explanation; manual editing still works', async () => {
    const teacher = await signIn(t.app);
    const task = await taskOf(teacher);
    for (const [url, body] of [
      [`/api/tasks/${task.id}/rubric/generate/skills`, {}],
      [`/api/tasks/${task.id}/rubric/generate/levels`, proposal],
    ] as const) {
      const res = await teacher.call('POST', url, body);
      expect(res.statusCode).toBe(503);
      expect(errorOf(res.json()).code).toBe('AI_NOT_CONFIGURED');
      expect(errorOf(res.json()).message).toMatch(/kein KI-Dienst/);
    }
    expect(await t.app.db.$count(skillGroups)).toBe(0);
    const res = await teacher.call('POST', '/api/skill-groups', { name: 'Von Hand', task_id: task.id });
    expect(res.statusCode).toBe(201);
  });
});

describe.each(drivers)('Skill generation with an OpenAI-compatible endpoint on %s', (driver) => {
  let fake: FakeServer;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'sk-test' });
    t = await createTestApp({
      driver,
      env: {
        AI_PROVIDER: 'openai',
        OPENAI_BASE_URL: `${fake.url}/v1`,
        OPENAI_API_KEY: 'sk-test',
        OPENAI_MODEL: 'fake-model',
        AI_TIMEOUT_MS: '5000',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.control.reset());

  it('proposes, then saves a complete rubric; no student name reaches the endpoint', async () => {
    const teacher = await signIn(t.app);
    const task = await taskOf(teacher);
    let res = await teacher.call('POST', `/api/tasks/${task.id}/rubric/generate/skills`, {});
    expect(res.statusCode).toBe(200);
    const proposed = ZGenerateSkillsResponse.parse(res.json());
    expect(proposed.skill_groups.map((g) => g.name)).toEqual(['Fachliche Richtigkeit', 'Darstellung']);

    res = await teacher.call('POST', `/api/tasks/${task.id}/rubric/generate/levels`, proposed);
    expect(res.statusCode).toBe(200);
    const rubric = ZTaskRubric.parse(res.json());
    const all = rubric.skill_groups.flatMap((g) => g.skills);
    expect(all.map((s) => s.name)).toEqual(['Lösungsweg', 'Ergebnis', 'Fachsprache']);
    expect(all.map((s) => s.details.length)).toEqual([4, 3, 3]);
    expect(skillsComplete(all).complete).toBe(true);
    expect(fake.control.sentText()).toContain('Bruchrechnung');
    expect(fake.control.sentText()).not.toContain('Jürgen');
    expect(fake.control.sentText()).not.toContain('Weißenfels');
  });

  it('stores nothing when the answer is malformed or does not fit the request', async () => {
    const teacher = await signIn(t.app);
    const task = await taskOf(teacher);
    await teacher.call('POST', '/api/skill-groups', { name: 'Bestehend', task_id: task.id });
    const before = await counts(t);

    fake.control.malformed(1);
    let res = await teacher.call('POST', `/api/tasks/${task.id}/rubric/generate/levels`, proposal);
    expect(res.statusCode).toBe(502);
    expect(errorOf(res.json()).code).toBe('AI_INVALID_RESPONSE');

    // Fits the schema, but names skills that were not asked about, with a score above any maximum.
    fake.control.respondWith(
      {
        skill_groups: [{ id: 'fremd', skills: [{ id: 'fremd', levels: [{ score: 9, requirements: 'x' }] }] }],
      },
      1,
    );
    res = await teacher.call('POST', `/api/tasks/${task.id}/rubric/generate/levels`, proposal);
    expect(res.statusCode).toBe(502);
    expect(errorOf(res.json()).code).toBe('AI_INVALID_RESPONSE');

    fake.control.respondWith('Hier ist Ihr Raster: …', 1);
    res = await teacher.call('POST', `/api/tasks/${task.id}/rubric/generate/skills`, {});
    expect(res.statusCode).toBe(502);

    expect(await counts(t)).toEqual(before);
    expect((await rubricOf(teacher, task.id)).skill_groups.map((g) => g.name)).toEqual(['Bestehend']);
  });
});
