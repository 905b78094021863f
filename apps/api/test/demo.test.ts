import {
  DEMO_CONTENT,
  isUnsureSuggestion,
  skillsComplete,
  ZClassStudent,
  ZGetProfileResponse,
  ZGradingResponse,
  ZListSubmissionsResponse,
  ZTaskRubric,
} from '@app/contract';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runCommand } from '../src/cli/commands';
import { classes, skillFeedback, submissionFiles, subjects, tasks, userProfile } from '../src/db/schema';
import { systemContext } from '../src/domain/context';
import { DEMO_ACCOUNTS, DEMO_TEACHER, resetDemoIfDue, startDemo } from '../src/domain/demo';
import { demoPage } from '../src/domain/demo/photos';
import { createTestApp, type TestApp } from './helpers/app';
import { drivers } from './helpers/database';
import { errorOf, signIn, type SignedIn } from './helpers/tokens';

// The demo (DEMO=1): what the demo teacher finds, that it matches what /demo promises (the contract's
// DEMO_CONTENT), that the feedback links work without an account, and that a reset restores it.

async function demoState(t: TestApp, teacher: SignedIn) {
  // Right after a reset on a busy test machine the server may shed load for a moment (503 from
  // under-pressure, ARCHITECTURE.md §6): wait until it answers again.
  await expect
    .poll(async () => (await teacher.call('GET', '/api/subjects')).statusCode, {
      timeout: 20_000,
      interval: 500,
    })
    .toBe(200);
  const classRes = await teacher.call('GET', '/api/classes');
  const taskRes = await teacher.call('GET', '/api/tasks');
  expect([classRes.statusCode, taskRes.statusCode], taskRes.body).toEqual([200, 200]);
  const classList = classRes.json<Array<{ id: string; name: string }>>();
  const taskList =
    taskRes.json<
      Array<{ id: string; title: string; status: string; class_id: string; due_date: string | null }>
    >();
  const graded = taskList.find((task) => task.status === 'closed');
  const submissions = graded
    ? ZListSubmissionsResponse.parse(
        (await teacher.call('GET', `/api/submissions/getAll?taskId=${graded.id}`)).json(),
      ).data
    : [];
  const files = graded
    ? await t.app.db.select().from(submissionFiles).where(eq(submissionFiles.task_id, graded.id))
    : [];
  return { classList, taskList, graded, submissions, files };
}

