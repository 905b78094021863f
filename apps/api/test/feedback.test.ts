import {
  errorCatalog,
  newId,
  ZClass,
  ZCreateStudentsResponse,
  ZFeedbackLinkResponse,
  ZGradingResponse,
  ZListSubmissionsResponse,
  ZReleaseFeedbackResponse,
  ZSetGroupFeedbackResponse,
  ZSetSkillScoreResponse,
  ZSubject,
  ZTask,
  ZUploadReceipt,
  type Task,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  skillDetails,
  skillFeedback,
  skillGroupFeedback,
  skillGroups,
  skills,
  skillXSkillGroup,
  submissions,
  taskXSkillGroup,
} from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { baseUrlOf, photo } from './helpers/classroom';
import { drivers } from './helpers/database';
import { errorOf, signIn, type SignedIn } from './helpers/tokens';

// Grading: the teacher corrects the AI's suggestions along the task's rubric (the teacher's value is
// final), hands the feedback back, and the student reads it through the personal link (ADR 010).

/** The AI service's `POST /score` on loopback (PRODUCT.md §7): records calls; answers 500 when told to. */
function fakeScoreService() {
  const calls: Array<{ pl_id: string; score: number }> = [];
  let fail = false;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.url === '/score' && req.method === 'POST') {
        calls.push(JSON.parse(body) as { pl_id: string; score: number });
        res.writeHead(fail ? 500 : 200, { 'content-type': 'application/json' }).end('{}');
      } else res.writeHead(404).end();
    });
  });
  return {
    calls,
    failNext: (value: boolean) => (fail = value),
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitFor(check: () => boolean, ms = 3000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(drivers)('Grading, Austeilen and the feedback link on %s', (driver) => {
  let t: TestApp;
  let base: string;
  let owner: SignedIn;
  let other: SignedIn;
  let task: Task;
  let otherTask: Task;
  const ai = fakeScoreService();
  let students: Array<{ user_id: string; name: string }>;
  /** Rubric: group A (skills a1 max 3, a2 max 2), group B (skill b1 max 4); a skill of another task. */
  const ids = { groupA: newId(), groupB: newId(), a1: newId(), a2: newId(), b1: newId() };
  const foreign = { group: newId(), skill: newId() };
  const subOf: Record<string, string> = {};
  const fileOf: Record<string, string> = {};

  async function upload(studentId: string, seed: number) {
    const form = new FormData();
    form.append('studentId', studentId);
    form.append('files', new Blob([await photo(seed)], { type: 'image/jpeg' }), `Seite ${seed}.jpg`);
    const res = await fetch(`${base}/api/submissions/studentupload/${task.id}`, {
      method: 'POST',
      body: form,
    });
    expect(res.status).toBe(200);
    return ZUploadReceipt.parse(await res.json());
  }

  async function addRubric(
    taskId: string,
    groups: Array<{ id: string; name: string; skills: Array<{ id: string; name: string; max: number }> }>,
  ) {
    const db = t.app.db;
    for (const [position, group] of groups.entries()) {
      await db.insert(skillGroups).values({ id: group.id, name: group.name, created_by: owner.id });
      await db
        .insert(taskXSkillGroup)
        .values({ task_id: taskId, skillGroup_id: group.id, position, created_by: owner.id });
      for (const [i, skill] of group.skills.entries()) {
        await db.insert(skills).values({
          id: skill.id,
          name: skill.name,
          maxScore: skill.max,
          position: i,
          group_id: group.id,
          created_by: owner.id,
        });
        await db
          .insert(skillXSkillGroup)
          .values({ skill_id: skill.id, group_id: group.id, created_by: owner.id });
        for (let score = 0; score <= skill.max; score++)
          await db.insert(skillDetails).values({
            skill_id: skill.id,
            score,
            value: `${skill.name}: Stufe ${score}`,
            created_by: owner.id,
          });
      }
    }
  }

  /** What the AI's feedback job leaves: suggestion rows (score = ai_score, not edited). */
  async function aiSuggests(submissionId: string) {
    await t.app.db.insert(skillFeedback).values([
      {
        skill_id: ids.a1,
        submission_id: submissionId,
        score: 1,
        ai_score: 1,
        reason: 'Ansatz stimmt',
        proof: ['F1·l1'],
        recommendation: 'Einheiten angeben',
        created_by: owner.id,
      },
      {
        skill_id: ids.b1,
        submission_id: submissionId,
        score: 3,
        ai_score: 3,
        reason: 'sauber',
        proof: [],
        recommendation: '',
        created_by: owner.id,
      },
    ]);
    await t.app.db.insert(skillGroupFeedback).values({
      skillGroup_id: ids.groupA,
      submission_id: submissionId,
      feedback: 'KI: Gute Idee.',
      ai_feedback: 'KI: Gute Idee.',
      created_by: owner.id,
    });
    await t.app.db.update(submissions).set({ status: 'korrigiert' }).where(eq(submissions.id, submissionId));
  }

  const grading = async (submissionId: string, who: SignedIn = owner) =>
    ZGradingResponse.parse((await who.call('GET', `/api/feedback/${submissionId}`)).json());
  const getAll = async () =>
    ZListSubmissionsResponse.parse(
      (await owner.call('GET', `/api/submissions/getAll?taskId=${task.id}`)).json(),
    ).data;
  const link = (token: string) => t.app.inject({ method: 'GET', url: `/api/feedback-link/${token}` });
  const tokenOf = (url: string) => url.split('/feedback/')[1]!;

  beforeAll(async () => {
    const aiUrl = await ai.start();
    t = await createTestApp({
      driver,
      env: { AI_PROVIDER: 'service', AI_SERVICE_URL: aiUrl, PUBLIC_URL: 'https://schule.example' },
    });
    base = await baseUrlOf(t.app);
    owner = await signIn(t.app);
    other = await signIn(t.app);
    const subject = ZSubject.parse((await owner.call('POST', '/api/subjects', { name: 'Physik' })).json());
    const klass = ZClass.parse(
      (await owner.call('POST', '/api/classes', { name: '8a', grade: '8', subject_id: subject.id })).json(),
    );
    students = ZCreateStudentsResponse.parse(
      (
        await owner.call('POST', '/api/createStudents', {
          class_id: klass.id,
          names: ['Greta Gärtner', 'Ali Acar', 'Zoe Zander'],
        })
      ).json(),
    ).students;
    task = ZTask.parse(
      (
        await owner.call('POST', '/api/tasks', {
          class_id: klass.id,
          title: 'Hebelgesetz',
          status: 'published',
        })
      ).json(),
    );
    otherTask = ZTask.parse(
      (
        await owner.call('POST', '/api/tasks', { class_id: klass.id, title: 'Auftrieb', status: 'published' })
      ).json(),
    );
    await addRubric(task.id, [
      {
        id: ids.groupA,
        name: 'Physikalisches Verständnis',
        skills: [
          { id: ids.a1, name: 'Ansatz', max: 3 },
          { id: ids.a2, name: 'Einheiten', max: 2 },
        ],
      },
      { id: ids.groupB, name: 'Darstellung', skills: [{ id: ids.b1, name: 'Lesbarkeit', max: 4 }] },
    ]);
    await addRubric(otherTask.id, [
      { id: foreign.group, name: 'Fremd', skills: [{ id: foreign.skill, name: 'Fremd', max: 5 }] },
    ]);
    for (const [i, s] of students.entries()) {
      const receipt = await upload(s.user_id, i + 1);
      fileOf[s.name] = receipt.received[0]!.id;
    }
    for (const entry of await getAll()) subOf[`${entry.name.first_name} ${entry.name.last_name}`] = entry.id;
  });
  afterAll(async () => {
    await t.close();
    await ai.close();
  });

  it('shows every skill of the rubric with the AI suggestion marked, unscored skills as -1', async () => {
    const greta = subOf['Greta Gärtner']!;
    const before = await grading(greta);
    expect(before.groups.map((g) => g.group_name)).toEqual(['Physikalisches Verständnis', 'Darstellung']);
    expect(before.groups.flatMap((g) => g.skills.map((s) => s.feedback.score))).toEqual([-1, -1, -1]);
    expect(before.submission).toMatchObject({
      score: null,
      max_score: 9,
      display_status: 'abgegeben',
      feedback_url: null,
    });
    expect(before.submission.files.map((f) => f.id)).toEqual([fileOf['Greta Gärtner']]);
    expect(before.groups[0]!.skills[0]!.skill.details.map((d) => d.score)).toEqual([0, 1, 2, 3]);

    await aiSuggests(greta);
    const after = await grading(greta);
    const a1 = after.groups[0]!.skills[0]!.feedback;
    expect(a1).toMatchObject({
      score: 1,
      ai_score: 1,
      teacher_edited_at: null,
      reason: 'Ansatz stimmt',
      proof: ['F1·l1'],
    });
    expect(after.groups[0]!.skills[1]!.feedback).toMatchObject({ id: null, score: -1 });
    expect(after.groups[0]!.text).toMatchObject({
      feedback: 'KI: Gute Idee.',
      ai_feedback: 'KI: Gute Idee.',
      teacher_edited_at: null,
    });
    expect(after.groups.map((g) => [g.score, g.max_score])).toEqual([
      [1, 5],
      [3, 4],
    ]);
    expect(after.submission).toMatchObject({ score: 4, display_status: 'korrigiert' });

    // getAll: the display form of PRODUCT.md §3, filled (stored rows only), and the status follows from the
    // score.
    const entry = (await getAll()).find((e) => e.id === greta)!;
    expect(entry).toMatchObject({ score: 4, display_status: 'korrigiert' });
    expect(
      entry.feedback.map((g) => [g.group_name, g.score, g.skill_feedbacks.length, g.group_feedback]),
    ).toEqual([
      ['Physikalisches Verständnis', 1, 1, 'KI: Gute Idee.'],
      ['Darstellung', 3, 1, ''],
    ]);
    const ali = (await getAll()).find((e) => e.id === subOf['Ali Acar'])!;
    expect(ali).toMatchObject({ score: null, display_status: 'abgegeben' });
    expect(ali.feedback.map((g) => g.skill_feedbacks.length)).toEqual([0, 0]);
  });

  it('keeps a score within 0..maxScore or -1, for skills of the task’s rubric only', async () => {
    const ali = subOf['Ali Acar']!;
    const put = (skillId: string, score: unknown) =>
      owner.call('PUT', `/api/feedback/${ali}/skills/${skillId}`, { score });
    const above = await put(ids.a2, 3);
    expect(above.statusCode).toBe(400);
    expect(errorOf(above.json())).toMatchObject({
      code: 'SCORE_ABOVE_MAX',
      message: "Score cannot be higher than skill's maximum score",
    });
    for (const bad of [-2, 1.5, '2', null]) expect((await put(ids.a2, bad)).statusCode).toBe(400);
    const foreignSkill = await put(foreign.skill, 1);
    expect(foreignSkill.statusCode).toBe(404);
    expect(errorOf(foreignSkill.json()).code).toBe('SKILL_NOT_FOUND');
    expect((await put(ids.a2, 2)).statusCode).toBe(200);
    expect((await put(ids.a2, 0)).statusCode).toBe(200);
    const unscore = await put(ids.a2, -1);
    expect(ZSetSkillScoreResponse.parse(unscore.json())).toMatchObject({ score: -1, ai_score: null });
    // Nothing scored any more: not korrigiert.
    expect((await grading(ali)).submission).toMatchObject({ score: null, display_status: 'abgegeben' });
    expect((await put(ids.a2, 2)).statusCode).toBe(200);
    expect((await grading(ali)).submission).toMatchObject({
      score: 2,
      display_status: 'korrigiert',
      status: 'korrigiert',
    });
  });

  it('keeps the teacher’s score as final beside the AI’s and sends it to the AI’s score', async () => {
    const greta = subOf['Greta Gärtner']!;
    const res = await owner.call('PUT', `/api/feedback/${greta}/skills/${ids.a1}`, { score: 3 });
    expect(res.statusCode).toBe(200);
    const saved = ZSetSkillScoreResponse.parse(res.json());
    expect(saved).toMatchObject({ score: 3, ai_score: 1, reason: 'Ansatz stimmt' });
    expect(saved.teacher_edited_at).not.toBeNull();
    await waitFor(() => ai.calls.some((c) => c.pl_id === saved.id));
    expect(ai.calls.filter((c) => c.pl_id === saved.id)).toEqual([{ pl_id: saved.id, score: 3 }]);
    const view = await grading(greta);
    expect(view.groups[0]!.skills[0]!.feedback).toMatchObject({ score: 3, ai_score: 1 });
    expect(view.submission.score).toBe(6);

    // The AI service failing never fails the teacher's save.
    ai.failNext(true);
    const again = await owner.call('PUT', `/api/feedback/${greta}/skills/${ids.b1}`, { score: 4 });
    expect(again.statusCode).toBe(200);
    const b1 = ZSetSkillScoreResponse.parse(again.json());
    await waitFor(() => ai.calls.some((c) => c.pl_id === b1.id));
    await waitFor(() => t.logs.some((l) => l.msg === 'KI-Kalibrierung fehlgeschlagen'));
    ai.failNext(false);
    expect((await grading(greta)).submission.score).toBe(7);
  });

  it('saves a group text as the teacher’s, keeping the AI’s text beside it', async () => {
    const greta = subOf['Greta Gärtner']!;
    const res = await owner.call('PUT', `/api/feedback/${greta}/groups/${ids.groupA}`, {
      feedback: 'Sehr gut begründet!',
    });
    expect(res.statusCode).toBe(200);
    const text = ZSetGroupFeedbackResponse.parse(res.json());
    expect(text).toMatchObject({ feedback: 'Sehr gut begründet!', ai_feedback: 'KI: Gute Idee.' });
    expect(text.teacher_edited_at).not.toBeNull();
    expect((await grading(greta)).groups[0]!.text.feedback).toBe('Sehr gut begründet!');
    const foreignGroup = await owner.call('PUT', `/api/feedback/${greta}/groups/${foreign.group}`, {
      feedback: 'x',
    });
    expect(foreignGroup.statusCode).toBe(404);
    const tooLong = await owner.call('PUT', `/api/feedback/${greta}/groups/${ids.groupA}`, {
      feedback: 'x'.repeat(20_001),
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('answers another teacher with 404 everywhere', async () => {
    const greta = subOf['Greta Gärtner']!;
    const calls: Array<[Parameters<SignedIn['call']>[0], string, object?]> = [
      ['GET', `/api/feedback/${greta}`],
      ['PUT', `/api/feedback/${greta}/skills/${ids.a1}`, { score: 0 }],
      ['DELETE', `/api/feedback/${greta}/skills/${ids.a1}`],
      ['PUT', `/api/feedback/${greta}/groups/${ids.groupA}`, { feedback: 'fremd' }],
      ['POST', `/api/feedback/${greta}/reset`],
      ['POST', `/api/feedback/${greta}/release`],
      ['POST', `/api/feedback/tasks/${task.id}/release`],
    ];
    for (const [method, url, body] of calls) {
      const res = await other.call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await grading(greta)).submission.score).toBe(7);
  });

  it('hands back a corrected submission once: ausgeteilt with a link whose token stays', async () => {
    const greta = subOf['Greta Gärtner']!;
    const zoe = subOf['Zoe Zander']!;
    const notReady = await owner.call('POST', `/api/feedback/${zoe}/release`);
    expect(notReady.statusCode).toBe(409);
    expect(errorOf(notReady.json()).code).toBe('FEEDBACK_NOT_READY');

    // "Einheiten" is unscored (no AI suggestion, as when the AI's runs disagree): the student would see
    // "NICHT BEWERTET", so handing back names it and needs a confirmation.
    const unscored = await owner.call('POST', `/api/feedback/${greta}/release`);
    expect(unscored.statusCode).toBe(409);
    expect(errorOf(unscored.json())).toMatchObject({
      code: 'FEEDBACK_UNSCORED_SKILLS',
      message: errorCatalog.FEEDBACK_UNSCORED_SKILLS.message,
      details: { unscored_skills: ['Einheiten'] },
    });
    expect((await grading(greta)).submission.status).toBe('korrigiert');
    // The whole task leaves both out and says which and why.
    const none = ZReleaseFeedbackResponse.parse(
      (await owner.call('POST', `/api/feedback/tasks/${task.id}/release`)).json(),
    );
    expect(none.released).toEqual([]);
    expect(none.skipped.map((s) => s.submission_id).sort()).toEqual([greta, subOf['Ali Acar']!].sort());
    expect(none.skipped.find((s) => s.submission_id === greta)!.unscored_skills).toEqual(['Einheiten']);
    const aliUnscored = none.skipped.find((s) => s.submission_id === subOf['Ali Acar'])!.unscored_skills;
    expect(aliUnscored.length).toBeGreaterThan(0);

    const first = ZReleaseFeedbackResponse.parse(
      (await owner.call('POST', `/api/feedback/${greta}/release`, { allowUnscored: true })).json(),
    );
    expect(first.released).toHaveLength(1);
    const url = first.released[0]!.feedback_url;
    expect(url).toMatch(/^https:\/\/schule\.example\/feedback\/[A-Za-z0-9_-]{32}$/);
    const second = ZReleaseFeedbackResponse.parse(
      (await owner.call('POST', `/api/feedback/${greta}/release`, { allowUnscored: true })).json(),
    );
    expect(second.released[0]!.feedback_url).toBe(url);
    expect((await grading(greta)).submission).toMatchObject({
      status: 'ausgeteilt',
      display_status: 'ausgeteilt',
      feedback_url: url,
    });

    // The whole task: Ali (now fully scored); Greta still has "Einheiten" unscored and is left out (her
    // link stays); Zoe has nothing scored.
    const ali = subOf['Ali Acar']!;
    const idOf: Record<string, string> = { Ansatz: ids.a1, Einheiten: ids.a2, Lesbarkeit: ids.b1 };
    for (const name of aliUnscored)
      expect(
        (await owner.call('PUT', `/api/feedback/${ali}/skills/${idOf[name]!}`, { score: 1 })).statusCode,
      ).toBe(200);
    const all = ZReleaseFeedbackResponse.parse(
      (await owner.call('POST', `/api/feedback/tasks/${task.id}/release`)).json(),
    );
    expect(all.released.map((r) => r.submission_id)).toEqual([ali]);
    expect(all.skipped).toEqual([{ submission_id: greta, unscored_skills: ['Einheiten'] }]);
    expect((await grading(greta)).submission.feedback_url).toBe(url);
    const statuses = Object.fromEntries((await getAll()).map((e) => [e.id, e.display_status]));
    expect(statuses).toEqual({
      [greta]: 'ausgeteilt',
      [subOf['Ali Acar']!]: 'ausgeteilt',
      [zoe]: 'abgegeben',
    });
  });

  it('shows the student their feedback through the link: first name only, read-only, own files only', async () => {
    const greta = subOf['Greta Gärtner']!;
    const url = (await grading(greta)).submission.feedback_url!;
    const res = await link(tokenOf(url));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = ZFeedbackLinkResponse.parse(res.json());
    expect(body.student).toEqual({ first_name: 'Greta' });
    expect(body.task.title).toBe('Hebelgesetz');
    expect(body).toMatchObject({ score: 7, max_score: 9 });
    expect(body.groups.map((g) => [g.group_name, g.group_feedback, g.score, g.max_score])).toEqual([
      ['Physikalisches Verständnis', 'Sehr gut begründet!', 3, 5],
      ['Darstellung', '', 4, 4],
    ]);
    // The teacher raised the AI's 1 to 3: the AI's reason and recommendation were for 1 and are not shown.
    expect(body.groups[0]!.skills[0]).toMatchObject({
      name: 'Ansatz',
      score: 3,
      level: 'Ansatz: Stufe 3',
      reason: '',
      recommendation: '',
    });
    const raw = res.body;
    for (const secret of ['Gärtner', owner.id, students[0]!.user_id, greta])
      expect(raw).not.toContain(secret);

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/feedback-link/${tokenOf(url)}/files/${body.files[0]!.id}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers).toMatchObject({ 'content-type': 'image/jpeg', 'x-content-type-options': 'nosniff' });
    expect(file.headers['content-disposition']).toContain('inline; filename="Seite 1.jpg"');
    // Another student's file through this token: 404.
    const foreignFile = await t.app.inject({
      method: 'GET',
      url: `/api/feedback-link/${tokenOf(url)}/files/${fileOf['Ali Acar']!}`,
    });
    expect(foreignFile.statusCode).toBe(404);
  });

  it('answers unknown, malformed and not-released tokens with the same German 404', async () => {
    for (const token of ['A'.repeat(32), 'kurz', 'ä%2F..']) {
      const res = await link(token);
      expect(res.statusCode, token).toBe(404);
      expect(errorOf(res.json())).toMatchObject({
        code: 'FEEDBACK_LINK_NOT_FOUND',
        message:
          'Diese Rückmeldung gibt es nicht oder sie ist noch nicht freigegeben. Frag bitte deine Lehrkraft.',
      });
    }
    // A token on a submission that is not handed back (yet, or any more) does not open it.
    const zoe = subOf['Zoe Zander']!;
    await t.app.db
      .update(submissions)
      .set({ feedback_token: 'zoe-token-not-released-yet-000000' })
      .where(eq(submissions.id, zoe));
    expect((await link('zoe-token-not-released-yet-000000')).statusCode).toBe(404);
  });

  it('resets a submission’s feedback: rows gone, status back, link closed until handed back again', async () => {
    const greta = subOf['Greta Gärtner']!;
    const url = (await grading(greta)).submission.feedback_url!;
    const del = await owner.call('DELETE', `/api/feedback/${greta}/skills/${ids.b1}`);
    expect(del.statusCode).toBe(200);
    expect((await grading(greta)).submission.score).toBe(3);

    const reset = await owner.call('POST', `/api/feedback/${greta}/reset`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ submission_id: greta, status: 'abgegeben' });
    const view = await grading(greta);
    expect(view.groups.flatMap((g) => g.skills.map((s) => s.feedback.id))).toEqual([null, null, null]);
    expect(view.groups.map((g) => g.text.feedback)).toEqual(['', '']);
    expect(view.submission).toMatchObject({ score: null, display_status: 'abgegeben', feedback_url: null });
    expect((await link(tokenOf(url))).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/feedback-link/${tokenOf(url)}/files/${fileOf['Greta Gärtner']!}`,
        })
      ).statusCode,
    ).toBe(404);

    // Scored and handed back again: the same link works again.
    await owner.call('PUT', `/api/feedback/${greta}/skills/${ids.a1}`, { score: 2 });
    const again = ZReleaseFeedbackResponse.parse(
      (await owner.call('POST', `/api/feedback/${greta}/release`, { allowUnscored: true })).json(),
    );
    expect(again.released[0]!.feedback_url).toBe(url);
    expect((await link(tokenOf(url))).statusCode).toBe(200);
  });

  it('lets the app’s own pages embed a PDF (grading and feedback pages show it in an iframe)', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 300]);
    const form = new FormData();
    form.append('studentId', students[2]!.user_id);
    form.append(
      'files',
      new Blob([new Uint8Array(await doc.save())], { type: 'application/pdf' }),
      'Blatt.pdf',
    );
    const res = await fetch(`${base}/api/submissions/studentupload/${task.id}`, {
      method: 'POST',
      body: form,
    });
    expect(res.status).toBe(200);
    const pdfId = ZUploadReceipt.parse(await res.json()).received[0]!.id;
    const file = await owner.call('GET', `/api/files/${pdfId}/content`);
    expect(file.statusCode).toBe(200);
    expect(file.headers).toMatchObject({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "frame-ancestors 'self'",
    });
    // Images keep the locked-down policy.
    const image = await owner.call('GET', `/api/files/${fileOf['Zoe Zander']!}/content`);
    expect(image.headers['content-security-policy']).toContain('sandbox');
    expect(image.headers['content-security-policy']).not.toContain('frame-ancestors');
  });

  // Last: it uses up this client's allowance for the link page.
  it('limits how often one client may try links (300 a minute)', async () => {
    let res = await link('versuch-0');
    let tries = 1;
    while (res.statusCode !== 429 && tries < 400) {
      tries++;
      res = await link(`versuch-${tries}`);
    }
    expect(res.statusCode).toBe(429);
    expect(errorOf(res.json()).code).toBe('RATE_LIMITED');
    // A few 200s came from the tests above; the limit counts every answer, refused ones too.
    expect(tries).toBeLessThanOrEqual(300);
    expect(tries).toBeGreaterThan(250);
  });
});
