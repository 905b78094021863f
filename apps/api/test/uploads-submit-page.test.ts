import { ZApiError, ZSubmitPageResponse } from '@app/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { baseUrlOf } from './helpers/classroom';
import { drivers } from './helpers/database';
import { classWithTask, errorCode, fileRows, newTask, post, uploadPhoto } from './helpers/public-uploads';
import { signIn } from './helpers/tokens';

// Submissions, public side: the submit page /api/submit/{taskId} a student opens without an account — what it
// shows of the task and the class, whom a printed worksheet's code preselects — and which tasks take uploads
// at all (a draft is unknown, a closed or overdue one refuses). What becomes of the files: uploads.test.ts.

describe.each(drivers)('The public submit page and the tasks that take uploads on %s', (driver) => {
  let t: TestApp;
  let base: string;
  const rowsOf = (taskId: string) => fileRows(t.app, taskId);

  beforeAll(async () => {
    t = await createTestApp({ driver });
    base = await baseUrlOf(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the submit page with the task and the class list as first name + initial, nothing more', async () => {
    const teacher = await signIn(t.app);
    const { task, students } = await classWithTask(teacher);
    const res = await t.app.inject({ method: 'GET', url: `/api/submit/${task.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const page = ZSubmitPageResponse.parse(res.json());
    expect(page).toMatchObject({
      task: { id: task.id, title: 'Stillleben zeichnen', status: 'published', data: task.data },
      accepting: true,
      closed_reason: null,
      limits: { maxFileBytes: 20 * 1024 * 1024, maxFiles: 20 },
    });
    const byId = Object.fromEntries(students.map((s) => [s.user_id, s.name]));
    expect(page.students.map((s) => [byId[s.id], s.label])).toEqual([
      ['Greta Glück', 'Greta G.'],
      ['Max Meier', 'Max Me.'],
      ['Max Müller', 'Max Mü.'],
    ]);
    // No e-mail, no last name, no teacher id.
    expect(res.body).not.toMatch(/Glück|Müller|schueler\.invalid|created_by/);
    expect(res.body).not.toContain(teacher.id);

    const missing = await t.app.inject({ method: 'GET', url: '/api/submit/AbCdEfGhIjKlMnOpQrStU' });
    expect(missing.statusCode).toBe(404);
    expect(errorCode(missing.json())).toBe('TASK_NOT_FOUND');
    expect((await t.app.inject({ method: 'GET', url: '/api/submit/kaputt' })).statusCode).toBe(404);

    // A draft is not public: its page answers exactly as an unknown task's (nothing of it, not even the title).
    const draft = await newTask(teacher, task.class_id, { status: 'draft', title: 'Geheimer Entwurf' });
    const draftPage = await t.app.inject({ method: 'GET', url: `/api/submit/${draft.id}` });
    expect(draftPage.statusCode).toBe(404);
    expect(draftPage.headers['content-type']).toBe(missing.headers['content-type']);
    expect({ ...draftPage.json<object>(), requestId: '' }).toEqual({
      ...missing.json<object>(),
      requestId: '',
    });
    expect(draftPage.body).not.toContain('Geheimer Entwurf');

    // A closed task still shows its content, takes nothing and lists nobody.
    const closed = await newTask(teacher, task.class_id, { description: 'Bis Freitag' });
    expect((await teacher.call('PATCH', `/api/tasks/${closed.id}`, { status: 'closed' })).statusCode).toBe(
      200,
    );
    const closedPage = ZSubmitPageResponse.parse(
      (await t.app.inject({ method: 'GET', url: `/api/submit/${closed.id}` })).json(),
    );
    expect(closedPage).toMatchObject({
      accepting: false,
      closed_reason: 'closed',
      students: [],
      task: { title: 'Stillleben zeichnen', description: 'Bis Freitag', status: 'closed', data: closed.data },
    });
  });

  it('preselects the student whose printed worksheet code opened the page, and nobody for another code', async () => {
    const teacher = await signIn(t.app);
    const { klass, task, students } = await classWithTask(teacher);
    const [greta, maxMueller] = [students[0]!, students[1]!];
    const page = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/submit/${task.id}${query}` });
      return { status: res.statusCode, body: res.json<unknown>() };
    };
    const preselected = async (query: string) => {
      const res = await page(query);
      expect(res.status).toBe(200);
      return ZSubmitPageResponse.parse(res.body).preselected_student_id;
    };
    expect(await preselected('')).toBeNull();

    // Printing the per-student worksheet gives every submission its token (the code's `?s=`).
    expect((await teacher.call('GET', `/api/tasks/${task.id}/worksheet.pdf?perStudent=1`)).statusCode).toBe(
      200,
    );
    const tokens = new Map(
      (
        await t.app.db
          .select({ student_id: submissions.student_id, token: submissions.print_token })
          .from(submissions)
          .where(eq(submissions.task_id, task.id))
      ).map((row) => [row.student_id, row.token!]),
    );
    expect(tokens.size).toBe(3);
    expect(await preselected(`?s=${tokens.get(greta.user_id)}`)).toBe(greta.user_id);
    expect(await preselected(`?s=${tokens.get(maxMueller.user_id)}`)).toBe(maxMueller.user_id);

    // A well-formed token of no submission, or of another task's submission: nobody, and no error.
    expect(await preselected(`?s=${'A'.repeat(32)}`)).toBeNull();
    const other = await newTask(teacher, klass.id, { title: 'Andere Aufgabe' });
    expect((await teacher.call('GET', `/api/tasks/${other.id}/worksheet.pdf?perStudent=1`)).statusCode).toBe(
      200,
    );
    const [foreign] = await t.app.db
      .select({ token: submissions.print_token })
      .from(submissions)
      .where(eq(submissions.task_id, other.id));
    expect(await preselected(`?s=${foreign!.token}`)).toBeNull();

    // Not a token at all: too long, too short, other characters.
    for (const bad of ['A'.repeat(65), 'kurz', `${'A'.repeat(31)}%2B`, `${'A'.repeat(31)}%3C`]) {
      const res = await page(`?s=${bad}`);
      expect(res.status).toBe(400);
      expect(ZApiError.parse(res.body).error).toMatchObject({
        code: 'PRINT_TOKEN_INVALID',
        message:
          'Der Code auf dem Arbeitsblatt ist ungültig. Bitte scanne ihn noch einmal oder öffne den Abgabe-Link ohne Code.',
      });
    }

    // A student who left the class is not preselected (nor listed).
    expect(
      (await teacher.call('DELETE', `/api/classes/${klass.id}/students/${maxMueller.user_id}`)).statusCode,
    ).toBeLessThan(300);
    expect(await preselected(`?s=${tokens.get(maxMueller.user_id)}`)).toBeNull();

    // While the task takes no uploads, nobody is preselected.
    expect((await teacher.call('PATCH', `/api/tasks/${task.id}`, { status: 'closed' })).statusCode).toBe(200);
    expect(await preselected(`?s=${tokens.get(greta.user_id)}`)).toBeNull();
  });

  it('refuses uploads to a closed and an overdue task, and to a draft as to an unknown task', async () => {
    const teacher = await signIn(t.app);
    const { task, klass } = await classWithTask(teacher);
    const overdue = await newTask(teacher, klass.id, { due_date: '2020-01-01T00:00:00.000Z' });
    const late = await newTask(teacher, klass.id, {
      due_date: '2020-01-01T00:00:00.000Z',
      allow_late_submissions: true,
    });
    const draft = await newTask(teacher, klass.id, { status: 'draft' });
    expect((await teacher.call('PATCH', `/api/tasks/${task.id}`, { status: 'closed' })).statusCode).toBe(200);
    // A draft is not public: an upload to it is answered as one to an unknown task.
    const toDraft = await post(
      base,
      `/api/submissions/studentupload/${draft.id}`,
      [{ name: 'x.jpg', bytes: await uploadPhoto(10) }],
      { studentName: 'Zu Früh' },
    );
    expect(toDraft.status).toBe(404);
    expect(errorCode(toDraft.body)).toBe('TASK_NOT_FOUND');
    expect(await rowsOf(draft.id)).toEqual([]);
    for (const [id, reason] of [
      [task.id, 'closed'],
      [overdue.id, 'past_due'],
    ] as const) {
      const res = await post(
        base,
        `/api/submissions/studentupload/${id}`,
        [{ name: 'x.jpg', bytes: await uploadPhoto(10) }],
        { studentName: 'Zu Spät' },
      );
      expect(res.status, reason).toBe(409);
      const { error } = ZApiError.parse(res.body);
      expect(error).toMatchObject({
        code: 'TASK_NOT_ACCEPTING',
        message: 'Diese Aufgabe nimmt gerade keine Abgaben an.',
        details: { reason },
      });
      expect(await rowsOf(id)).toEqual([]);
    }
    const accepted = await post(
      base,
      `/api/submissions/studentupload/${late.id}`,
      [{ name: 'x.jpg', bytes: await uploadPhoto(10) }],
      { studentName: 'Zu Spät' },
    );
    expect(accepted.status).toBe(200);
    const unknown = await post(base, '/api/submissions/studentupload/AbCdEfGhIjKlMnOpQrStU', [
      { name: 'x.jpg', bytes: await uploadPhoto(10) },
    ]);
    expect(unknown.status).toBe(404);
  });
});
