import {
  newId,
  ZClass,
  ZClassSkillProfileResponse,
  ZCreateStudentsResponse,
  ZListSubmissionsResponse,
  ZReleaseFeedbackResponse,
  ZStudentSkillProfile,
  ZSubject,
  ZTask,
  type CreateStudentsResponse,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskXSkillGroup } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { addRubric, type RubricGroup } from './helpers/classroom';
import { drivers } from './helpers/database';
import { errorOf, signIn, type SignedIn } from './helpers/tokens';

// The skill profile (ADR 025): per student, the skills of the class's tasks across tasks, from what was
// handed back only. The teacher sees their class; a student's link shows their own profile and nobody else's.

describe.each(drivers)('skill profile on %s', (driver) => {
  let t: TestApp;
  let teacher: SignedIn;
  let classId: string;
  let students: CreateStudentsResponse['students'];
  const links = new Map<string, string>();
  const group: RubricGroup = {
    id: newId(),
    name: 'Rechnen',
    skills: [
      { id: newId(), name: 'Ansatz', max: 3 },
      { id: newId(), name: 'Ergebnis', max: 2 },
    ],
  };
  const retyped: RubricGroup = {
    id: newId(),
    name: 'Darstellung',
    skills: [
      { id: newId(), name: '  ANSATZ ', max: 3 },
      { id: newId(), name: 'Lesbarkeit', max: 4 },
    ],
  };

  const task = async (title: string) =>
    ZTask.parse(
      (await teacher.call('POST', '/api/tasks', { class_id: classId, title, status: 'published' })).json(),
    );
  const submissionsOf = async (taskId: string) =>
    ZListSubmissionsResponse.parse(
      (await teacher.call('GET', `/api/submissions/getAll?taskId=${taskId}`)).json(),
    ).data;
  /** Scores per student (in `students` order) and skill id; then the task is handed back. */
  const grade = async (taskId: string, scores: Record<string, number>[], release = true) => {
    const list = await submissionsOf(taskId);
    for (const [i, student] of students.entries()) {
      const submission = list.find((s) => s.student_id === student.user_id)!;
      for (const [skillId, score] of Object.entries(scores[i]!)) {
        const res = await teacher.call('PUT', `/api/feedback/${submission.id}/skills/${skillId}`, { score });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    if (!release) return;
    // One by one, confirming the skills left unscored (the bulk hand-back leaves such submissions out).
    for (const submission of list) {
      const res = await teacher.call('POST', `/api/feedback/${submission.id}/release`, {
        allowUnscored: true,
      });
      if (res.statusCode === 409) continue; // nothing scored
      expect(res.statusCode, res.body).toBe(200);
      const [released] = ZReleaseFeedbackResponse.parse(res.json()).released;
      links.set(submission.student_id!, released!.feedback_url.split('/feedback/')[1]!);
    }
  };
  const [ansatz, ergebnis] = group.skills.map((s) => s.id) as [string, string];
  const [ansatz3, lesbarkeit] = retyped.skills.map((s) => s.id) as [string, string];

  beforeAll(async () => {
    t = await createTestApp({ driver });
    teacher = await signIn(t.app);
    const subject = ZSubject.parse((await teacher.call('POST', '/api/subjects', { name: 'Mathe' })).json());
    classId = ZClass.parse(
      (await teacher.call('POST', '/api/classes', { name: '5a', grade: '5', subject_id: subject.id })).json(),
    ).id;
    students = ZCreateStudentsResponse.parse(
      (
        await teacher.call('POST', '/api/createStudents', {
          class_id: classId,
          names: ['Berta Blau', 'Anton Amsel'],
        })
      ).json(),
    ).students;
    // Task 1 and 2 share the group (same skill ids); task 3 retypes "Ansatz" in a rubric of its own.
    const one = await task('Brüche 1');
    await addRubric(t.app, teacher.id, one.id, [group]);
    const two = await task('Brüche 2');
    await t.app.db
      .insert(taskXSkillGroup)
      .values({ task_id: two.id, skillGroup_id: group.id, position: 0, created_by: teacher.id });
    const three = await task('Brüche 3');
    await addRubric(t.app, teacher.id, three.id, [retyped]);
    await grade(one.id, [
      { [ansatz]: 1, [ergebnis]: 2 },
      { [ansatz]: 3, [ergebnis]: 0 },
    ]);
    await grade(two.id, [
      { [ansatz]: 2, [ergebnis]: 2 },
      { [ansatz]: 3, [ergebnis]: -1 },
    ]);
    await grade(three.id, [
      { [ansatz3]: 3, [lesbarkeit]: 4 },
      { [ansatz3]: 1, [lesbarkeit]: 2 },
    ]);
    // Changed after the hand-back, and a fourth task graded but not handed back: neither counts.
    const list = await submissionsOf(three.id);
    const berta = list.find((s) => s.student_id === students[0]!.user_id)!;
    await teacher.call('PUT', `/api/feedback/${berta.id}/skills/${ansatz3}`, { score: 0 });
    const four = await task('Brüche 4');
    await t.app.db
      .insert(taskXSkillGroup)
      .values({ task_id: four.id, skillGroup_id: group.id, position: 0, created_by: teacher.id });
    await grade(four.id, [{ [ansatz]: 0 }, { [ansatz]: 0 }], false);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const summary = (skills: { name: string; points: { score: number }[]; trend: string | null }[]) =>
    Object.fromEntries(skills.map((s) => [s.name, [s.points.map((p) => p.score), s.trend]]));

  it('the teacher sees every student’s handed-back levels per skill across tasks, with the trend', async () => {
    const res = await teacher.call('GET', `/api/classes/${classId}/skill-profile`);
    expect(res.statusCode).toBe(200);
    const profile = ZClassSkillProfileResponse.parse(res.json());
    // The name as the latest task spells it (trimmed).
    expect(profile.skills.map((s) => `${s.name}/${s.max_score}`)).toEqual([
      'ANSATZ/3',
      'Ergebnis/2',
      'Lesbarkeit/4',
    ]);
    // By last name: Anton Amsel, Berta Blau.
    expect(profile.students.map((s) => s.first_name)).toEqual(['Anton', 'Berta']);
    expect(summary(profile.students[1]!.skills)).toEqual({
      ANSATZ: [[1, 2, 3], 'up'],
      Ergebnis: [[2, 2], 'flat'],
      Lesbarkeit: [[4], null],
    });
    expect(summary(profile.students[0]!.skills)).toEqual({
      ANSATZ: [[3, 3, 1], 'down'],
      // Not scored on task 2: one point.
      Ergebnis: [[0], null],
      Lesbarkeit: [[2], null],
    });
    expect(profile.students[1]!.skills[0]!.points.map((p) => p.task_title)).toEqual([
      'Brüche 1',
      'Brüche 2',
      'Brüche 3',
    ]);
  });

  it('another teacher’s class is 404, like an unknown one', async () => {
    const other = await signIn(t.app);
    for (const id of [classId, newId()]) {
      const res = await other.call('GET', `/api/classes/${id}/skill-profile`);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res.json()).code).toBe('CLASS_NOT_FOUND');
    }
  });

  it('a student’s link shows their own profile only, and an unknown link is 404', async () => {
    const [berta, anton] = students as [
      CreateStudentsResponse['students'][0],
      CreateStudentsResponse['students'][0],
    ];
    const res = await t.app.inject({ url: `/api/feedback-link/${links.get(berta.user_id)}/skill-profile` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const own = ZStudentSkillProfile.parse(res.json());
    expect(summary(own.skills)).toEqual({
      ANSATZ: [[1, 2, 3], 'up'],
      Ergebnis: [[2, 2], 'flat'],
      Lesbarkeit: [[4], null],
    });
    for (const secret of [anton.user_id, 'Anton', 'Amsel', berta.user_id])
      expect(res.body).not.toContain(secret);
    const his = ZStudentSkillProfile.parse(
      (await t.app.inject({ url: `/api/feedback-link/${links.get(anton.user_id)}/skill-profile` })).json(),
    );
    expect(summary(his.skills).ANSATZ).toEqual([[3, 3, 1], 'down']);
    const unknown = await t.app.inject({ url: `/api/feedback-link/${'x'.repeat(32)}/skill-profile` });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown.json()).code).toBe('FEEDBACK_LINK_NOT_FOUND');
  });
});
