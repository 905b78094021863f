import {
  errorMessages,
  GRADE_CHANGES_CSV_HEADER,
  ZAcceptSuggestionsResponse,
  ZGradeChangesResponse,
  type GradeChange,
} from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeServer } from '../../../tests/fixtures/fake-ai-control';
import { startFakeOpenAi } from '../../../tests/fixtures/fake-openai';
import { gradeChanges, skillFeedback, submissions } from '../src/db/schema';
import { systemContext } from '../src/domain/context';
import { runCorrectionJob, toAiSkillGroups, type CorrectionJobData } from '../src/domain/corrections';
import { aiTaskContext, loadRubric } from '../src/domain/rubrics';
import { createTestApp, type TestApp } from './helpers/app';
import { classroom, type Classroom } from './helpers/classroom';
import { drivers } from './helpers/database';
import { errorOf, signIn, type SignedIn } from './helpers/tokens';

// The audit log of scores (ADR 026): the AI's correction job, the teacher's changes, resets and "Alle
// Vorschläge übernehmen" each log in their own transaction; only the submission's teacher reads the log.

describe.each(drivers)('Grade audit log on %s', (driver) => {
  let fake: FakeServer;
  let t: TestApp;
  let owner: SignedIn;
  let other: SignedIn;
  let room: Classroom;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'test-key' });
    t = await createTestApp({
      driver,
      env: {
        AI_PROVIDER: 'openai',
        OPENAI_BASE_URL: `${fake.url}/v1`,
        OPENAI_API_KEY: 'test-key',
        AI_TIMEOUT_MS: '5000',
        PUBLIC_URL: 'https://schule.example',
      },
    });
    owner = await signIn(t.app);
    other = await signIn(t.app);
    // Right after boot PGlite and the job queue may keep the event loop busy: under-pressure answers 503.
    let profile = await owner.call('PUT', '/api/profile', {
      meta_data: { first_name: 'Anna', last_name: 'Bäcker' },
    });
    for (let i = 0; profile.statusCode === 503 && i < 40; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      profile = await owner.call('PUT', '/api/profile', {
        meta_data: { first_name: 'Anna', last_name: 'Bäcker' },
      });
    }
    expect(profile.statusCode, profile.body).toBe(200);
    room = await classroom(t.app, owner, { students: 4, title: 'Hebelgesetz' });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** The AI's correction job for one submission, as a worker runs it (the AI is the loopback fake). */
  async function aiCorrects(submissionId: string) {
    const jobId = crypto.randomUUID();
    await t.app.db
      .update(submissions)
      .set({ status: 'inKorrektur', correction_job_id: jobId })
      .where(eq(submissions.id, submissionId));
    const rubric = await loadRubric(t.app.db, owner.id, room.task.id);
    const data: CorrectionJobData = {
      submissionId,
      taskId: room.task.id,
      ownerId: owner.id,
      cost: 0,
      context: await aiTaskContext(t.app.db, owner.id, room.task.id),
      skill_groups: toAiSkillGroups(rubric!),
    };
    expect(await runCorrectionJob(systemContext(t.app, t.app.log), { id: jobId, data })).toBe('corrected');
  }

  const changesOf = async (submissionId: string): Promise<GradeChange[]> => {
    const res = await owner.call('GET', `/api/feedback/${submissionId}/changes`);
    expect(res.statusCode).toBe(200);
    return ZGradeChangesResponse.parse(res.json()).changes;
  };
  const scoresOf = (submissionId: string) =>
    t.app.db
      .select({
        skill_id: skillFeedback.skill_id,
        score: skillFeedback.score,
        ai_score: skillFeedback.ai_score,
        edited: skillFeedback.teacher_edited_at,
      })
      .from(skillFeedback)
      .where(eq(skillFeedback.submission_id, submissionId));
  const view = async (submissionId: string) =>
    expect((await owner.call('GET', `/api/feedback/${submissionId}`)).statusCode).toBe(200);
  const accept = (who: SignedIn, submissionId: string) =>
    who.call('POST', `/api/feedback/${submissionId}/accept-suggestions`);

  it('The AI’s stored suggestions are logged as the AI’s, from not scored to the suggestion', async () => {
    const id = room.submissionIds[0]!;
    await aiCorrects(id);
    const changes = await changesOf(id);
    const stored = await scoresOf(id);
    expect(changes).toHaveLength(room.skillIds.length);
    for (const change of changes) {
      expect(change).toMatchObject({
        actor: 'ai',
        teacher_id: null,
        teacher_name: null,
        mine: false,
        from_score: -1,
        submission_id: id,
      });
      expect(change.to_score).toBe(stored.find((s) => s.skill_id === change.skill_id)!.score);
    }
    expect(new Set(changes.map((c) => c.skill_name))).toEqual(new Set(['Ansatz', 'Ergebnis', 'Lesbarkeit']));
  });

  it('A teacher’s score logs from → to with the teacher’s id; a later reset adds entries and erases none', async () => {
    const id = room.submissionIds[0]!;
    const [ansatz] = room.skillIds as [string];
    const aiScore = (await scoresOf(id)).find((s) => s.skill_id === ansatz)!.score;
    const mine = (aiScore + 1) % 4;
    const put = await owner.call('PUT', `/api/feedback/${id}/skills/${ansatz}`, { score: mine });
    expect(put.statusCode).toBe(200);
    const [latest, ...earlier] = await changesOf(id);
    expect(latest).toMatchObject({
      actor: 'teacher',
      teacher_id: owner.id,
      teacher_name: 'Anna Bäcker',
      mine: true,
      skill_id: ansatz,
      skill_name: 'Ansatz',
      from_score: aiScore,
      to_score: mine,
    });
    expect(earlier).toHaveLength(3);

    // Saving the same score again is no change.
    await owner.call('PUT', `/api/feedback/${id}/skills/${ansatz}`, { score: mine });
    expect(await changesOf(id)).toHaveLength(4);

    // Deleting the skill's feedback: from the teacher's score to not scored.
    expect((await owner.call('DELETE', `/api/feedback/${id}/skills/${ansatz}`)).statusCode).toBe(200);
    const [deleted] = await changesOf(id);
    expect(deleted).toMatchObject({ actor: 'teacher', skill_id: ansatz, from_score: mine, to_score: -1 });

    const reset = await owner.call('POST', `/api/feedback/${id}/reset`);
    expect(reset.statusCode).toBe(200);
    const after = await changesOf(id);
    const resets = after.filter((c) => c.to_score === -1 && c.actor === 'teacher');
    expect(resets.length).toBe(after.length - 4);
    expect(resets.length).toBeGreaterThan(1);
    expect(resets.every((c) => c.teacher_id === owner.id)).toBe(true);
    // Every earlier entry is still there, unchanged.
    expect(after.slice(after.length - 5)).toEqual([deleted, latest, ...earlier]);
  });

  it('Alle Vorschläge übernehmen: refused before the grading view, then takes every untouched suggestion as the teacher’s', async () => {
    const id = room.submissionIds[1]!;
    const [ansatz] = room.skillIds as [string];
    await aiCorrects(id);
    const refused = await accept(owner, id);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused.json()).code).toBe('GRADING_NOT_VIEWED');
    expect((await scoresOf(id)).every((s) => s.edited === null)).toBe(true);

    // The teacher changes one skill themselves: accept-all leaves it alone.
    await view(id);
    await owner.call('PUT', `/api/feedback/${id}/skills/${ansatz}`, { score: 0 });
    const res = await accept(owner, id);
    expect(res.statusCode).toBe(200);
    const body = ZAcceptSuggestionsResponse.parse(res.json());
    expect(new Set(body.accepted_skill_ids)).toEqual(new Set(room.skillIds.filter((s) => s !== ansatz)));
    const rows = await scoresOf(id);
    for (const row of rows) {
      expect(row.edited).not.toBeNull();
      expect(row.score).toBe(row.skill_id === ansatz ? 0 : row.ai_score);
    }
    const logged = (await changesOf(id)).filter(
      (c) => c.actor === 'teacher' && body.accepted_skill_ids.includes(c.skill_id!),
    );
    expect(logged).toHaveLength(2);
    expect(logged.every((c) => c.teacher_id === owner.id && c.from_score === c.to_score)).toBe(true);

    // Nothing left: a second click takes nothing over and logs nothing.
    const count = (await changesOf(id)).length;
    expect(ZAcceptSuggestionsResponse.parse((await accept(owner, id)).json()).accepted_skill_ids).toEqual([]);
    expect(await changesOf(id)).toHaveLength(count);
  });

  it('A suggestion stored after the last view needs a new view before accepting', async () => {
    const id = room.submissionIds[2]!;
    await view(id);
    await aiCorrects(id);
    expect(errorOf((await accept(owner, id)).json()).code).toBe('GRADING_NOT_VIEWED');
    await view(id);
    expect(
      ZAcceptSuggestionsResponse.parse((await accept(owner, id)).json()).accepted_skill_ids,
    ).toHaveLength(room.skillIds.length);
  });

  it('Accepting is refused while the AI corrects the submission', async () => {
    const id = room.submissionIds[3]!;
    await view(id);
    await t.app.db.update(submissions).set({ status: 'inKorrektur' }).where(eq(submissions.id, id));
    const res = await accept(owner, id);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.json()).code).toBe('CORRECTION_RUNNING');
    await t.app.db.update(submissions).set({ status: 'abgegeben' }).where(eq(submissions.id, id));
  });

  it('There is no accept-all over a whole task', async () => {
    const res = await owner.call('POST', `/api/feedback/tasks/${room.task.id}/accept-suggestions`);
    expect(res.statusCode).toBe(404);
  });

  it('The CSV export: German headers, UTF-8 with BOM, one line per change with student, skill, who, from, to', async () => {
    const id = room.submissionIds[1]!;
    const res = await owner.call('GET', `/api/feedback/${id}/changes.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Zeitpunkt;Schüler;Kompetenz;Geändert von;Vorher;Nachher');
    expect(lines[0]).toBe(GRADE_CHANGES_CSV_HEADER.join(';'));
    const changes = await changesOf(id);
    expect(lines).toHaveLength(changes.length + 1);
    const cells = lines.slice(1).map((l) => l.split(';'));
    const student = room.studentNames[1]!;
    expect(cells.every((c) => c[1] === student)).toBe(true);
    // Oldest first: the AI's three, then the teacher's.
    expect(cells.slice(0, 3).map((c) => [c[3], c[4]])).toEqual([
      ['KI', 'nicht bewertet'],
      ['KI', 'nicht bewertet'],
      ['KI', 'nicht bewertet'],
    ]);
    expect(cells[3]![2]).toBe('Ansatz');
    expect(cells[3]![3]).toBe('Anna Bäcker');
    expect(cells[3]![5]).toBe('0');
    expect(cells[0]![0]).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}$/);
  });

  it('The task’s CSV holds the changes of all its submissions', async () => {
    const res = await owner.call('GET', `/api/feedback/tasks/${room.task.id}/changes.csv`);
    expect(res.statusCode).toBe(200);
    const rows = res.body.slice(1).trimEnd().split('\r\n').slice(1);
    const total = await t.app.db.$count(gradeChanges);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.split(';')[1]))).toEqual(new Set(room.studentNames.slice(0, 3)));
  });

  it('Another teacher gets 404 for the log, both exports and accept-all; nothing is logged for them', async () => {
    const id = room.submissionIds[1]!;
    const before = await t.app.db.$count(gradeChanges);
    for (const [method, url, code] of [
      ['GET', `/api/feedback/${id}/changes`, 'SUBMISSION_NOT_FOUND'],
      ['GET', `/api/feedback/${id}/changes.csv`, 'SUBMISSION_NOT_FOUND'],
      ['GET', `/api/feedback/tasks/${room.task.id}/changes.csv`, 'TASK_NOT_FOUND'],
      ['POST', `/api/feedback/${id}/accept-suggestions`, 'SUBMISSION_NOT_FOUND'],
    ] as const) {
      const res = await other.call(method, url);
      expect(res.statusCode, url).toBe(404);
      expect(errorOf(res.json()).code).toBe(code);
    }
    // Their opening of the grading view is a 404 too and counts as no view.
    expect((await other.call('GET', `/api/feedback/${id}`)).statusCode).toBe(404);
    expect(await t.app.db.$count(gradeChanges)).toBe(before);
  });

  it('A malformed submission id is a 400 with a German message, not a 500', async () => {
    for (const [method, url] of [
      ['GET', '/api/feedback/nicht-gültig/changes'],
      ['GET', '/api/feedback/x/changes.csv'],
      ['POST', '/api/feedback/x/accept-suggestions'],
    ] as const) {
      const res = await owner.call(method, url);
      expect(res.statusCode, url).toBe(400);
      expect(errorOf(res.json())).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: errorMessages.VALIDATION_FAILED,
      });
    }
  });

  it('A corrected submission that was not handed back shows nothing on the student’s feedback link', async () => {
    const id = room.submissionIds[1]!;
    // Handed back once, so the link exists; then reset and corrected again by the AI, not handed back.
    const released = await owner.call('POST', `/api/feedback/${id}/release`);
    expect(released.statusCode).toBe(200);
    const [row] = await t.app.db
      .select({ token: submissions.feedback_token })
      .from(submissions)
      .where(eq(submissions.id, id));
    const link = `/api/feedback-link/${row!.token!}`;
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    await owner.call('POST', `/api/feedback/${id}/reset`);
    await aiCorrects(id);
    const [status] = await t.app.db
      .select({ status: submissions.status })
      .from(submissions)
      .where(and(eq(submissions.id, id)));
    expect(status!.status).toBe('korrigiert');
    const res = await t.app.inject({ method: 'GET', url: link });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Ansatz');
    // A submission the AI corrected and nobody handed back has no link at all.
    const [never] = await t.app.db
      .select({ token: submissions.feedback_token })
      .from(submissions)
      .where(eq(submissions.id, room.submissionIds[2]!));
    expect(never!.token).toBeNull();
  });
});
