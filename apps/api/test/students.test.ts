import {
  BULK_STUDENTS_MAX,
  errorCatalog,
  ZClass,
  ZCreateMissingSubmissionsResponse,
  ZCreateStudentResponse,
  ZCreateStudentsResponse,
  ZListClassStudentsResponse,
  ZPassword,
  ZSubject,
} from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions, userProfile } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { drivers } from './helpers/database';
import { errorOf, type SignedIn as Teacher, signIn } from './helpers/tokens';

/** A signed-in teacher who calls the API with their own token. */

async function classOf(teacher: Teacher, name = '7a') {
  const subject = ZSubject.parse((await teacher.call('POST', '/api/subjects', { name: 'Deutsch' })).json());
  return ZClass.parse(
    (await teacher.call('POST', '/api/classes', { name, grade: '7', subject_id: subject.id })).json(),
  );
}

let counter = 0;
const uniqueEmail = () => `schueler-${Date.now().toString(36)}-${counter++}@schule.example`;

describe.each(drivers)('Student accounts on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver });
  });
  afterAll(async () => {
    await t.close();
  });

  /** True when the built-in auth signs the student in with this password. */
  async function canSignIn(email: string, password: string): Promise<boolean> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email, password },
    });
    return res.statusCode === 200;
  }

  it('Teacher creates a student with e-mail and password into a class; the student has a profile', async () => {
    const teacher = await signIn(t.app);
    const klass = await classOf(teacher);
    const task = await teacher.call('POST', '/api/tasks', { class_id: klass.id, title: 'Diktat' });
    const email = uniqueEmail();
    const res = await teacher.call('POST', '/api/createStudent', {
      email,
      password: 'Sonnenblume42',
      class_id: klass.id,
      first_name: 'Mila',
      last_name: 'Sommer',
    });
    expect(res.statusCode).toBe(201);
    const body = ZCreateStudentResponse.parse(res.json());
    expect(body).toEqual({ message: 'Schüler wurde erstellt', user: { id: body.user.id, email } });
    expect(await canSignIn(email, 'Sonnenblume42')).toBe(true);

    const students = ZListClassStudentsResponse.parse(
      (await teacher.call('GET', `/api/classes/${klass.id}/students`)).json(),
    );
    expect(students).toEqual([{ user_id: body.user.id, first_name: 'Mila', last_name: 'Sommer' }]);
    const [profile] = await t.app.db.select().from(userProfile).where(eq(userProfile.user_id, body.user.id));
    expect(profile?.created_by).toBe(teacher.id);
    expect(profile?.meta_data).not.toContain('Mila');
    const rows = await t.app.db
      .select({ status: submissions.status })
      .from(submissions)
      .where(
        and(
          eq(submissions.student_id, body.user.id),
          eq(submissions.task_id, task.json<{ id: string }>().id),
        ),
      );
    expect(rows).toEqual([{ status: 'offen' }]);

    const duplicate = await teacher.call('POST', '/api/createStudent', {
      email,
      password: 'Sonnenblume42',
      class_id: klass.id,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(errorOf(duplicate.json()).code).toBe('EMAIL_EXISTS');
  });

  it('createStudent checks the password rules and the class', async () => {
    const teacher = await signIn(t.app);
    const klass = await classOf(teacher);
    const weak = await teacher.call('POST', '/api/createStudent', {
      email: uniqueEmail(),
      password: 'kurz',
      class_id: klass.id,
    });
    expect(weak.statusCode).toBe(400);
    const messages = (errorOf(weak.json()).details as Array<{ message: string }>).map((d) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Das Passwort muss mindestens 8 Zeichen lang sein',
        'Das Passwort muss mindestens einen Großbuchstaben enthalten',
        'Das Passwort muss mindestens eine Zahl enthalten',
      ]),
    );
    const common = await teacher.call('POST', '/api/createStudent', {
      email: uniqueEmail(),
      password: 'Password1',
      class_id: klass.id,
    });
    expect(common.statusCode).toBe(400);
    expect(errorOf(common.json()).code).toBe('WEAK_PASSWORD');

    const other = await signIn(t.app);
    const theirs = await classOf(other);
    const foreign = await teacher.call('POST', '/api/createStudent', {
      email: uniqueEmail(),
      password: 'Sonnenblume42',
      class_id: theirs.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign.json()).code).toBe('CLASS_NOT_FOUND');
  });

  it('Student accounts stay out of the organisation’s user list and never get a role', async () => {
    const teacher = await signIn(t.app);
    const klass = await classOf(teacher);
    const res = await teacher.call('POST', '/api/createStudents', {
      class_id: klass.id,
      names: ['Lina Kind'],
    });
    expect(res.statusCode).toBe(201);
    const [child] = ZCreateStudentsResponse.parse(res.json()).students;
    const admin = await signIn(t.app, { role: 'organization_member' });

    const list = await admin.call('GET', '/api/admin/getAll');
    expect(list.statusCode).toBe(200);
    const { users } = list.json<{ users: Array<{ id: string; email: string }> }>();
    expect(users.some((u) => u.email === child!.email)).toBe(false);

    const [row] = await t.app.db
      .select({ user_id: userProfile.user_id })
      .from(userProfile)
      .where(eq(userProfile.created_by, teacher.id));
    for (const role of ['teacher', 'organization_member']) {
      const grant = await admin.call('POST', '/api/admin/addUserRole', { user_id: row!.user_id, role });
      expect(grant.statusCode).toBe(409);
      expect(errorOf(grant.json()).code).toBe('ROLE_NOT_FOR_STUDENT');
    }
  });

  it('An organization member cannot send a student account a password link: refused, and no mail goes out', async () => {
    const teacher = await signIn(t.app);
    const klass = await classOf(teacher);
    const email = uniqueEmail();
    const single = await teacher.call('POST', '/api/createStudent', {
      email,
      password: 'Sonnenblume42',
      class_id: klass.id,
    });
    expect(single.statusCode).toBe(201);
    const bulk = await teacher.call('POST', '/api/createStudents', {
      class_id: klass.id,
      names: ['Ben Kind'],
    });
    const [child] = ZCreateStudentsResponse.parse(bulk.json()).students;
    const admin = await signIn(t.app, { role: 'organization_member' });

    for (const address of [email, email.toUpperCase(), child!.email]) {
      const res = await admin.call('POST', '/api/admin/resetPasswordEmail', { email: address });
      expect(res.statusCode, address).toBe(409);
      expect(errorOf(res.json())).toEqual({
        code: 'PASSWORD_LINK_NOT_FOR_STUDENT',
        message: errorCatalog.PASSWORD_LINK_NOT_FOR_STUDENT.message,
      });
    }
    const outbox = await readdir(path.join(t.app.config.DATA_DIR, 'outbox')).catch(() => []);
    expect(outbox.filter((f) => f.endsWith(`-${email}.eml`) || f.endsWith(`-${child!.email}.eml`))).toEqual(
      [],
    );
  });

  it('Teacher pastes a list of names and gets readable logins once; they work and are never logged', async () => {
    const teacher = await signIn(t.app);
    const klass = await classOf(teacher);
    const names = ['Jürgen Weiß', 'Çelik, Ayşe', 'Anna-Lena von der Heide', 'Noah'];
    const res = await teacher.call('POST', '/api/createStudents', { class_id: klass.id, names });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { students } = ZCreateStudentsResponse.parse(res.json());
    // Shown as the class list shows them: "Vorname Nachname".
    expect(students.map((s) => s.name)).toEqual([
      'Jürgen Weiß',
      'Ayşe Çelik',
      'Anna-Lena von der Heide',
      'Noah',
    ]);
    const [jurgen, ayse, annaLena, noah] = students;
    expect(jurgen!.email).toMatch(/^juergen\.weiss\.[a-z2-9]{4}@schueler\.invalid$/);
    expect(ayse!.email).toMatch(/^ayse\.celik\.[a-z2-9]{4}@schueler\.invalid$/);
    expect(annaLena!.email).toMatch(/^anna-lena\.von-der-heide\.[a-z2-9]{4}@schueler\.invalid$/);
    expect(noah!.email).toMatch(/^noah\.[a-z2-9]{4}@schueler\.invalid$/);
    for (const s of students) {
      expect(ZPassword.safeParse(s.password).success, s.password).toBe(true);
      expect(s.password).not.toMatch(/[0O1lIo]/);
    }
    expect(new Set(students.map((s) => s.password)).size).toBe(students.length);
    expect(await canSignIn(ayse!.email, ayse!.password)).toBe(true);

    const list = ZListClassStudentsResponse.parse(
      (await teacher.call('GET', `/api/classes/${klass.id}/students`)).json(),
    );
    expect(list.map((s) => `${s.first_name}|${s.last_name}`)).toEqual([
      'Noah|',
      'Ayşe|Çelik',
      'Anna-Lena|von der Heide',
      'Jürgen|Weiß',
    ]);

    const logged = JSON.stringify(t.logs);
    for (const s of students) expect(logged).not.toContain(s.password);
  });

  it('Bulk logins transliterate names (ı, ş, ł, ø, æ …) and name each student as the class list does', async () => {
    const teacher = await signIn(t.app);
    const klass = await classOf(teacher);
    const names = ['Yılmaz, Elif', 'Müller, Lea', 'Łukasz Øster-Bæk', 'Şule Doğan'];
    const res = await teacher.call('POST', '/api/createStudents', { class_id: klass.id, names });
    expect(res.statusCode).toBe(201);
    const { students } = ZCreateStudentsResponse.parse(res.json());
    expect(students.map((s) => s.email.replace(/\.[a-z2-9]{4}@schueler\.invalid$/, ''))).toEqual([
      'elif.yilmaz',
      'lea.mueller',
      'lukasz.oster-baek',
      'sule.dogan',
    ]);
    expect(students.map((s) => s.name)).toEqual([
      'Elif Yılmaz',
      'Lea Müller',
      'Łukasz Øster-Bæk',
      'Şule Doğan',
    ]);

    const list = ZListClassStudentsResponse.parse(
      (await teacher.call('GET', `/api/classes/${klass.id}/students`)).json(),
    );
    const byId = new Map(list.map((s) => [s.user_id, [s.first_name, s.last_name].filter(Boolean).join(' ')]));
    for (const s of students) expect(byId.get(s.user_id)).toBe(s.name);
  });

  it('Bulk creation is all or nothing: a failure removes the accounts created so far', async () => {
    const teacher = await signIn(t.app);
    const klass = await classOf(teacher);
    const admin = t.app.authAdmin;
    const original = admin.createUser.bind(admin);
    const made: string[] = [];
    admin.createUser = async (input) => {
      if (made.length === 2) throw new Error('auth backend down');
      const user = await original(input);
      made.push(user.id);
      return user;
    };
    try {
      const res = await teacher.call('POST', '/api/createStudents', {
        class_id: klass.id,
        names: ['Eins Kind', 'Zwei Kind', 'Drei Kind'],
      });
      expect(res.statusCode).toBe(500);
    } finally {
      admin.createUser = original;
    }
    expect(made).toHaveLength(2);
    for (const id of made) expect(await admin.getUserById(id)).toBeNull();
    expect((await teacher.call('GET', `/api/classes/${klass.id}/students`)).json()).toEqual([]);
  });

  it('Bulk creation takes 1 to 40 names', async () => {
    const teacher = await signIn(t.app);
    const klass = await classOf(teacher);
    const tooMany = Array.from({ length: BULK_STUDENTS_MAX + 1 }, (_, i) => `Kind Nummer${i}`);
    const res = await teacher.call('POST', '/api/createStudents', { class_id: klass.id, names: tooMany });
    expect(res.statusCode).toBe(400);
    expect((errorOf(res.json()).details as Array<{ message: string }>)[0]?.message).toBe(
      'Höchstens 40 Namen auf einmal',
    );
    const none = await teacher.call('POST', '/api/createStudents', { class_id: klass.id, names: [] });
    expect(none.statusCode).toBe(400);
    const students = await teacher.call('GET', `/api/classes/${klass.id}/students`);
    expect(students.json()).toEqual([]);
  });

  it('Teacher resets the password of their own student only', async () => {
    const teacher = await signIn(t.app);
    const klass = await classOf(teacher);
    const [student] = ZCreateStudentsResponse.parse(
      (
        await teacher.call('POST', '/api/createStudents', { class_id: klass.id, names: ['Paul Panter'] })
      ).json(),
    ).students;

    const reset = await teacher.call('POST', '/api/reset_student_pw', {
      user_id: student!.user_id,
      new_password: 'Tafelkreide7',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Das Passwort wurde zurückgesetzt' });
    expect(await canSignIn(student!.email, 'Tafelkreide7')).toBe(true);
    expect(await canSignIn(student!.email, student!.password)).toBe(false);

    const weak = await teacher.call('POST', '/api/reset_student_pw', {
      user_id: student!.user_id,
      new_password: 'tafelkreide',
    });
    expect(weak.statusCode).toBe(400);

    const other = await signIn(t.app);
    for (const user_id of [student!.user_id, randomUUID(), teacher.id]) {
      const res = await other.call('POST', '/api/reset_student_pw', { user_id, new_password: 'Kapern2026x' });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res.json())).toMatchObject({
        code: 'STUDENT_NOT_FOUND',
        message: 'Schüler nicht gefunden',
      });
    }
    expect(await canSignIn(student!.email, 'Tafelkreide7')).toBe(true);
  });

  it('createmissingsubmissions fills the gaps of the caller’s student and is idempotent', async () => {
    const teacher = await signIn(t.app);
    const klass = await classOf(teacher);
    const [student] = ZCreateStudentsResponse.parse(
      (await teacher.call('POST', '/api/createStudents', { class_id: klass.id, names: ['Rita Rot'] })).json(),
    ).students;
    for (const title of ['Eins', 'Zwei', 'Drei'])
      await teacher.call('POST', '/api/tasks', { class_id: klass.id, title });
    const ofStudent = () =>
      t.app.db.select().from(submissions).where(eq(submissions.student_id, student!.user_id));
    expect(await ofStudent()).toHaveLength(3);
    await t.app.db.delete(submissions).where(eq(submissions.id, (await ofStudent())[0]!.id));

    const call = () =>
      teacher.call('POST', '/api/submissions/createmissingsubmissions', { student_id: student!.user_id });
    const first = ZCreateMissingSubmissionsResponse.parse((await call()).json());
    expect(first).toEqual({ message: 'Eine fehlende Abgabe wurde angelegt', created: 1 });
    expect(await ofStudent()).toHaveLength(3);
    expect(ZCreateMissingSubmissionsResponse.parse((await call()).json()).created).toBe(0);

    const other = await signIn(t.app);
    const foreign = await other.call('POST', '/api/submissions/createmissingsubmissions', {
      student_id: student!.user_id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign.json()).code).toBe('STUDENT_NOT_FOUND');
  });
});