describe.each(drivers)('Demo content on %s', (driver) => {
  let t: TestApp;
  let teacher: SignedIn;
  let teacherId: string;

  beforeAll(async () => {
    t = await createTestApp({ driver, env: { DEMO: '1' } });
    teacherId = (await t.app.authAdmin.getUserByEmail(DEMO_TEACHER.email))!.id;
    teacher = await signIn(t.app, { id: teacherId });
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds a profile, the subject, class 7b with its students and three tasks', async () => {
    const { profile } = ZGetProfileResponse.parse((await teacher.call('GET', '/api/profile')).json());
    expect(profile?.meta_data.first_name).toBeTruthy();
    expect(profile?.meta_data.last_name).toBeTruthy();
    expect(profile?.meta_data.school?.schule).toBeTruthy();
    expect((await t.app.authAdmin.getUserById(teacherId))?.userMetadata).toMatchObject({
      registration_completed: true,
      profile_setup_done: true,
    });

    // The demo organization member has one too (no registration dialog for visitors).
    const admin = await t.app.authAdmin.getUserByEmail(DEMO_ACCOUNTS[1]!.email);
    expect(await t.app.db.select().from(userProfile).where(eq(userProfile.user_id, admin!.id))).toHaveLength(
      1,
    );

    const subjectList = (await teacher.call('GET', '/api/subjects')).json<Array<{ name: string }>>();
    expect(subjectList.map((s) => s.name)).toEqual([DEMO_CONTENT.subject]);

    const { classList, taskList } = await demoState(t, teacher);
    expect(classList.map((c) => c.name)).toEqual([DEMO_CONTENT.className]);
    const students = z
      .array(ZClassStudent)
      .parse((await teacher.call('GET', `/api/classes/${classList[0]!.id}/students`)).json());
    expect(students).toHaveLength(DEMO_CONTENT.students);
    expect(
      students.every((s) => /^\p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+$/u.test(`${s.first_name} ${s.last_name}`)),
    ).toBe(true);
    // Names are stored like every student's: encrypted, never readable in the table.
    const stored = await t.app.db.select().from(userProfile).where(eq(userProfile.created_by, teacherId));
    expect(stored).toHaveLength(DEMO_CONTENT.students + 1);
    // (Not the name itself: a short one like "Lea" turns up in random base64 now and then.)
    expect(stored.every((r) => r.meta_data.startsWith('v1.') && !r.meta_data.includes('first_name'))).toBe(
      true,
    );

    expect(taskList).toHaveLength(DEMO_CONTENT.tasks);
    expect(taskList.map((task) => task.status).sort()).toEqual(['closed', 'draft', 'published']);
    // Due at the end of a day in Berlin, as a teacher sets it, not at the seed's time of day.
    const dues = taskList.flatMap((task) => (task.due_date ? [task.due_date] : []));
    expect(dues).toHaveLength(2);
    const berlinTime = new Intl.DateTimeFormat('de-DE', {
      timeZone: 'Europe/Berlin',
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(dues.map((due) => berlinTime.format(new Date(due)))).toEqual(['23:59', '23:59']);
  });

  it('has an open task whose submit page works and a full rubric on the graded one', async () => {
    const { taskList, graded } = await demoState(t, teacher);
    const open = taskList.find((task) => task.status === 'published')!;
    const page = await t.app.inject({ method: 'GET', url: `/api/submit/${open.id}` });
    expect(page.statusCode).toBe(200);
    const rubric = ZTaskRubric.parse((await teacher.call('GET', `/api/tasks/${graded!.id}/rubric`)).json());
    expect(rubric.skill_groups.length).toBeGreaterThanOrEqual(2);
    const skills = rubric.skill_groups.flatMap((group) => group.skills);
    expect(rubric.skill_groups.every((group) => group.skills.length > 0)).toBe(true);
    expect(skillsComplete(skills).complete).toBe(true);
    // One descriptor per score, 0..maxScore.
    for (const skill of skills)
      expect(skill.details.map((d) => d.score)).toEqual(
        Array.from({ length: skill.maxScore + 1 }, (_, i) => i),
      );
  });

  it('has hand-ins with photos and AI suggestions, some changed by the teacher', async () => {
    const { graded, submissions, files } = await demoState(t, teacher);
    const handedIn = submissions.filter((s) => s.display_status !== 'offen' && s.status !== 'offen');
    expect(handedIn).toHaveLength(DEMO_CONTENT.submissions);
    expect(files).toHaveLength(DEMO_CONTENT.submissions);
    for (const file of files) expect(await t.app.storage.exists(file.storage_key)).toBe(true);
    // Every photo is a different JPEG (the same photo twice would be marked as shared).
    expect(new Set(files.map((f) => f.sha256)).size).toBe(files.length);
    const photo = await teacher.call('GET', `/api/files/${files[0]!.id}/content`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const rows = await t.app.db
      .select()
      .from(skillFeedback)
      .where(
        inArray(
          skillFeedback.submission_id,
          handedIn.map((s) => s.id),
        ),
      );
    expect(rows.length).toBe(DEMO_CONTENT.submissions * 4);
    // Marked as AI results are: the AI's value kept in ai_score / ai_reason.
    expect(rows.every((r) => r.ai_score !== null && r.ai_reason)).toBe(true);
    const changed = rows.filter((r) => r.teacher_edited_at !== null);
    expect(new Set(changed.map((r) => r.submission_id)).size).toBe(DEMO_CONTENT.teacherCorrected);
    expect(changed.every((r) => r.score !== r.ai_score)).toBe(true);

    const grading = ZGradingResponse.parse(
      (await teacher.call('GET', `/api/feedback/${changed[0]!.submission_id}`)).json(),
    );
    expect(grading.task.id).toBe(graded!.id);
    expect(grading.submission.files).toHaveLength(1);
    const skillsOf = grading.groups.flatMap((g) => g.skills);
    const edited = skillsOf.find((s) => s.feedback.teacher_edited_at !== null)!;
    expect(edited.feedback.ai_score).not.toBe(edited.feedback.score);
  });

  it('quotes as AI evidence only text drawn on that hand-in’s photo, boxed where the ink is; one skill is unsicher', async () => {
    const { submissions, files } = await demoState(t, teacher);
    const handedIn = submissions.filter((s) => s.status !== 'offen');
    const rows = await t.app.db
      .select()
      .from(skillFeedback)
      .where(
        inArray(
          skillFeedback.submission_id,
          handedIn.map((s) => s.id),
        ),
      );
    const fileOf = new Map(files.map((f) => [f.submission_id, f]));
    // The photos are named after the hand-in's index (seed.ts).
    const indexOf = (name: string) => Number(/^IMG_(\d+)\.jpg$/.exec(name)![1]) - 2040;
    let quotes = 0;
    for (const row of rows) {
      const file = fileOf.get(row.submission_id)!;
      const { drawn } = demoPage(indexOf(file.original_name));
      const evidence = row.ai_evidence ?? [];
      for (const e of evidence) {
        // The text the demo drew on this photo, and the box it was drawn in.
        expect(
          drawn.map((d) => d.text),
          e.quote,
        ).toContain(e.quote);
        expect(drawn.some((d) => d.text === e.quote && isDeepStrictEqual(d.box, e.box))).toBe(true);
        expect(e).toMatchObject({ file_id: file.id, page: 1 });
        quotes++;
      }
      // The student's link shows the same quotes.
      expect(row.proof).toEqual(evidence.map((e) => e.quote));
    }
    expect(quotes).toBeGreaterThan(DEMO_CONTENT.submissions * 4);
    // No quote of the old demo that no photo has ("3x + 5 = 20 | −5").
    expect(rows.flatMap((r) => r.proof).some((q) => q.includes('−'))).toBe(false);

    const unsure = rows.filter((r) => isUnsureSuggestion(r));
    expect(new Set(unsure.map((r) => r.submission_id)).size).toBe(DEMO_CONTENT.unsure);
    for (const row of rows) {
      const runs = row.ai_runs!;
      expect(runs.length).toBeGreaterThanOrEqual(2);
      expect(row.ai_spread).toBe(Math.max(...runs) - Math.min(...runs));
      // The suggestion is the runs' median (the lower one of two).
      const sorted = [...runs].sort((a, b) => a - b);
      expect(row.ai_score).toBe(sorted[Math.floor((sorted.length - 1) / 2)]);
    }
    const [open] = unsure;
    expect(new Set(open!.ai_runs).size).toBeGreaterThanOrEqual(2);
    expect(open).toMatchObject({ score: -1, teacher_edited_at: null });
    expect(open!.ai_evidence!.some((e) => e.box !== null)).toBe(true);

    // The teacher's view: the runs and the evidence box of the unsure skill.
    const grading = ZGradingResponse.parse(
      (await teacher.call('GET', `/api/feedback/${open!.submission_id}`)).json(),
    );
    const skill = grading.groups.flatMap((g) => g.skills).find((s) => s.feedback.id === open!.id)!;
    expect(isUnsureSuggestion(skill.feedback)).toBe(true);
    expect(skill.feedback.evidence.length).toBeGreaterThan(0);

    // On the photos themselves: every box of two hand-ins (one of them the unsure one) holds ink.
    for (const submissionId of [open!.submission_id, handedIn[0]!.id]) {
      const file = fileOf.get(submissionId)!;
      const chunks: Buffer[] = [];
      for await (const chunk of await t.app.storage.get(file.storage_key)) chunks.push(chunk as Buffer);
      const { data, info } = await sharp(Buffer.concat(chunks))
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      for (const e of rows.filter((r) => r.submission_id === submissionId).flatMap((r) => r.ai_evidence!)) {
        const box = e.box!;
        let ink = 0;
        for (let y = Math.floor(box.y * info.height); y < (box.y + box.h) * info.height; y++)
          for (let x = Math.floor(box.x * info.width); x < (box.x + box.w) * info.width; x++)
            if (data[y * info.width + x]! < 80) ink++;
        expect(ink, e.quote).toBeGreaterThan(40);
      }
    }
  });

  it('hands two back with feedback links that work without an account', async () => {
    const { submissions } = await demoState(t, teacher);
    const released = submissions.filter((s) => s.status === 'ausgeteilt');
    expect(released).toHaveLength(DEMO_CONTENT.handedBack);
    for (const s of released) {
      const grading = ZGradingResponse.parse((await teacher.call('GET', `/api/feedback/${s.id}`)).json());
      const token = new URL(grading.submission.feedback_url!).pathname.split('/').pop()!;
      const link = await t.app.inject({ method: 'GET', url: `/api/feedback-link/${token}` });
      expect(link.statusCode).toBe(200);
      const body = link.json<{ files: Array<{ id: string }> }>();
      expect(body.files).toHaveLength(1);
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/feedback-link/${token}/files/${body.files[0]!.id}`,
      });
      expect(file.statusCode).toBe(200);
    }
  });

  it('has a notification and a coin balance', async () => {
    const inbox = (await teacher.call('GET', '/api/notifications')).json<{
      notifications: Array<{ title: string; read_at: string | null }>;
      coinCount: number;
    }>();
    expect(inbox.notifications.map((n) => n.title)).toContain('KI-Korrektur abgeschlossen');
    // The starting grant, untouched: visitors can try the AI with all of it.
    expect(inbox.coinCount).toBe(t.app.config.AI_START_COINS);
  });

  it('seeds once: a second start changes nothing', async () => {
    const before = await demoState(t, teacher);
    expect(await startDemo(systemContext(t.app, t.app.log))).toEqual({ seeded: false });
    const after = await demoState(t, teacher);
    expect(after.taskList.map((x) => x.id)).toEqual(before.taskList.map((x) => x.id));
    expect(after.files).toHaveLength(DEMO_CONTENT.submissions);
  });

  it('`demo reset` restores a changed demo and removes the old files', async () => {
    const before = await demoState(t, teacher);
    const oldKeys = before.files.map((f) => f.storage_key);
    const oldLinks = before.submissions.filter((s) => s.status === 'ausgeteilt').map((s) => s.id);
    const { submission } = ZGradingResponse.parse(
      (await teacher.call('GET', `/api/feedback/${oldLinks[0]}`)).json(),
    );
    const oldToken = new URL(submission.feedback_url!).pathname.split('/').pop()!;
    // A visitor deletes the graded task and adds a class.
    expect((await teacher.call('DELETE', `/api/tasks/${before.graded!.id}`)).statusCode).toBe(200);
    await teacher.call('POST', '/api/classes', {
      name: '9c',
      grade: '9',
      subject_id: (await t.app.db.select().from(subjects).where(eq(subjects.created_by, teacherId)))[0]!.id,
    });

    const result = await runCommand(['demo', 'reset'], {
      db: t.app.db,
      authAdmin: t.app.authAdmin,
      system: () => systemContext(t.app, t.app.log),
      demo: true,
    });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('Demo zurückgesetzt');

    const after = await demoState(t, teacher);
    expect(after.classList.map((c) => c.name)).toEqual([DEMO_CONTENT.className]);
    expect(after.taskList).toHaveLength(DEMO_CONTENT.tasks);
    expect(after.files).toHaveLength(DEMO_CONTENT.submissions);
    for (const key of oldKeys) expect(await t.app.storage.exists(key)).toBe(false);
    for (const file of after.files) expect(await t.app.storage.exists(file.storage_key)).toBe(true);
    // Exactly one demo class and 24 students again: nothing of the old demo is left over.
    expect(await t.app.db.select().from(classes).where(eq(classes.created_by, teacherId))).toHaveLength(1);
    expect(
      await t.app.db.select().from(userProfile).where(eq(userProfile.created_by, teacherId)),
    ).toHaveLength(DEMO_CONTENT.students + 1);
    expect((await t.app.inject({ method: 'GET', url: `/api/feedback-link/${oldToken}` })).statusCode).toBe(
      404,
    );
    // The visitor's session goes on working.
    expect((await teacher.call('GET', '/api/classes')).statusCode).toBe(200);
  });

  it('resets itself once a day', async () => {
    const ctx = systemContext(t.app, t.app.log);
    expect(await resetDemoIfDue(ctx)).toBe(false);
    const before = (await demoState(t, teacher)).taskList.map((x) => x.id);
    await t.app.db
      .update(userProfile)
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(userProfile.user_id, teacherId));
    expect(await resetDemoIfDue(ctx)).toBe(true);
    const after = await demoState(t, teacher);
    expect(after.taskList).toHaveLength(DEMO_CONTENT.tasks);
    expect(after.taskList.some((x) => before.includes(x.id))).toBe(false);
    expect(await resetDemoIfDue(ctx)).toBe(false);
  });

  it('keeps the shared logins: no password change, no deletion', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: DEMO_TEACHER.email, password: DEMO_TEACHER.password },
    });
    const { access_token } = login.json<{ access_token: string }>();
    const change = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: { authorization: `Bearer ${access_token}` },
      payload: { password: 'AnderesPasswort2026' },
    });
    expect([change.statusCode, change.json<{ error_code: string }>().error_code]).toEqual([
      403,
      'demo_account_locked',
    ]);
    const metadataOnly = await t.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: { authorization: `Bearer ${access_token}` },
      payload: { data: { registration_pending: false } },
    });
    expect(metadataOnly.statusCode).toBe(200);

    const remove = await teacher.call('DELETE', '/api/account');
    expect([remove.statusCode, errorOf(remove.json()).code]).toEqual([403, 'DEMO_ACCOUNT_LOCKED']);
    const admin = await signIn(t.app, {
      id: (await t.app.authAdmin.getUserByEmail(DEMO_ACCOUNTS[1]!.email))!.id,
      role: 'organization_member',
    });
    const byAdmin = await admin.call('DELETE', '/api/admin/deleteUser', { user_id: teacherId });
    expect([byAdmin.statusCode, errorOf(byAdmin.json()).code]).toEqual([403, 'DEMO_ACCOUNT_LOCKED']);
    expect(await t.app.authAdmin.getUserById(teacherId)).not.toBeNull();
    // The password still signs in.
    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: DEMO_TEACHER.email, password: DEMO_TEACHER.password },
    });
    expect(again.statusCode).toBe(200);
  });

  it('logs how long seeding took', () => {
    const seeded = t.logs.filter((l) => l.msg === 'Demo-Inhalte angelegt');
    expect(seeded.length).toBeGreaterThanOrEqual(3);
    // Not a timed test: printed for the record.
    console.info(
      `Demo seeding on ${driver}: ${seeded.map((l) => `${String(l.ms)} ms (CPU ${String(l.cpuMs)} ms)`).join(', ')}`,
    );
  });
});

describe('Demo switched off (DEMO=0)', () => {
  it('seeds nothing and refuses a reset', async () => {
    const t = await createTestApp({ env: { DEMO: '0' } });
    try {
      expect(await t.app.authAdmin.getUserByEmail(DEMO_TEACHER.email)).toBeNull();
      expect(await t.app.db.select().from(tasks)).toHaveLength(0);
      expect(await t.app.db.select().from(userProfile)).toHaveLength(0);
      const result = await runCommand(['demo', 'reset'], {
        db: t.app.db,
        authAdmin: t.app.authAdmin,
        system: () => systemContext(t.app, t.app.log),
        demo: t.app.config.DEMO,
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('DEMO=0');
      expect(await t.app.authAdmin.getUserByEmail(DEMO_TEACHER.email)).toBeNull();
      expect(await t.app.db.select().from(classes)).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
