import {
  JOIN_TOKEN_ALPHABET,
  JOIN_TOKEN_LENGTH,
  ZClass,
  ZClassTokenResponse,
  ZCreateStudentsResponse,
  ZJoinClassResponse,
  ZListClassesResponse,
  ZListClassStudentsResponse,
  ZSubject,
} from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { drivers } from './helpers/database';
import { errorOf, type SignedIn as Teacher, signIn } from './helpers/tokens';

/** A signed-in teacher who calls the API with their own token. */

async function subjectOf(teacher: Teacher, name = 'Mathematik') {
  return ZSubject.parse((await teacher.call('POST', '/api/subjects', { name })).json());
}

async function classOf(teacher: Teacher, subjectId: string, name = '7a') {
  const res = await teacher.call('POST', '/api/classes', { name, grade: '7', subject_id: subjectId });
  expect(res.statusCode).toBe(201);
  return ZClass.parse(res.json());
}

describe.each(drivers)('Classes on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver });
  });
  afterAll(async () => {
    await t.close();
  });

  it('Teacher creates, changes and deletes classes; the list shows the last changed first', async () => {
    const teacher = await signIn(t.app);
    const subject = await subjectOf(teacher);
    const a = await classOf(teacher, subject.id, '5a');
    const b = await classOf(teacher, subject.id, '6b');
    const c = await classOf(teacher, subject.id, 'Q1');
    expect(a).toMatchObject({
      name: '5a',
      grade: '7',
      description: '',
      created_by: teacher.id,
      students: [],
    });

    let list = ZListClassesResponse.parse((await teacher.call('GET', '/api/classes')).json());
    expect(list.map((k) => k.name)).toEqual(['Q1', '6b', '5a']);
    expect(list[0]).not.toHaveProperty('join_token');

    const changed = await teacher.call('PATCH', `/api/classes/${a.id}`, {
      description: 'Förderkurs',
      grade: '5',
    });
    expect(changed.statusCode).toBe(200);
    expect(ZClass.parse(changed.json())).toMatchObject({ name: '5a', grade: '5', description: 'Förderkurs' });
    list = ZListClassesResponse.parse((await teacher.call('GET', '/api/classes')).json());
    expect(list.map((k) => k.name)).toEqual(['5a', 'Q1', '6b']);

    const deleted = await teacher.call('DELETE', `/api/classes/${b.id}`);
    expect(deleted.json()).toEqual({ id: b.id });
    const gone = await teacher.call('GET', `/api/classes/${b.id}`);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone.json())).toMatchObject({ code: 'CLASS_NOT_FOUND', message: 'Klasse nicht gefunden' });
    expect((await teacher.call('GET', `/api/classes/${c.id}`)).statusCode).toBe(200);
  });

  it('Class creation without grade, name or subject answers the spec message', async () => {
    const teacher = await signIn(t.app);
    const subject = await subjectOf(teacher);
    const complete = { name: '8c', grade: '8', subject_id: subject.id };
    for (const missing of ['name', 'grade', 'subject_id'] as const) {
      const payload: Record<string, string> = { ...complete };
      delete payload[missing];
      const res = await teacher.call('POST', '/api/classes', payload);
      expect(res.statusCode, missing).toBe(400);
      expect(errorOf(res.json())).toMatchObject({
        code: 'CLASS_FIELDS_MISSING',
        message: 'Fehlende Informationen für die Klasse',
      });
    }
    const blank = await teacher.call('POST', '/api/classes', { ...complete, name: ' ' });
    expect(errorOf(blank.json()).code).toBe('CLASS_FIELDS_MISSING');
  });

  it('A class needs one of the caller’s own subjects', async () => {
    const teacher = await signIn(t.app);
    const other = await signIn(t.app);
    const foreign = await subjectOf(other, 'Biologie');
    const res = await teacher.call('POST', '/api/classes', {
      name: '9a',
      grade: '9',
      subject_id: foreign.id,
    });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res.json()).code).toBe('SUBJECT_NOT_FOUND');

    const own = await classOf(teacher, (await subjectOf(teacher)).id);
    const move = await teacher.call('PATCH', `/api/classes/${own.id}`, { subject_id: foreign.id });
    expect(move.statusCode).toBe(404);
    expect(errorOf(move.json()).code).toBe('SUBJECT_NOT_FOUND');
  });

  it('The student list shows decrypted names by last name; removing a student keeps the account', async () => {
    const teacher = await signIn(t.app);
    const klass = await classOf(teacher, (await subjectOf(teacher)).id);
    const created = ZCreateStudentsResponse.parse(
      (
        await teacher.call('POST', '/api/createStudents', {
          class_id: klass.id,
          names: ['Zoe Abel', 'Müller, Jürgen', 'Anna von der Heide'],
        })
      ).json(),
    ).students;

    const res = await teacher.call('GET', `/api/classes/${klass.id}/students`);
    expect(res.statusCode).toBe(200);
    const students = ZListClassStudentsResponse.parse(res.json());
    expect(students.map((s) => [s.first_name, s.last_name])).toEqual([
      ['Zoe', 'Abel'],
      ['Jürgen', 'Müller'],
      ['Anna', 'von der Heide'],
    ]);
    const one = ZClass.parse((await teacher.call('GET', `/api/classes/${klass.id}`)).json());
    expect(one.students?.sort()).toEqual(created.map((s) => s.user_id).sort());

    // Pasted as "Müller, Jürgen", named as the class list names him.
    const jurgen = created.find((s) => s.name === 'Jürgen Müller')!;
    const removed = await teacher.call('DELETE', `/api/classes/${klass.id}/students/${jurgen.user_id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ class_id: klass.id, user_id: jurgen.user_id });
    const after = ZListClassStudentsResponse.parse(
      (await teacher.call('GET', `/api/classes/${klass.id}/students`)).json(),
    );
    expect(after.map((s) => s.last_name)).toEqual(['Abel', 'von der Heide']);
    expect(await t.app.authAdmin.getUserById(jurgen.user_id)).not.toBeNull();

    const again = await teacher.call('DELETE', `/api/classes/${klass.id}/students/${jurgen.user_id}`);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again.json()).code).toBe('STUDENT_NOT_FOUND');
  });

  it('Rotating the join token makes the old one invalid; the new one adds the student with submissions', async () => {
    const teacher = await signIn(t.app);
    const subject = await subjectOf(teacher);
    const home = await classOf(teacher, subject.id, '7a');
    const course = await classOf(teacher, subject.id, 'AG Robotik');
    const task = await teacher.call('POST', '/api/tasks', { class_id: course.id, title: 'Roboter bauen' });
    const taskId = task.json<{ id: string }>().id;
    const [student] = ZCreateStudentsResponse.parse(
      (await teacher.call('POST', '/api/createStudents', { class_id: home.id, names: ['Lea Kurz'] })).json(),
    ).students;

    const first = ZClassTokenResponse.parse(
      (await teacher.call('GET', `/api/classes/${course.id}/token`)).json(),
    );
    expect(first.class_id).toBe(course.id);
    expect(first.join_token).toHaveLength(JOIN_TOKEN_LENGTH);
    expect([...first.join_token].every((ch) => JOIN_TOKEN_ALPHABET.includes(ch))).toBe(true);

    const rotated = await teacher.call('POST', `/api/classes/${course.id}/token`);
    expect(rotated.statusCode).toBe(200);
    const second = ZClassTokenResponse.parse(rotated.json());
    expect(second.join_token).not.toBe(first.join_token);
    // Rotating is not a change of the class: the list order stays.
    expect((await teacher.call('POST', `/api/classes/${home.id}/token`)).statusCode).toBe(200);
    const list = ZListClassesResponse.parse((await teacher.call('GET', '/api/classes')).json());
    expect(list.map((k) => k.id)).toEqual([course.id, home.id]);

    const stale = await teacher.call('POST', '/api/join_class', {
      student_user_id: student!.user_id,
      p_token: first.join_token,
    });
    expect(stale.statusCode).toBe(404);
    expect(errorOf(stale.json())).toMatchObject({
      code: 'JOIN_TOKEN_INVALID',
      message: 'Der Klassen-Code ist ungültig oder nicht mehr aktuell. Bitte den aktuellen Code verwenden.',
    });
    const empty = await teacher.call('POST', '/api/join_class', {
      student_user_id: student!.user_id,
      p_token: '',
    });
    expect(errorOf(empty.json()).code).toBe('JOIN_TOKEN_INVALID');

    // Typed by hand from the projector: lower case with a dash.
    const typed = `${second.join_token.slice(0, 5)}-${second.join_token.slice(5)}`.toLowerCase();
    const joined = await teacher.call('POST', '/api/join_class', {
      student_user_id: student!.user_id,
      p_token: typed,
    });
    expect(joined.statusCode).toBe(200);
    expect(ZJoinClassResponse.parse(joined.json())).toEqual({
      message: 'Schüler wurde der Klasse hinzugefügt',
      class_id: course.id,
      created_submissions: 1,
    });
    const rows = await t.app.db
      .select({ status: submissions.status })
      .from(submissions)
      .where(and(eq(submissions.task_id, taskId), eq(submissions.student_id, student!.user_id)));
    expect(rows).toEqual([{ status: 'offen' }]);

    const twice = await teacher.call('POST', '/api/join_class', {
      student_user_id: student!.user_id,
      p_token: second.join_token,
    });
    expect(ZJoinClassResponse.parse(twice.json())).toMatchObject({
      message: 'Schüler ist bereits in der Klasse',
      created_submissions: 0,
    });
  });

  it('join_class refuses another teacher’s token and another teacher’s student', async () => {
    const teacher = await signIn(t.app);
    const other = await signIn(t.app);
    const mine = await classOf(teacher, (await subjectOf(teacher)).id);
    const theirs = await classOf(other, (await subjectOf(other)).id);
    const [myStudent] = ZCreateStudentsResponse.parse(
      (await teacher.call('POST', '/api/createStudents', { class_id: mine.id, names: ['Ida Ost'] })).json(),
    ).students;
    const [theirStudent] = ZCreateStudentsResponse.parse(
      (await other.call('POST', '/api/createStudents', { class_id: theirs.id, names: ['Ben West'] })).json(),
    ).students;
    const theirToken = ZClassTokenResponse.parse(
      (await other.call('GET', `/api/classes/${theirs.id}/token`)).json(),
    ).join_token;
    const myToken = ZClassTokenResponse.parse(
      (await teacher.call('GET', `/api/classes/${mine.id}/token`)).json(),
    ).join_token;

    const foreignToken = await teacher.call('POST', '/api/join_class', {
      student_user_id: myStudent!.user_id,
      p_token: theirToken,
    });
    expect(foreignToken.statusCode).toBe(404);
    expect(errorOf(foreignToken.json()).code).toBe('JOIN_TOKEN_INVALID');

    const foreignStudent = await teacher.call('POST', '/api/join_class', {
      student_user_id: theirStudent!.user_id,
      p_token: myToken,
    });
    expect(foreignStudent.statusCode).toBe(404);
    expect(errorOf(foreignStudent.json()).code).toBe('STUDENT_NOT_FOUND');
    const theirList = ZListClassStudentsResponse.parse(
      (await other.call('GET', `/api/classes/${theirs.id}/students`)).json(),
    );
    expect(theirList.map((s) => s.first_name)).toEqual(['Ben']);
  });
});
