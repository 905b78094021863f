import { isUnsureSuggestion, ZGradingResponse, type GradingSkillFeedback } from '@app/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { skillFeedbackAnswer } from '../../../tests/fixtures/fake-ai-answers';
import { mentions, type FakeServer } from '../../../tests/fixtures/fake-ai-control';
import { startFakeOpenAi } from '../../../tests/fixtures/fake-openai';
import { defaultFeedbackRuns } from '../src/ai/gateway';
import { coinBalance, grantCoins } from '../src/domain/coins';
import { CORRECTION_MESSAGES } from '../src/domain/corrections';
import { createTestApp, type TestApp } from './helpers/app';
import { classroom, feedbackRows, statusOf, until, type Classroom } from './helpers/classroom';
import { drivers } from './helpers/database';
import { signIn as signInOnly, type SignedIn } from './helpers/tokens';

// Consistency and evidence of the AI's feedback (ADR 024): k runs of skill_feedback against the loopback
// OpenAI fake, whose runs the tests make disagree; the median is the suggestion, a spread above one level
// leaves the skill unscored ("unsicher"), and every suggestion carries a quote with a place on the scan.

describe.each(drivers)('AI consistency and evidence on %s', (driver) => {
  let fake: FakeServer;
  let t: TestApp;
  let teacher: SignedIn;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp({
      driver,
      // AI_FEEDBACK_RUNS unset: the openai default of three runs.
      env: {
        AI_PROVIDER: 'openai',
        OPENAI_BASE_URL: `${fake.url}/v1`,
        AI_TIMEOUT_MS: '5000',
        FEEDBACK_RETRIES: '0',
        FEEDBACK_RETRY_DELAY_SECONDS: '0',
        FEEDBACK_HEARTBEAT_SECONDS: '0',
        JOBS_MONITOR_SECONDS: '1',
      },
    });
    teacher = await signInOnly(t.app);
    await grantCoins(t.app.db, { userId: teacher.id, amount: 20, by: null });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.control.reset());

  /** One submission corrected by the AI; resolves with the grading view's skills by name. */
  const correct = async (room: Classroom) => {
    const id = room.submissionIds[0]!;
    expect((await teacher.call('POST', '/api/corrections', { submissionId: id })).statusCode).toBe(200);
    await until(async () => (await statusOf(t.app, id)).status !== 'inKorrektur', 20_000, 'the correction');
    return id;
  };
  const skillsOf = async (id: string, viewer = teacher) => {
    const res = await viewer.call('GET', `/api/feedback/${id}`);
    expect(res.statusCode).toBe(200);
    const view = ZGradingResponse.parse(res.json());
    return new Map<string, GradingSkillFeedback>(
      view.groups.flatMap((g) => g.skills.map((s) => [s.skill.name, s.feedback] as const)),
    );
  };
  const sorted = (runs: number[] | null) => [...(runs ?? [])].sort((a, b) => a - b);

  it('runs three times for openai by default and once for the service', () => {
    expect(t.app.ai?.feedbackRuns).toBe(3);
    expect(defaultFeedbackRuns('openai')).toBe(3);
    expect(defaultFeedbackRuns('service')).toBe(1);
  });

  it('Runs that disagree by more than one level: stored with their spread, marked unsure, not pre-selected', async () => {
    const room = await classroom(t.app, teacher, { students: 1 });
    // Ansatz (max 3) and Lesbarkeit (max 4) get 3, 1, 1 → spread 2; Ergebnis (max 2) gets 2, 1, 1 → spread 1.
    fake.control.feedbackScores([3, 1, 1]);
    const id = await correct(room);
    expect((await statusOf(t.app, id)).status).toBe('korrigiert');
    expect(fake.control.calls.chat).toBe(3);

    const skills = await skillsOf(id);
    for (const name of ['Ansatz', 'Lesbarkeit']) {
      const f = skills.get(name)!;
      expect(sorted(f.ai_runs)).toEqual([1, 1, 3]);
      expect(f.ai_spread).toBe(2);
      expect(isUnsureSuggestion(f)).toBe(true);
      // The median stays the AI's suggestion; the score is the teacher's to pick.
      expect(f.ai_score).toBe(1);
      expect(f.score).toBe(-1);
      expect(f.teacher_edited_at).toBeNull();
    }
    const ergebnis = skills.get('Ergebnis')!;
    expect(sorted(ergebnis.ai_runs)).toEqual([1, 1, 2]);
    expect(ergebnis.ai_spread).toBe(1);
    expect(isUnsureSuggestion(ergebnis)).toBe(false);
    expect([ergebnis.score, ergebnis.ai_score]).toEqual([1, 1]);

    // Picking a level for the unsure skill is the teacher's final score.
    const pick = await teacher.call('PUT', `/api/feedback/${id}/skills/${room.skillIds[0]}`, { score: 1 });
    expect(pick.statusCode).toBe(200);
    const picked = (await skillsOf(id)).get('Ansatz')!;
    expect(picked).toMatchObject({ score: 1, ai_score: 1, ai_spread: 2 });
    expect(picked.teacher_edited_at).not.toBeNull();
  });

  it('Runs that agree: the median is pre-selected as the suggestion', async () => {
    const room = await classroom(t.app, teacher, { students: 1 });
    fake.control.feedbackScores([2, 1, 2]);
    const id = await correct(room);
    for (const f of (await skillsOf(id)).values()) {
      expect(sorted(f.ai_runs)).toEqual([1, 2, 2]);
      expect(f.ai_spread).toBe(1);
      expect([f.score, f.ai_score]).toEqual([2, 2]);
    }
  });

  it('Every suggestion carries its quote and the region on the scan it came from; no student name is sent', async () => {
    const room = await classroom(t.app, teacher, { students: 1 });
    const id = await correct(room);
    const view = ZGradingResponse.parse((await teacher.call('GET', `/api/feedback/${id}`)).json());
    const fileId = view.submission.files[0]!.id;
    for (const { feedback } of view.groups.flatMap((g) => g.skills)) {
      expect(feedback.evidence).toHaveLength(1);
      const [e] = feedback.evidence;
      expect(e!.quote).not.toBe('');
      expect(e!.file_id).toBe(fileId);
      expect(e!.page).toBe(1);
      const box = e!.box!;
      expect(box.w).toBeGreaterThan(0);
      expect(box.x + box.w).toBeLessThanOrEqual(1);
      expect(box.y + box.h).toBeLessThanOrEqual(1);
      // The quote is also the proof the student's link shows.
      expect(feedback.proof.length).toBeGreaterThan(0);
    }
    // The prompt names the file id per image, never the student.
    expect(fake.control.sentText()).toContain(`Datei ${fileId}, Seite 1`);
    for (const part of room.studentNames[0]!.split(' '))
      expect(mentions(fake.control.sentText(), part)).toBe(false);

    // Another teacher sees none of it.
    const other = await signInOnly(t.app);
    expect((await other.call('GET', `/api/feedback/${id}`)).statusCode).toBe(404);
  });

  it('A suggestion without evidence is stored with none (the page marks it "ohne Beleg")', async () => {
    const room = await classroom(t.app, teacher, { students: 1 });
    fake.control.evidence = false;
    const id = await correct(room);
    const rows = await feedbackRows(t.app, id);
    expect(rows.skills).toHaveLength(room.skillIds.length);
    for (const f of (await skillsOf(id)).values()) {
      expect(f.ai_score).not.toBeNull();
      expect(f.evidence).toEqual([]);
      expect(f.proof).toEqual([]);
    }
  });

  it('Evidence that points to an unknown file is an invalid answer: nothing stored, error, coins back', async () => {
    const room = await classroom(t.app, teacher, { students: 1 });
    const groups = room.groups.map((g) => ({
      id: g.id,
      name: g.name,
      skills: g.skills.map((s) => ({ id: s.id, name: s.name, maxScore: s.max })),
    }));
    fake.control.respondWith(
      skillFeedbackAnswer('x', groups, { scans: [{ file_id: 'keine-datei-dieser-abgabe', page: 1 }] }),
    );
    const before = await coinBalance(t.app.db, teacher.id);
    const id = await correct(room);
    const row = await statusOf(t.app, id);
    expect(row.status).toBe('error');
    expect(row.correction_error).toBe(CORRECTION_MESSAGES.aiInvalid);
    expect((await feedbackRows(t.app, id)).skills).toHaveLength(0);
    await until(async () => (await coinBalance(t.app.db, teacher.id)) === before, 5000, 'the refund');
  });
});
