import { ZDeleteStudentResponse, ZListClassStudentsResponse, type ClassStudent } from '@app/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classUser,
  feedbackReleases,
  skillFeedback,
  submissionFiles,
  submissions,
  userProfile,
} from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { classroom, type Classroom } from './helpers/classroom';
import { drivers } from './helpers/database';
import { startS3Server, type TestS3Server } from './helpers/s3-server';
import { errorOf, signIn, type SignedIn } from './helpers/tokens';
import { unzip } from './helpers/zip';

// The teacher's data rights over their students (ADR 022): the student and class exports as ZIP, and
// deleting a student with everything of theirs, on both databases and both stores.

const jsonOf = (entries: Map<string, Buffer>, name: string): unknown => {
  const entry = entries.get(name);
  expect(entry, name).toBeDefined();
  return JSON.parse(entry!.toString('utf8'));
};

async function storedKeys(t: TestApp): Promise<string[]> {
  const keys = [];
  for await (const object of t.app.storage.list()) keys.push(object.key);
  return keys;
}

interface Setup {
  t: TestApp;
  teacher: SignedIn;
  other: SignedIn;
  mine: Classroom;
  theirs: Classroom;
  students: ClassStudent[];
}

/** Two teachers with a class each; the first hand-in of the first teacher graded and handed back. */
async function setUp(t: TestApp): Promise<Setup> {
  const teacher = await signIn(t.app);
  const other = await signIn(t.app);
  const mine = await classroom(t.app, teacher, { students: 2, title: 'Bruchrechnung' });
  const theirs = await classroom(t.app, other, { students: 1, title: 'Geheime Aufgabe' });
  const [submissionId] = mine.submissionIds;
  const skill = mine.groups[0]!.skills[0]!;
  const graded = await teacher.call('PUT', `/api/feedback/${submissionId}/skills/${skill.id}`, { score: 2 });
  expect(graded.statusCode).toBe(200);
  const text = await teacher.call('PUT', `/api/feedback/${submissionId}/groups/${mine.groups[0]!.id}`, {
    feedback: 'Sauber gerechnet',
  });
  expect(text.statusCode).toBe(200);
  expect(
    (await teacher.call('POST', `/api/feedback/${submissionId}/release`, { allowUnscored: true })).statusCode,
  ).toBe(200);
  const students = ZListClassStudentsResponse.parse(
    (await teacher.call('GET', `/api/classes/${mine.task.class_id}/students`)).json(),
  );
  return { t, teacher, other, mine, theirs, students };
}

/** The student who handed in `submissionId`. */
async function studentOf(t: TestApp, submissionId: string): Promise<string> {
  const [row] = await t.app.db
    .select({ student_id: submissions.student_id })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  return row!.student_id!;
}

