import {
  ZApiError,
  ZClass,
  ZClassTokenResponse,
  ZCreateStudentsResponse,
  ZListClassStudentsResponse,
  ZListTasksResponse,
  ZSubject,
  ZTask,
} from '@app/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { drivers } from './helpers/database';
import { signIn } from './helpers/tokens';

// Ownership: a second teacher sees none of the first teacher's subjects, classes, students or
// tasks, and gets 404 — not 403, not the data — for every id guessed.

describe.each(drivers)('A teacher’s data is invisible to every other teacher on %s', (driver) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signIn>>;
  let subject: ReturnType<typeof ZSubject.parse>;
  let klass: ReturnType<typeof ZClass.parse>;
  let task: ReturnType<typeof ZTask.parse>;
  let studentId: string;
  let joinToken: string;

  beforeAll(async () => {
    t = await createTestApp({ driver });
    owner = await signIn(t.app);
    subject = ZSubject.parse((await owner.call('POST', '/api/subjects', { name: 'Geschichte' })).json());
    klass = ZClass.parse(
      (await owner.call('POST', '/api/classes', { name: '10c', grade: '10', subject_id: subject.id })).json(),
    );
    task = ZTask.parse(
      (await owner.call('POST', '/api/tasks', { class_id: klass.id, title: 'Quellenarbeit' })).json(),
    );
    studentId = ZCreateStudentsResponse.parse(
      (
        await owner.call('POST', '/api/createStudents', { class_id: klass.id, names: ['Greta Glück'] })
      ).json(),
    ).students[0]!.user_id;
    joinToken = ZClassTokenResponse.parse(
      (await owner.call('GET', `/api/classes/${klass.id}/token`)).json(),
    ).join_token;
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['teacher', 'organization_member'] as const)('a %s gets 404 for every guessed id', async (role) => {
    const intruder = await signIn(t.app, { role });
    const probes: Array<[InjectOptions['method'], string, object | undefined, string]> = [
      ['GET', `/api/subjects/${subject.id}`, undefined, 'SUBJECT_NOT_FOUND'],
      ['PATCH', `/api/subjects/${subject.id}`, { name: 'Übernommen' }, 'SUBJECT_NOT_FOUND'],
      ['DELETE', `/api/subjects/${subject.id}`, undefined, 'SUBJECT_NOT_FOUND'],
      ['POST', '/api/classes', { name: 'x', grade: '1', subject_id: subject.id }, 'SUBJECT_NOT_FOUND'],
      ['GET', `/api/classes/${klass.id}`, undefined, 'CLASS_NOT_FOUND'],
      ['PATCH', `/api/classes/${klass.id}`, { name: 'Übernommen' }, 'CLASS_NOT_FOUND'],
      ['DELETE', `/api/classes/${klass.id}`, undefined, 'CLASS_NOT_FOUND'],
      ['GET', `/api/classes/${klass.id}/students`, undefined, 'CLASS_NOT_FOUND'],
      ['DELETE', `/api/classes/${klass.id}/students/${studentId}`, undefined, 'CLASS_NOT_FOUND'],
      ['GET', `/api/classes/${klass.id}/token`, undefined, 'CLASS_NOT_FOUND'],
      ['POST', `/api/classes/${klass.id}/token`, undefined, 'CLASS_NOT_FOUND'],
      ['GET', `/api/tasks?classId=${klass.id}`, undefined, 'CLASS_NOT_FOUND'],
      ['POST', '/api/tasks', { class_id: klass.id, title: 'x' }, 'CLASS_NOT_FOUND'],
      ['GET', `/api/tasks/${task.id}`, undefined, 'TASK_NOT_FOUND'],
      ['PATCH', `/api/tasks/${task.id}`, { status: 'published' }, 'TASK_NOT_FOUND'],
      ['PATCH', '/api/tasks', { id: task.id, title: 'x' }, 'TASK_NOT_FOUND'],
      ['DELETE', `/api/tasks/${task.id}`, undefined, 'TASK_NOT_FOUND'],
      [
        'POST',
        '/api/createStudent',
        { email: 'a@schule.example', password: 'Abcdefg123', class_id: klass.id },
        'CLASS_NOT_FOUND',
      ],
      ['POST', '/api/createStudents', { class_id: klass.id, names: ['Eindringling'] }, 'CLASS_NOT_FOUND'],
      [
        'POST',
        '/api/reset_student_pw',
        { user_id: studentId, new_password: 'Abcdefg123' },
        'STUDENT_NOT_FOUND',
      ],
      ['POST', '/api/submissions/createmissingsubmissions', { student_id: studentId }, 'STUDENT_NOT_FOUND'],
      ['POST', '/api/join_class', { student_user_id: studentId, p_token: joinToken }, 'JOIN_TOKEN_INVALID'],
    ];
    for (const [method, url, payload, code] of probes) {
      const res = await intruder.call(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      const { error } = ZApiError.parse(res.json());
      expect(error.code, `${method} ${url}`).toBe(code);
      // Nothing of the owner's data in the answer (the random request id aside).
      for (const secret of ['Geschichte', '10c', 'Quellenarbeit', 'Greta', joinToken])
        expect(JSON.stringify(error), `${method} ${url}`).not.toContain(secret);
    }

    for (const url of ['/api/subjects', '/api/classes', '/api/tasks']) {
      const res = await intruder.call('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual([]);
    }
  });

  it('leaves the owner’s data as it was', async () => {
    expect(ZSubject.parse((await owner.call('GET', `/api/subjects/${subject.id}`)).json()).name).toBe(
      'Geschichte',
    );
    expect(ZClass.parse((await owner.call('GET', `/api/classes/${klass.id}`)).json())).toMatchObject({
      name: '10c',
      students: [studentId],
    });
    const tasks = ZListTasksResponse.parse(
      (await owner.call('GET', `/api/tasks?classId=${klass.id}`)).json(),
    );
    expect(tasks).toEqual([task]);
    const students = ZListClassStudentsResponse.parse(
      (await owner.call('GET', `/api/classes/${klass.id}/students`)).json(),
    );
    expect(students).toEqual([{ user_id: studentId, first_name: 'Greta', last_name: 'Glück' }]);
    expect(
      ZClassTokenResponse.parse((await owner.call('GET', `/api/classes/${klass.id}/token`)).json())
        .join_token,
    ).toBe(joinToken);
  });
});
