import { ZGetProfileResponse, ZListSubmissionsResponse } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '../src/domain/accounts/roles';
import { createTestApp, type TestApp } from './helpers/app';
import { classroom, type Classroom } from './helpers/classroom';
import { drivers } from './helpers/database';
import { errorOf, signIn, type SignedIn } from './helpers/tokens';
import { unzip } from './helpers/zip';

const jsonOf = (entries: Map<string, Buffer>, name: string): unknown => {
  const entry = entries.get(name);
  expect(entry, name).toBeDefined();
  return JSON.parse(entry!.toString('utf8'));
};

describe.each(drivers)('GET /api/account/export on %s', (driver) => {
  let t: TestApp;
  let teacher: SignedIn;
  let other: SignedIn;
  let mine: Classroom;
  let theirs: Classroom;
  const email = `export-${Date.now().toString(36)}@schule.example`;

  const realTeacher = async (address: string) => {
    const user = await t.app.authAdmin.createUser({ email: address, password: 'Klassen2026Zimmer' });
    await grantRole(t.app.db, user.id, 'teacher', null);
    return signIn(t.app, { id: user.id });
  };

  beforeAll(async () => {
    t = await createTestApp({ driver });
    teacher = await realTeacher(email);
    other = await realTeacher(`other-${email}`);
    const saved = await teacher.call('PUT', '/api/profile', {
      meta_data: { first_name: 'Özlem', last_name: 'Kaya', color_scheme: 'dark' },
    });
    expect(saved.statusCode).toBe(200);
    mine = await classroom(t.app, teacher, { students: 2, title: 'Bruchrechnung Export' });
    theirs = await classroom(t.app, other, { students: 1, title: 'Geheime Aufgabe' });
    await other.call('PUT', '/api/profile', { meta_data: { first_name: 'Fremde', last_name: 'Lehrkraft' } });
    // Grading of the first hand-in, handed back: it must appear as grading and as a release.
    const [submissionId] = mine.submissionIds;
    const skill = mine.groups[0]!.skills[0]!;
    expect(
      (await teacher.call('PUT', `/api/feedback/${submissionId}/skills/${skill.id}`, { score: 2 }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await teacher.call('PUT', `/api/feedback/${submissionId}/groups/${mine.groups[0]!.id}`, {
          feedback: 'Sauber gerechnet',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await teacher.call('POST', `/api/feedback/${submissionId}/release`, { allowUnscored: true }))
        .statusCode,
    ).toBe(200);
    // A rubric kept in the library.
    const template = await teacher.call('POST', '/api/rubric-templates', {
      task_id: mine.task.id,
      title: 'Bruchrechnung Raster',
      subject: 'Mathematik',
      grade: '6',
    });
    expect(template.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/export' });
    expect(res.statusCode).toBe(401);
  });

  it('streams a ZIP with the profile, the teacher’s data and files, and nothing of another teacher', async () => {
    const res = await teacher.call('GET', '/api/account/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="klassenzimmer-export-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const entries = await unzip(res.rawPayload);

    expect(entries.get('README.txt')?.toString('utf8')).toContain('Export deiner Daten');
    const { profile } = ZGetProfileResponse.parse(jsonOf(entries, 'profile.json'));
    expect(profile?.meta_data).toMatchObject({
      first_name: 'Özlem',
      last_name: 'Kaya',
      color_scheme: 'dark',
    });
    expect(jsonOf(entries, 'account.json')).toMatchObject({ id: teacher.id, email, roles: ['teacher'] });

    const tasks = jsonOf(entries, 'tasks.json') as Array<{ id: string; title: string }>;
    expect(tasks.map((task) => task.title)).toEqual(['Bruchrechnung Export']);
    expect((jsonOf(entries, 'subjects.json') as unknown[]).length).toBe(1);
    expect((jsonOf(entries, 'classes.json') as unknown[]).length).toBe(1);
    const students = jsonOf(entries, 'students.json') as Array<{
      students: Array<{ first_name: string; last_name: string }>;
    }>;
    expect(students[0]!.students.map((s) => `${s.first_name} ${s.last_name}`).sort()).toEqual(
      [...mine.studentNames].sort(),
    );
    const rubrics = jsonOf(entries, 'rubrics.json') as {
      skill_groups: Array<{ id: string; skills: Array<{ details: unknown[] }> }>;
    };
    expect(rubrics.skill_groups.map((g) => g.id).sort()).toEqual(mine.groups.map((g) => g.id).sort());
    expect(rubrics.skill_groups[0]!.skills[0]!.details.length).toBeGreaterThan(0);

    const submissions = ZListSubmissionsResponse.shape.data.parse(jsonOf(entries, 'submissions.json'));
    expect(submissions.map((s) => s.id).sort()).toEqual([...mine.submissionIds].sort());
    const grading = jsonOf(entries, 'grading.json') as Array<{
      groups: Array<{ text: { feedback: string }; skills: Array<{ feedback: { score: number } }> }>;
    }>;
    expect(grading).toHaveLength(2);
    expect(JSON.stringify(grading)).toContain('Sauber gerechnet');
    const releases = jsonOf(entries, 'feedback_releases.json') as Array<{ submission_id: string }>;
    expect(releases.map((r) => r.submission_id)).toEqual([mine.submissionIds[0]]);
    expect(jsonOf(entries, 'coins.json')).toMatchObject({ balance: expect.any(Number) as number });
    expect(Array.isArray(jsonOf(entries, 'notifications.json'))).toBe(true);
    expect(jsonOf(entries, 'rubric_templates.json')).toEqual([
      expect.objectContaining({ title: 'Bruchrechnung Raster', visibility: 'private' }),
    ]);

    // The uploaded photos, byte for byte as the teacher's file route serves them.
    const files = jsonOf(entries, 'files.json') as Array<{ id: string; zip_path: string | null }>;
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(file.zip_path).toMatch(new RegExp(`^files/${mine.task.id}/(${mine.submissionIds.join('|')})/`));
      expect(file).not.toHaveProperty('storage_key');
      const served = await teacher.call('GET', `/api/files/${file.id}/content`);
      expect(entries.get(file.zip_path!)?.equals(served.rawPayload)).toBe(true);
    }

    // Nothing of the other teacher anywhere in the archive.
    const everything = [...entries.values()].map((b) => b.toString('latin1')).join('\n');
    for (const secret of [theirs.task.id, 'Geheime Aufgabe', 'Fremde', other.id, ...theirs.submissionIds])
      expect(everything).not.toContain(secret);
  });

  it('refuses a colour mode other than light, dark and auto', async () => {
    const res = await teacher.call('PUT', '/api/profile', {
      meta_data: { first_name: 'Özlem', last_name: 'Kaya', color_scheme: 'blau' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('is rate limited: an expensive export, a few per 10 minutes', async () => {
    let answer = await teacher.call('GET', '/api/account/export');
    for (let i = 0; i < 10 && answer.statusCode === 200; i++)
      answer = await teacher.call('GET', '/api/account/export');
    expect(answer.statusCode).toBe(429);
    expect(errorOf(answer.json()).code).toBe('RATE_LIMITED');
  });
});