describe.each(drivers)('Student and class data rights on %s', (driver) => {
  let s: Setup;
  let first: string;
  let second: string;

  beforeAll(async () => {
    s = await setUp(await createTestApp({ driver }));
    first = await studentOf(s.t, s.mine.submissionIds[0]!);
    second = await studentOf(s.t, s.mine.submissionIds[1]!);
  });
  afterAll(async () => {
    await s?.t.close();
  });

  it('exports one student: their submissions, grading, release and files, no one else’s', async () => {
    const res = await s.teacher.call('GET', `/api/students/${first}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="klassenzimmer-schueler-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const entries = await unzip(res.rawPayload);
    expect(entries.get('README.txt')?.toString('utf8')).toContain('Export der Daten eines Schülers');
    const name = s.students.find((x) => x.user_id === first)!;
    expect(jsonOf(entries, 'student.json')).toMatchObject({
      user_id: first,
      first_name: name.first_name,
      last_name: name.last_name,
      classes: [{ id: s.mine.task.class_id, name: '7b', grade: '7' }],
    });
    const list = jsonOf(entries, 'submissions.json') as Array<{ id: string; student_id: string }>;
    expect(list.map((x) => x.id)).toEqual([s.mine.submissionIds[0]]);
    expect(JSON.stringify(jsonOf(entries, 'grading.json'))).toContain('Sauber gerechnet');
    const releases = jsonOf(entries, 'feedback_releases.json') as Array<{ submission_id: string }>;
    expect(releases.map((r) => r.submission_id)).toEqual([s.mine.submissionIds[0]]);
    const files = jsonOf(entries, 'files.json') as Array<{ id: string; zip_path: string; sha256: string }>;
    expect(files).toHaveLength(1);
    const served = await s.teacher.call('GET', `/api/files/${files[0]!.id}/content`);
    expect(entries.get(files[0]!.zip_path)?.equals(served.rawPayload)).toBe(true);
    expect(files[0]).not.toHaveProperty('storage_key');

    const everything = [...entries.values()].map((b) => b.toString('latin1')).join('\n');
    for (const secret of [second, s.mine.submissionIds[1]!, s.theirs.task.id, 'Geheime Aufgabe'])
      expect(everything).not.toContain(secret);
  });

  it('exports one class: students, tasks, every submission with its files', async () => {
    const res = await s.teacher.call('GET', `/api/classes/${s.mine.task.class_id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="klassenzimmer-klasse-7-7b-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const entries = await unzip(res.rawPayload);
    expect(jsonOf(entries, 'class.json')).toMatchObject({ id: s.mine.task.class_id, name: '7b' });
    const students = jsonOf(entries, 'students.json') as ClassStudent[];
    expect(students.map((x) => x.user_id).sort()).toEqual([first, second].sort());
    expect((jsonOf(entries, 'tasks.json') as Array<{ title: string }>).map((x) => x.title)).toEqual([
      'Bruchrechnung',
    ]);
    const list = jsonOf(entries, 'submissions.json') as Array<{ id: string }>;
    expect(list.map((x) => x.id).sort()).toEqual([...s.mine.submissionIds].sort());
    expect(jsonOf(entries, 'grading.json')).toHaveLength(2);
    const files = jsonOf(entries, 'files.json') as Array<{ zip_path: string }>;
    expect(files).toHaveLength(2);
    for (const file of files) expect(entries.has(file.zip_path)).toBe(true);
    const everything = [...entries.values()].map((b) => b.toString('latin1')).join('\n');
    for (const secret of [s.theirs.task.id, 'Geheime Aufgabe', s.other.id])
      expect(everything).not.toContain(secret);
  });

  it('lists a file missing from the store without a path instead of failing the export', async () => {
    const [row] = await s.t.app.db
      .select({ id: submissionFiles.id, key: submissionFiles.storage_key })
      .from(submissionFiles)
      .where(eq(submissionFiles.submission_id, s.mine.submissionIds[1]!));
    await s.t.app.storage.delete(row!.key);
    const res = await s.teacher.call('GET', `/api/students/${second}/export`);
    expect(res.statusCode).toBe(200);
    const files = jsonOf(await unzip(res.rawPayload), 'files.json');
    expect(files).toEqual([expect.objectContaining({ id: row!.id, zip_path: null })]);
  });

  it('answers another teacher 404 for the student and the class, and deletes nothing', async () => {
    const byOther = await s.other.call('GET', `/api/students/${first}/export`);
    expect(byOther.statusCode).toBe(404);
    expect(errorOf(byOther.json()).code).toBe('STUDENT_NOT_FOUND');
    const classByOther = await s.other.call('GET', `/api/classes/${s.mine.task.class_id}/export`);
    expect(classByOther.statusCode).toBe(404);
    expect(errorOf(classByOther.json()).code).toBe('CLASS_NOT_FOUND');
    const deleteByOther = await s.other.call('DELETE', `/api/students/${first}`);
    expect(deleteByOther.statusCode).toBe(404);
    expect(errorOf(deleteByOther.json()).code).toBe('STUDENT_NOT_FOUND');
    const still = await s.t.app.db.select().from(userProfile).where(eq(userProfile.user_id, first));
    expect(still).toHaveLength(1);
    // A teacher is no student of another teacher either.
    expect((await s.teacher.call('DELETE', `/api/students/${s.other.id}`)).statusCode).toBe(404);
    expect((await s.teacher.call('DELETE', `/api/students/${s.teacher.id}`)).statusCode).toBe(404);
  });

  it('answers a malformed id with 400 and no session with 401', async () => {
    const bad = await s.teacher.call('GET', '/api/students/keine-id/export');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.json()).message).toContain('Die Eingaben sind ungültig');
    const anonymous = await s.t.app.inject({
      method: 'GET',
      url: `/api/classes/${s.mine.task.class_id}/export`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('deletes a student with every row and stored file of theirs, and nothing of the others', async () => {
    const { db } = s.t.app;
    const theirFiles = await db
      .select({ key: submissionFiles.storage_key })
      .from(submissionFiles)
      .where(eq(submissionFiles.submission_id, s.mine.submissionIds[0]!));
    expect(theirFiles).toHaveLength(1);
    const before = await storedKeys(s.t);
    expect(before).toContain(theirFiles[0]!.key);

    const res = await s.teacher.call('DELETE', `/api/students/${first}`);
    expect(res.statusCode).toBe(200);
    expect(ZDeleteStudentResponse.parse(res.json())).toEqual({ user_id: first, submissions: 1, files: 1 });

    expect(await db.select().from(submissions).where(eq(submissions.student_id, first))).toEqual([]);
    expect(await db.select().from(classUser).where(eq(classUser.user_id, first))).toEqual([]);
    expect(await db.select().from(userProfile).where(eq(userProfile.user_id, first))).toEqual([]);
    expect(
      await db
        .select()
        .from(submissionFiles)
        .where(inArray(submissionFiles.storage_key, [theirFiles[0]!.key])),
    ).toEqual([]);
    const gone = s.mine.submissionIds[0]!;
    expect(await db.select().from(skillFeedback).where(eq(skillFeedback.submission_id, gone))).toEqual([]);
    expect(await db.select().from(feedbackReleases).where(eq(feedbackReleases.submission_id, gone))).toEqual(
      [],
    );
    expect(await s.t.app.authAdmin.getUserById(first)).toBeNull();
    const after = await storedKeys(s.t);
    expect(after).not.toContain(theirFiles[0]!.key);
    // The classmate and the other teacher keep everything.
    expect(after).toHaveLength(before.length - 1);
    expect(await db.select().from(submissions).where(eq(submissions.student_id, second))).toHaveLength(1);

    const again = await s.teacher.call('DELETE', `/api/students/${first}`);
    expect(again.statusCode).toBe(404);
    const list = ZListClassStudentsResponse.parse(
      (await s.teacher.call('GET', `/api/classes/${s.mine.task.class_id}/students`)).json(),
    );
    expect(list.map((x) => x.user_id)).toEqual([second]);
  });

  it('rate limits the exports per teacher', async () => {
    const url = `/api/classes/${s.mine.task.class_id}/export`;
    let answer = await s.teacher.call('GET', url);
    for (let i = 0; i < 12 && answer.statusCode === 200; i++) answer = await s.teacher.call('GET', url);
    expect(answer.statusCode).toBe(429);
    expect(errorOf(answer.json()).code).toBe('RATE_LIMITED');
    // Counted per teacher, not per address: a colleague on the same network is not held up.
    expect((await s.other.call('GET', url)).statusCode).toBe(404);
  });
});

describe('Student export and deletion with STORAGE=s3', () => {
  let s3: TestS3Server;
  let s: Setup;
  beforeAll(async () => {
    s3 = await startS3Server('data-rights');
    s = await setUp(await createTestApp({ env: { STORAGE: 's3', ...s3.env } }));
  });
  afterAll(async () => {
    await s?.t.close();
    await s3?.close();
  });

  it('exports the files from the bucket and deletes them there', async () => {
    const student = await studentOf(s.t, s.mine.submissionIds[1]!);
    const res = await s.teacher.call('GET', `/api/students/${student}/export`);
    expect(res.statusCode).toBe(200);
    const entries = await unzip(res.rawPayload);
    const [file] = jsonOf(entries, 'files.json') as Array<{ id: string; zip_path: string }>;
    const served = await s.teacher.call('GET', `/api/files/${file!.id}/content`);
    expect(entries.get(file!.zip_path)?.equals(served.rawPayload)).toBe(true);

    const [row] = await s.t.app.db
      .select({ key: submissionFiles.storage_key })
      .from(submissionFiles)
      .where(eq(submissionFiles.id, file!.id));
    expect(await storedKeys(s.t)).toContain(row!.key);
    expect((await s.teacher.call('DELETE', `/api/students/${student}`)).statusCode).toBe(200);
    expect(await s.t.app.storage.exists(row!.key)).toBe(false);
    expect(await storedKeys(s.t)).not.toContain(row!.key);
  });
});
