import {
  ZClass,
  ZListRubricTemplatesResponse,
  ZSubject,
  ZRubricTemplate,
  ZTask,
  ZTaskRubric,
  type ProfileSchool,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { classroom, type Classroom } from './helpers/classroom';
import { drivers } from './helpers/database';
import { errorOf, signIn, type SignedIn } from './helpers/tokens';

// The rubric library: a teacher saves a task's rubric as a template, shares it with their school, and a
// colleague of that school finds it by subject, grade and words and uses it as an independent copy.

const GYMNASIUM: ProfileSchool = {
  bundesland: 'Nordrhein-Westfalen',
  city: 'Köln',
  schule: 'Gymnasium Köln-Süd',
};

describe.each(drivers)('The rubric library on %s', (driver) => {
  let t: TestApp;
  let anna: SignedIn;
  let bert: SignedIn;
  let clara: SignedIn;
  let room: Classroom;
  let templateId: string;

  async function teacher(first: string, school: ProfileSchool | null) {
    const who = await signIn(t.app);
    const res = await who.call('PUT', '/api/profile', {
      meta_data: { first_name: first, last_name: 'Lehrkraft', school },
    });
    expect(res.statusCode).toBe(200);
    return who;
  }
  const list = async (who: SignedIn, query = '') =>
    ZListRubricTemplatesResponse.parse((await who.call('GET', `/api/rubric-templates${query}`)).json())
      .templates;

  beforeAll(async () => {
    t = await createTestApp({ driver });
    anna = await teacher('Anna', GYMNASIUM);
    // The same school written a little differently in Bert's profile.
    bert = await teacher('Bert', { ...GYMNASIUM, city: 'köln ', schule: 'Gymnasium  Köln-Süd' });
    clara = await teacher('Clara', { ...GYMNASIUM, schule: 'Realschule Köln-Nord' });
    room = await classroom(t.app, anna, { students: 1 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ships the starter templates: the KMK mathematics competences and a German essay rubric', async () => {
    const starters = (await list(clara))
      .filter((template) => template.starter)
      .sort((a, b) => b.subject.localeCompare(a.subject));
    expect(starters.map((s) => [s.subject, s.grade, s.skill_count])).toEqual([
      ['Mathematik', '5–10', 6],
      ['Deutsch', '7–10', 8],
    ]);
    const maths = ZRubricTemplate.parse(
      (await clara.call('GET', `/api/rubric-templates/${starters[0]!.id}`)).json(),
    );
    expect(maths.content.skill_groups[0]!.skills.map((s) => s.name)).toEqual([
      'Mathematisch argumentieren (K1)',
      'Probleme mathematisch lösen (K2)',
      'Mathematisch modellieren (K3)',
      'Mathematische Darstellungen verwenden (K4)',
      'Mit symbolischen, formalen und technischen Elementen umgehen (K5)',
      'Mathematisch kommunizieren (K6)',
    ]);
    // A grade within the range finds it; one outside does not.
    expect((await list(clara, '?grade=7&subject=mathe')).map((s) => s.id)).toEqual([starters[0]!.id]);
    expect(await list(clara, '?grade=11&subject=mathe')).toEqual([]);
    expect((await list(clara, '?q=sprachrichtigkeit')).map((s) => s.subject)).toEqual(['Deutsch']);
  });

  it('saves a task’s rubric privately, then for the school; other schools never see it', async () => {
    const criterion = await anna.call('POST', '/api/criteria', {
      skill_group_id: room.groups[0]!.id,
      value: 'Brüche kürzen und erweitern',
    });
    expect(criterion.statusCode).toBe(201);
    const res = await anna.call('POST', '/api/rubric-templates', {
      task_id: room.task.id,
      title: 'Bruchrechnung – Klassenarbeit',
      description: 'Raster der Fachschaft für die erste Klassenarbeit.',
      subject: 'Mathematik',
      grade: '6',
    });
    expect(res.statusCode).toBe(201);
    const saved = ZRubricTemplate.parse(res.json());
    templateId = saved.id;
    expect(saved).toMatchObject({ visibility: 'private', mine: true, author_name: 'Anna Lehrkraft' });
    expect(saved.content.skill_groups.map((g) => g.name)).toEqual(room.groups.map((g) => g.name));
    expect(saved.content.skill_groups[0]!.criteria).toEqual(['Brüche kürzen und erweitern']);
    expect((await list(bert)).some((x) => x.id === templateId)).toBe(false);
    expect((await bert.call('GET', `/api/rubric-templates/${templateId}`)).statusCode).toBe(404);

    const shared = await anna.call('PATCH', `/api/rubric-templates/${templateId}`, { visibility: 'school' });
    expect(shared.statusCode).toBe(200);
    const found = await list(bert, '?subject=Mathematik&grade=6&q=bruchrechnung');
    expect(found.map((x) => [x.id, x.mine, x.author_name])).toEqual([[templateId, false, 'Anna Lehrkraft']]);
    expect((await list(clara)).some((x) => x.id === templateId)).toBe(false);
    expect((await clara.call('GET', `/api/rubric-templates/${templateId}`)).statusCode).toBe(404);

    // Only the author changes or deletes it.
    expect(
      (await bert.call('PATCH', `/api/rubric-templates/${templateId}`, { title: 'Meins' })).statusCode,
    ).toBe(404);
    expect((await bert.call('DELETE', `/api/rubric-templates/${templateId}`)).statusCode).toBe(404);
  });

  it('a colleague uses it in another class as a copy; editing the copy leaves the template unchanged', async () => {
    const subject = ZSubject.parse((await bert.call('POST', '/api/subjects', { name: 'Mathematik' })).json());
    const klass = ZClass.parse(
      (await bert.call('POST', '/api/classes', { name: '6a', grade: '6', subject_id: subject.id })).json(),
    );
    const task = ZTask.parse(
      (await bert.call('POST', '/api/tasks', { class_id: klass.id, title: 'Brüche vergleichen' })).json(),
    );
    const used = await bert.call('POST', `/api/tasks/${task.id}/rubric/from-template`, {
      template_id: templateId,
    });
    expect(used.statusCode).toBe(200);
    const rubric = ZTaskRubric.parse(used.json());
    expect(rubric.skill_groups.map((g) => g.name)).toEqual(room.groups.map((g) => g.name));
    const copiedSkill = rubric.skill_groups[0]!.skills[0]!;
    // The group's source criteria came along.
    const criteria = (
      await bert.call('GET', `/api/criteria?skillGroupId=${rubric.skill_groups[0]!.id}`)
    ).json<Array<{ value: string }>>();
    expect(criteria.map((c) => c.value)).toEqual(['Brüche kürzen und erweitern']);
    expect(room.skillIds).not.toContain(copiedSkill.id);

    const renamed = await bert.call('PATCH', `/api/skills/${copiedSkill.id}`, { name: 'Eigener Name' });
    expect(renamed.statusCode).toBe(200);
    const template = ZRubricTemplate.parse(
      (await anna.call('GET', `/api/rubric-templates/${templateId}`)).json(),
    );
    expect(template.content.skill_groups[0]!.skills[0]!.name).toBe(room.groups[0]!.skills[0]!.name);
    // Anna's own task keeps its rubric too.
    const annas = ZTaskRubric.parse((await anna.call('GET', `/api/tasks/${room.task.id}/rubric`)).json());
    expect(annas.skill_groups[0]!.skills[0]!.name).toBe(room.groups[0]!.skills[0]!.name);

    // A starter template too, after what is there; someone else's task is the task's 404.
    const starter = (await list(bert, '?subject=deutsch'))[0]!;
    const withEssay = ZTaskRubric.parse(
      (
        await bert.call('POST', `/api/tasks/${task.id}/rubric/from-template`, { template_id: starter.id })
      ).json(),
    );
    expect(withEssay.skill_groups.map((g) => g.name).slice(-4)).toEqual([
      'Inhalt',
      'Aufbau',
      'Ausdruck',
      'Sprachrichtigkeit',
    ]);
    const foreign = await clara.call('POST', `/api/tasks/${task.id}/rubric/from-template`, {
      template_id: starter.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign.json()).code).toBe('TASK_NOT_FOUND');

    // Deleting the template keeps the copies.
    expect((await anna.call('DELETE', `/api/rubric-templates/${templateId}`)).statusCode).toBe(204);
    const after = ZTaskRubric.parse((await bert.call('GET', `/api/tasks/${task.id}/rubric`)).json());
    expect(after.skill_groups[0]!.skills[0]!.name).toBe('Eigener Name');
  });

  it('refuses what cannot be saved, with German messages', async () => {
    const noSchool = await teacher('Dora', null);
    const own = await classroom(t.app, noSchool, { students: 1 });
    const shared = await noSchool.call('POST', '/api/rubric-templates', {
      task_id: own.task.id,
      title: 'Raster',
      subject: 'Mathematik',
      grade: '7',
      visibility: 'school',
    });
    expect(shared.statusCode).toBe(409);
    expect(errorOf(shared.json())).toMatchObject({ code: 'RUBRIC_TEMPLATE_NO_SCHOOL' });
    expect(errorOf(shared.json()).message).toContain('Schule');

    const missing = await noSchool.call('POST', '/api/rubric-templates', { task_id: own.task.id, title: '' });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing.json()).code).toBe('RUBRIC_TEMPLATE_FIELDS_MISSING');

    const empty = ZTask.parse(
      (
        await noSchool.call('POST', '/api/tasks', { class_id: own.task.class_id, title: 'Ohne Raster' })
      ).json(),
    );
    const none = await noSchool.call('POST', '/api/rubric-templates', {
      task_id: empty.id,
      title: 'Leer',
      subject: 'Mathematik',
      grade: '7',
    });
    expect(none.statusCode).toBe(409);
    expect(errorOf(none.json()).code).toBe('RUBRIC_TEMPLATE_EMPTY');

    // Another teacher's task cannot be saved: its 404.
    const foreign = await noSchool.call('POST', '/api/rubric-templates', {
      task_id: room.task.id,
      title: 'Fremd',
      subject: 'Mathematik',
      grade: '6',
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign.json()).code).toBe('TASK_NOT_FOUND');
  });
});
