import { ZListSubjectsResponse, ZSubject, type Subject } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { drivers } from './helpers/database';
import { errorOf, signIn } from './helpers/tokens';

/** A signed-in teacher who calls the API with their own token. */

describe.each(drivers)('Subjects on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver });
  });
  afterAll(async () => {
    await t.close();
  });

  it('Teacher creates, renames and lists subjects, last changed first', async () => {
    const teacher = await signIn(t.app);
    const created: Subject[] = [];
    for (const name of ['Mathematik', 'Physik', 'Chemie']) {
      const res = await teacher.call('POST', '/api/subjects', { name });
      expect(res.statusCode).toBe(201);
      const subject = ZSubject.parse(res.json());
      expect(subject).toMatchObject({ name, description: '', created_by: teacher.id });
      created.push(subject);
    }
    let list = ZListSubjectsResponse.parse((await teacher.call('GET', '/api/subjects')).json());
    expect(list.map((s) => s.name)).toEqual(['Chemie', 'Physik', 'Mathematik']);

    const renamed = await teacher.call('PATCH', `/api/subjects/${created[0]!.id}`, {
      name: 'Mathe',
      description: 'Klasse 7–10',
    });
    expect(renamed.statusCode).toBe(200);
    expect(ZSubject.parse(renamed.json())).toMatchObject({ name: 'Mathe', description: 'Klasse 7–10' });

    list = ZListSubjectsResponse.parse((await teacher.call('GET', '/api/subjects')).json());
    expect(list.map((s) => s.name)).toEqual(['Mathe', 'Chemie', 'Physik']);

    const one = await teacher.call('GET', `/api/subjects/${created[1]!.id}`);
    expect(ZSubject.parse(one.json()).name).toBe('Physik');
  });

  it('Subject creation without a name answers SUBJECT_NAME_REQUIRED', async () => {
    const teacher = await signIn(t.app);
    for (const payload of [{}, { name: '   ' }]) {
      const res = await teacher.call('POST', '/api/subjects', payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.json())).toMatchObject({
        code: 'SUBJECT_NAME_REQUIRED',
        message: 'Der Name des Fachs ist erforderlich',
      });
    }
  });

  it('Deleting a subject a class uses answers 409 with the spec message; unused it goes', async () => {
    const teacher = await signIn(t.app);
    const subject = ZSubject.parse((await teacher.call('POST', '/api/subjects', { name: 'Kunst' })).json());
    const klass = await teacher.call('POST', '/api/classes', {
      name: '7a',
      grade: '7',
      subject_id: subject.id,
    });
    expect(klass.statusCode).toBe(201);

    const blocked = await teacher.call('DELETE', `/api/subjects/${subject.id}`);
    expect(blocked.statusCode).toBe(409);
    expect(errorOf(blocked.json())).toMatchObject({
      code: 'SUBJECT_IN_USE',
      message: 'Fach kann nicht gelöscht werden, da es noch in Klassen verwendet wird',
    });

    const classId = klass.json<{ id: string }>().id;
    expect((await teacher.call('DELETE', `/api/classes/${classId}`)).statusCode).toBe(200);
    const deleted = await teacher.call('DELETE', `/api/subjects/${subject.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: subject.id });

    const gone = await teacher.call('GET', `/api/subjects/${subject.id}`);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone.json())).toMatchObject({ code: 'SUBJECT_NOT_FOUND', message: 'Fach nicht gefunden' });
  });
});
