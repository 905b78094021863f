import {
  TASK_DATA_MAX_LENGTH,
  ZClass,
  ZCreateStudentsResponse,
  ZListTasksResponse,
  ZSubject,
  ZTask,
  type Task,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { drivers } from './helpers/database';
import { errorOf, type SignedIn as Teacher, signIn } from './helpers/tokens';

/** A signed-in teacher who calls the API with their own token. */

async function classOf(teacher: Teacher, name = '7a') {
  const subject = ZSubject.parse(
    (await teacher.call('POST', '/api/subjects', { name: 'Mathematik' })).json(),
  );
  return ZClass.parse(
    (await teacher.call('POST', '/api/classes', { name, grade: '7', subject_id: subject.id })).json(),
  );
}

async function taskOf(teacher: Teacher, classId: string, title: string, extra: object = {}): Promise<Task> {
  const res = await teacher.call('POST', '/api/tasks', { class_id: classId, title, ...extra });
  expect(res.statusCode).toBe(201);
  return ZTask.parse(res.json());
}

/** A tiptap document with an inline formula. */
const doc = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Berechne ' },
        { type: 'inlineMath', attrs: { latex: '\\frac{3}{4} + \\frac{1}{8}' } },
      ],
    },
  ],
};

describe.each(drivers)('Tasks on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver });
  });
  afterAll(async () => {
    await t.close();
  });

  it('Teacher creates tasks with content and due date; lists are newest first, per class', async () => {
    const teacher = await signIn(t.app);
    const a = await classOf(teacher, '7a');
    const b = await classOf(teacher, '8b');
    const first = await taskOf(teacher, a.id, 'Bruchrechnung', {
      data: doc,
      due_date: '2026-03-01T08:00:00.000Z',
      feedback_template: 'Gut gemacht, {name}!',
    });
    expect(first).toMatchObject({
      title: 'Bruchrechnung',
      description: '',
      class_id: a.id,
      status: 'draft',
      data: doc,
      due_date: '2026-03-01T08:00:00.000Z',
      feedback_template: 'Gut gemacht, {name}!',
      allow_late_submissions: false,
      created_by: teacher.id,
    });
    const second = await taskOf(teacher, b.id, 'Prozentrechnung');
    const third = await taskOf(teacher, a.id, 'Dreisatz');

    const all = ZListTasksResponse.parse((await teacher.call('GET', '/api/tasks')).json());
    expect(all.map((x) => x.id)).toEqual([third.id, second.id, first.id]);
    const ofA = ZListTasksResponse.parse((await teacher.call('GET', `/api/tasks?classId=${a.id}`)).json());
    expect(ofA.map((x) => x.title)).toEqual(['Dreisatz', 'Bruchrechnung']);

    const got = await teacher.call('GET', `/api/tasks/${first.id}`);
    expect(ZTask.parse(got.json())).toEqual(first);

    const patched = await teacher.call('PATCH', `/api/tasks/${first.id}`, {
      title: 'Brüche',
      due_date: null,
    });
    expect(ZTask.parse(patched.json())).toMatchObject({ title: 'Brüche', due_date: null, data: doc });
    // Updating does not reorder: the list is by created_at.
    const again = ZListTasksResponse.parse((await teacher.call('GET', `/api/tasks?classId=${a.id}`)).json());
    expect(again.map((x) => x.title)).toEqual(['Dreisatz', 'Brüche']);

    const deleted = await teacher.call('DELETE', `/api/tasks/${third.id}`);
    expect(deleted.json()).toEqual({ id: third.id });
    const gone = await teacher.call('GET', `/api/tasks/${third.id}`);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone.json())).toMatchObject({ code: 'TASK_NOT_FOUND', message: 'Aufgabe nicht gefunden' });
  });

  it('A task needs a title and an update needs an id (PRODUCT.md §5 messages)', async () => {
    const teacher = await signIn(t.app);
    const klass = await classOf(teacher);
    for (const payload of [{ class_id: klass.id }, { class_id: klass.id, title: '  ' }]) {
      const res = await teacher.call('POST', '/api/tasks', payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.json())).toMatchObject({
        code: 'TASK_TITLE_REQUIRED',
        message: 'Aufgaben-Titel ist erforderlich',
      });
    }
    const task = await taskOf(teacher, klass.id, 'Geometrie');

    const withoutId = await teacher.call('PATCH', '/api/tasks', { title: 'Neu' });
    expect(withoutId.statusCode).toBe(400);
    expect(errorOf(withoutId.json())).toMatchObject({
      code: 'TASK_ID_MISSING',
      message: 'Aufgaben-ID nicht gefunden',
    });
    const badId = await teacher.call('PATCH', '/api/tasks/nope', { title: 'Neu' });
    expect(errorOf(badId.json()).code).toBe('TASK_ID_MISSING');

    const withId = await teacher.call('PATCH', '/api/tasks', { ...task, title: 'Geometrie 2' });
    expect(withId.statusCode).toBe(200);
    expect(ZTask.parse(withId.json()).title).toBe('Geometrie 2');
  });

  it('Status goes draft → published → closed and can be reopened, never back to draft', async () => {
    const teacher = await signIn(t.app);
    const klass = await classOf(teacher);
    const task = await taskOf(teacher, klass.id, 'Vokabeltest');
    const setStatus = (status: string) => teacher.call('PATCH', `/api/tasks/${task.id}`, { status });

    const tooEarly = await setStatus('closed');
    expect(tooEarly.statusCode).toBe(409);
    expect(errorOf(tooEarly.json()).code).toBe('TASK_STATUS_TRANSITION_INVALID');

    expect(ZTask.parse((await setStatus('published')).json()).status).toBe('published');
    expect((await setStatus('published')).statusCode).toBe(200);
    expect(errorOf((await setStatus('draft')).json()).code).toBe('TASK_STATUS_TRANSITION_INVALID');
    expect(ZTask.parse((await setStatus('closed')).json()).status).toBe('closed');
    expect(ZTask.parse((await setStatus('published')).json()).status).toBe('published');

    const born = await teacher.call('POST', '/api/tasks', {
      class_id: klass.id,
      title: 'X',
      status: 'closed',
    });
    expect(errorOf(born.json()).code).toBe('TASK_STATUS_TRANSITION_INVALID');
    const published = await taskOf(teacher, klass.id, 'Sofort', { status: 'published' });
    expect(published.status).toBe('published');
  });

  it('Task content must be a JSON object within the size limit', async () => {
    const teacher = await signIn(t.app);
    const klass = await classOf(teacher);
    const notObject = await teacher.call('POST', '/api/tasks', {
      class_id: klass.id,
      title: 'A',
      data: [1, 2],
    });
    expect(notObject.statusCode).toBe(400);
    expect(errorOf(notObject.json()).code).toBe('VALIDATION_FAILED');

    const huge = { type: 'doc', text: 'x'.repeat(TASK_DATA_MAX_LENGTH) };
    const tooLarge = await teacher.call('POST', '/api/tasks', { class_id: klass.id, title: 'A', data: huge });
    expect(tooLarge.statusCode).toBe(413);
    expect(errorOf(tooLarge.json())).toMatchObject({
      code: 'TASK_DATA_TOO_LARGE',
      message: 'Der Inhalt der Aufgabe ist zu groß.',
    });
  });

  it('A new task gives every student of the class an offen submission; moving it adds the new class', async () => {
    const teacher = await signIn(t.app);
    const a = await classOf(teacher, '7a');
    const b = await classOf(teacher, '7b');
    const inA = ZCreateStudentsResponse.parse(
      (
        await teacher.call('POST', '/api/createStudents', { class_id: a.id, names: ['Eva Eins', 'Tom Zwei'] })
      ).json(),
    ).students;
    const inB = ZCreateStudentsResponse.parse(
      (await teacher.call('POST', '/api/createStudents', { class_id: b.id, names: ['Ole Drei'] })).json(),
    ).students;

    const task = await taskOf(teacher, a.id, 'Aufsatz');
    const rowsOf = () =>
      t.app.db
        .select({
          student_id: submissions.student_id,
          status: submissions.status,
          created_by: submissions.created_by,
        })
        .from(submissions)
        .where(eq(submissions.task_id, task.id));
    expect((await rowsOf()).sort((x, y) => String(x.student_id).localeCompare(String(y.student_id)))).toEqual(
      inA
        .map((s) => ({ student_id: s.user_id, status: 'offen', created_by: teacher.id }))
        .sort((x, y) => x.student_id.localeCompare(y.student_id)),
    );

    const moved = await teacher.call('PATCH', `/api/tasks/${task.id}`, { class_id: b.id });
    expect(ZTask.parse(moved.json()).class_id).toBe(b.id);
    expect((await rowsOf()).map((r) => r.student_id)).toContain(inB[0]!.user_id);
  });

  it('Tasks of a class that is not the caller’s: 404 for listing and creating', async () => {
    const teacher = await signIn(t.app);
    const other = await signIn(t.app);
    const theirs = await classOf(other);
    await taskOf(other, theirs.id, 'Geheim');
    const list = await teacher.call('GET', `/api/tasks?classId=${theirs.id}`);
    expect(list.statusCode).toBe(404);
    expect(errorOf(list.json()).code).toBe('CLASS_NOT_FOUND');
    const create = await teacher.call('POST', '/api/tasks', {
      class_id: theirs.id,
      title: 'Eingeschmuggelt',
    });
    expect(create.statusCode).toBe(404);
    expect(errorOf(create.json()).code).toBe('CLASS_NOT_FOUND');
    const mine = await classOf(teacher);
    expect((await teacher.call('GET', `/api/tasks?classId=${mine.id}`)).json()).toEqual([]);
  });
});
