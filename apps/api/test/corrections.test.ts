import {
  errorMessages,
  ZCorrectionPreviewResponse,
  ZListNotificationsResponse,
  ZListSubmissionsResponse,
  ZRequestCorrectionsResponse,
  ZRubricIncompleteDetails,
} from '@app/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mentions, type FakeServer } from '../../../tests/fixtures/fake-ai-control';
import { startFakeAiService } from '../../../tests/fixtures/fake-ai-service';
import { startFakeOpenAi } from '../../../tests/fixtures/fake-openai';
import { chargeCoins, coinBalance, grantCoins } from '../src/domain/coins';
import { systemContext } from '../src/domain/context';
import {
  CORRECTION_MESSAGES,
  runCorrectionJob,
  toAiSkillGroups,
  type CorrectionJobData,
} from '../src/domain/corrections';
import {
  coinLedger,
  notifications,
  skillDetails,
  skillFeedback,
  skills,
  submissions,
} from '../src/db/schema';
import { aiTaskContext, loadRubric } from '../src/domain/rubrics';
import { createTestApp, type TestApp } from './helpers/app';
import { classroom, feedbackRows, statusOf, until, type Classroom } from './helpers/classroom';
import { drivers } from './helpers/database';
import { errorOf, signIn as signInOnly, type SignedIn } from './helpers/tokens';

// AI corrections, the feedback pipeline: a correction request charges coins and queues one pg-boss job per
// submission; the job asks the (fake, loopback) OpenAI-compatible endpoint and stores what fits the rubric.

const RETRIES = 2;

describe.each(drivers)('AI corrections on %s', (driver) => {
  let fake: FakeServer;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'test-key' });
    t = await createTestApp({
      driver,
      env: {
        AI_PROVIDER: 'openai',
        OPENAI_BASE_URL: `${fake.url}/v1`,
        OPENAI_API_KEY: 'test-key',
        AI_TIMEOUT_MS: '5000',
        // One skill_feedback call per attempt, so calls count attempts (k runs: ai-consistency.test.ts).
        AI_FEEDBACK_RUNS: '1',
        FEEDBACK_RETRIES: String(RETRIES),
        FEEDBACK_RETRY_DELAY_SECONDS: '0',
        FEEDBACK_HEARTBEAT_SECONDS: '0',
        JOBS_MONITOR_SECONDS: '1',
        FEEDBACK_CONCURRENCY: '3',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.control.reset());
  /** A teacher with 50 coins (a token alone carries no role row, so no starting grant). */
  const signIn = async (app: TestApp['app']) => {
    const teacher = await signInOnly(app);
    await grantCoins(app.db, { userId: teacher.id, amount: 50, by: null });
    return teacher;
  };

  const request = (teacher: SignedIn, body: object) => teacher.call('POST', '/api/corrections', body);
  /** Waits until none of the submissions is `inKorrektur`; on timeout, says what the queue holds. */
  const settled = async (ids: string[]) => {
    try {
      await until(
        async () => {
          for (const id of ids) if ((await statusOf(t.app, id)).status === 'inKorrektur') return false;
          return true;
        },
        20_000,
        'the corrections to finish',
      );
    } catch (err) {
      const jobs = (await t.app.db.execute(sql`select name, state, retry_count, output from pgboss.job`))
        .rows;
      throw new Error(
        `${(err as Error).message}; AI calls ${JSON.stringify(fake.control.calls)}; jobs ${JSON.stringify(jobs)}`,
      );
    }
  };
  const notificationsOf = async (teacher: SignedIn) =>
    ZListNotificationsResponse.parse((await teacher.call('GET', '/api/notifications')).json());

  describe('a class of three', () => {
    let teacher: SignedIn;
    let room: Classroom;
    beforeAll(async () => {
      teacher = await signIn(t.app);
      room = await classroom(t.app, teacher, { students: 3 });
    });

    it('Teacher asks for feedback on a whole task: coins charged, every submission ends korrigiert with the AI rows', async () => {
      const before = await coinBalance(t.app.db, teacher.id);
      const preview = await teacher.call('GET', `/api/corrections/preview?taskId=${room.task.id}`);
      expect(ZCorrectionPreviewResponse.parse(preview.json())).toEqual({
        waiting: 3,
        costPerSubmission: 1,
        coinCount: before,
      });
      const res = await request(teacher, { taskId: room.task.id });
      expect(res.statusCode).toBe(200);
      const body = ZRequestCorrectionsResponse.parse(res.json());
      expect(body.queued).toBe(3);
      expect(new Set(body.submissionIds)).toEqual(new Set(room.submissionIds));
      expect(body.coinCount).toBe(before - 3);

      await settled(room.submissionIds);
      const list = ZListSubmissionsResponse.parse(
        (await teacher.call('GET', `/api/submissions/getAll?taskId=${room.task.id}`)).json(),
      ).data;
      expect(list.map((e) => e.display_status)).toEqual(['korrigiert', 'korrigiert', 'korrigiert']);
      for (const id of room.submissionIds) {
        const row = await statusOf(t.app, id);
        expect(row.status).toBe('korrigiert');
        expect(row.correction_job_id).toBeNull();
        const rows = await feedbackRows(t.app, id);
        expect(rows.skills.map((r) => r.skill_id).sort()).toEqual([...room.skillIds].sort());
        for (const r of rows.skills) {
          expect(r.ai_score).toBe(r.score);
          const max = room.groups.flatMap((g) => g.skills).find((s) => s.id === r.skill_id)!.max;
          expect(r.score).toBeGreaterThanOrEqual(0);
          expect(r.score).toBeLessThanOrEqual(max);
          expect(r.reason).not.toBe('');
          // The AI's texts are kept beside whatever the teacher makes of them.
          expect([r.ai_reason, r.ai_recommendation]).toEqual([r.reason, r.recommendation]);
        }
        expect(rows.groups).toHaveLength(2);
        expect(rows.groups.every((g) => g.ai_feedback === g.feedback && g.feedback.length > 0)).toBe(true);
      }
      // No student name left the app.
      expect(fake.control.calls.chat).toBe(3);
      for (const name of room.studentNames) {
        for (const part of name.split(' ')) expect(mentions(fake.control.sentText(), part)).toBe(false);
      }
      // One notification for the batch, pointing at the task.
      const { notifications: list2, coinCount } = await notificationsOf(teacher);
      const done = list2.filter((n) => n.type === 'feedback_done');
      expect(done).toHaveLength(1);
      expect(done[0]!.details).toContain('3 Abgaben korrigiert');
      expect(done[0]!.link_to).toBe(`/classes/${room.task.class_id}/tasks/${room.task.id}`);
      expect(coinCount).toBe(before - 3);
    });

    it('A task whose submissions are all corrected has nothing left to queue', async () => {
      const res = await request(teacher, { taskId: room.task.id });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res.json()).code).toBe('CORRECTION_NOTHING_TO_DO');
      const preview = await teacher.call('GET', `/api/corrections/preview?taskId=${room.task.id}`);
      expect(ZCorrectionPreviewResponse.parse(preview.json()).waiting).toBe(0);
    });

    it('A repeated correction keeps one set of rows and leaves the teacher’s own changes alone', async () => {
      const id = room.submissionIds[0]!;
      const edited = room.skillIds[0]!;
      await t.app.db
        .update(skillFeedback)
        .set({ score: 0, reason: 'Lehrkraft', teacher_edited_at: new Date() })
        .where(and(eq(skillFeedback.submission_id, id), eq(skillFeedback.skill_id, edited)));
      // Another skill: the teacher rewrote only its texts.
      const rewritten = room.skillIds[1]!;
      await t.app.db
        .update(skillFeedback)
        .set({ reason: 'Eigene Begründung', recommendation: '', texts_edited_at: new Date() })
        .where(and(eq(skillFeedback.submission_id, id), eq(skillFeedback.skill_id, rewritten)));
      const res = await request(teacher, { submissionId: id });
      expect(res.statusCode).toBe(200);
      expect(ZRequestCorrectionsResponse.parse(res.json()).queued).toBe(1);
      await settled([id]);
      const rows = await feedbackRows(t.app, id);
      expect(rows.skills).toHaveLength(room.skillIds.length);
      expect(rows.groups).toHaveLength(2);
      const mine = rows.skills.find((r) => r.skill_id === edited)!;
      expect(mine.score).toBe(0);
      expect(mine.reason).toBe('Lehrkraft');
      expect(rows.skills.find((r) => r.skill_id === rewritten)!.reason).toBe('Eigene Begründung');
    });

    it('The same job run twice stores one set of rows, once', async () => {
      const id = room.submissionIds[1]!;
      const jobId = crypto.randomUUID();
      await t.app.db
        .update(submissions)
        .set({ status: 'inKorrektur', correction_job_id: jobId })
        .where(eq(submissions.id, id));
      const before = await t.app.db.$count(notifications, eq(notifications.receiver_user_id, teacher.id));
      const rubric = await loadRubric(t.app.db, teacher.id, room.task.id);
      const job = {
        id: jobId,
        data: {
          submissionId: id,
          taskId: room.task.id,
          ownerId: teacher.id,
          cost: 1,
          context: await aiTaskContext(t.app.db, teacher.id, room.task.id),
          skill_groups: toAiSkillGroups(rubric!),
        } satisfies CorrectionJobData,
      };
      const ctx = systemContext(t.app, t.app.log);
      const outcomes = await Promise.all([runCorrectionJob(ctx, job), runCorrectionJob(ctx, job)]);
      expect(outcomes.sort()).toEqual(['corrected', 'superseded']);
      expect(await runCorrectionJob(ctx, job)).toBe('superseded');
      const rows = await feedbackRows(t.app, id);
      expect(rows.skills).toHaveLength(room.skillIds.length);
      expect(rows.groups).toHaveLength(2);
      expect((await statusOf(t.app, id)).status).toBe('korrigiert');
      expect(await t.app.db.$count(notifications, eq(notifications.receiver_user_id, teacher.id))).toBe(
        before + 1,
      );
    });

    it('Another teacher cannot ask for feedback on these submissions (404)', async () => {
      const other = await signIn(t.app);
      const byTask = await request(other, { taskId: room.task.id });
      expect(byTask.statusCode).toBe(404);
      expect(errorOf(byTask.json()).code).toBe('TASK_NOT_FOUND');
      const bySubmission = await request(other, { submissionId: room.submissionIds[0] });
      expect(bySubmission.statusCode).toBe(404);
      expect(errorOf(bySubmission.json()).code).toBe('SUBMISSION_NOT_FOUND');
    });

    it('A request names a task or a submission, not both and not neither (400)', async () => {
      for (const body of [{}, { taskId: room.task.id, submissionId: room.submissionIds[0] }]) {
        const res = await request(teacher, body);
        expect(res.statusCode).toBe(400);
        expect(errorOf(res.json()).code).toBe('VALIDATION_FAILED');
      }
    });

    it('POST /aiapy/skill_feedback_supabase queues the same job for the named submission', async () => {
      const id = room.submissionIds[2]!;
      const res = await teacher.call('POST', '/aiapy/skill_feedback_supabase', {
        task: { id: room.task.id, title: 'egal' },
        submission: { id },
        subject: { name: 'Mathematik' },
        classes: [],
        skill_groups: [],
      });
      expect(res.statusCode).toBe(200);
      expect(ZRequestCorrectionsResponse.parse(res.json())).toMatchObject({ queued: 1, submissionIds: [id] });
      await settled([id]);
      expect((await statusOf(t.app, id)).status).toBe('korrigiert');
      const wrongTask = await teacher.call('POST', '/aiapy/skill_feedback_supabase', {
        task: { id: room.submissionIds[0] },
        submission: { id },
      });
      expect(wrongTask.statusCode).toBe(404);
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/aiapy/skill_feedback_supabase',
        payload: { task: { id: room.task.id }, submission: { id } },
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  it('Malformed AI output stores nothing: after every attempt the submission shows error and the coins come back', async () => {
    const teacher = await signIn(t.app);
    const room = await classroom(t.app, teacher, { students: 1 });
    const id = room.submissionIds[0]!;
    const before = await coinBalance(t.app.db, teacher.id);
    fake.control.malformed();
    const res = await request(teacher, { submissionId: id });
    expect(res.statusCode).toBe(200);
    expect(ZRequestCorrectionsResponse.parse(res.json()).coinCount).toBe(before - 1);
    await settled([id]);
    const row = await statusOf(t.app, id);
    expect(row.status).toBe('error');
    expect(row.correction_error).toBe(CORRECTION_MESSAGES.aiInvalid);
    expect(fake.control.calls.chat).toBe(RETRIES + 1);
    const rows = await feedbackRows(t.app, id);
    expect(rows.skills).toHaveLength(0);
    expect(rows.groups).toHaveLength(0);
    await until(async () => (await coinBalance(t.app.db, teacher.id)) === before, 5000, 'the refund');
    const list = ZListSubmissionsResponse.parse(
      (await teacher.call('GET', `/api/submissions/getAll?taskId=${room.task.id}`)).json(),
    ).data;
    expect(list[0]!.display_status).toBe('error');
    const failed = (await notificationsOf(teacher)).notifications.filter((n) => n.type === 'feedback_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.details).toContain('1 mit Fehler');
  });

  it('AI down: retried with the configured attempts, then error and the coins refunded once', async () => {
    const teacher = await signIn(t.app);
    const room = await classroom(t.app, teacher, { students: 2 });
    const before = await coinBalance(t.app.db, teacher.id);
    fake.control.failWith(503);
    expect((await request(teacher, { taskId: room.task.id })).statusCode).toBe(200);
    await settled(room.submissionIds);
    for (const id of room.submissionIds) {
      const row = await statusOf(t.app, id);
      expect(row.status).toBe('error');
      expect(row.correction_error).toBe(errorMessages.AI_FAILED);
    }
    expect(fake.control.calls.chat).toBe(2 * (RETRIES + 1));
    expect(await coinBalance(t.app.db, teacher.id)).toBe(before);
    const refunds = await t.app.db.$count(
      coinLedger,
      and(eq(coinLedger.user_id, teacher.id), eq(coinLedger.reason, 'refund')),
    );
    expect(refunds).toBe(2);

    // "erneut versuchen": the AI is back; the retry charges again and ends korrigiert.
    fake.control.reset();
    const retry = await request(teacher, { submissionId: room.submissionIds[0] });
    expect(retry.statusCode).toBe(200);
    expect(ZRequestCorrectionsResponse.parse(retry.json()).coinCount).toBe(before - 1);
    await settled([room.submissionIds[0]!]);
    expect((await statusOf(t.app, room.submissionIds[0]!)).status).toBe('korrigiert');
    expect((await statusOf(t.app, room.submissionIds[0]!)).correction_error).toBeNull();
  });

  it('A short outage is bridged by a retry', async () => {
    const teacher = await signIn(t.app);
    const room = await classroom(t.app, teacher, { students: 1 });
    fake.control.failWith(502, 1);
    expect((await request(teacher, { submissionId: room.submissionIds[0] })).statusCode).toBe(200);
    await settled(room.submissionIds);
    expect((await statusOf(t.app, room.submissionIds[0]!)).status).toBe('korrigiert');
    expect(fake.control.calls.chat).toBe(2);
  });

  it('Not enough coins: refused with the German message, nothing charged, nothing queued', async () => {
    const teacher = await signIn(t.app);
    const room = await classroom(t.app, teacher, { students: 3 });
    const start = await coinBalance(t.app.db, teacher.id);
    // Spend all but two coins: three submissions cost three.
    expect(
      await chargeCoins(t.app.db, {
        userId: teacher.id,
        amount: start - 2,
        reason: 'test',
        reference: 'test',
      }),
    ).toBe(true);
    const res = await request(teacher, { taskId: room.task.id });
    expect(res.statusCode).toBe(402);
    expect(errorOf(res.json())).toMatchObject({
      code: 'NOT_ENOUGH_COINS',
      message: errorMessages.NOT_ENOUGH_COINS,
    });
    expect(await coinBalance(t.app.db, teacher.id)).toBe(2);
    for (const id of room.submissionIds) expect((await statusOf(t.app, id)).status).not.toBe('inKorrektur');
    const [jobs] = (
      await t.app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job where data->>'taskId' = ${room.task.id}`,
      )
    ).rows;
    expect(Number(jobs!.n)).toBe(0);
    expect(fake.control.calls.chat ?? 0).toBe(0);
  });

  it('A task without a rubric cannot be corrected yet (409, German reason)', async () => {
    const teacher = await signIn(t.app);
    const room = await classroom(t.app, teacher, { students: 1, rubric: false });
    const res = await request(teacher, { taskId: room.task.id });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.json()).message).toBe(errorMessages.CORRECTION_RUBRIC_MISSING);
  });

  it('A rubric with missing levels is refused before anything is charged, queued or sent; the details name them', async () => {
    const teacher = await signIn(t.app);
    const room = await classroom(t.app, teacher, { students: 2 });
    const [ansatz, , lesbarkeit] = room.groups.flatMap((g) => g.skills);
    // Ansatz (0..3) loses its level 1, Lesbarkeit (0..4) every level.
    await t.app.db
      .delete(skillDetails)
      .where(and(eq(skillDetails.skill_id, ansatz!.id), eq(skillDetails.score, 1)));
    await t.app.db.delete(skillDetails).where(eq(skillDetails.skill_id, lesbarkeit!.id));
    const before = await coinBalance(t.app.db, teacher.id);
    const expected = {
      taskId: room.task.id,
      skills: [
        { skillId: ansatz!.id, name: 'Ansatz', scores: [1] },
        { skillId: lesbarkeit!.id, name: 'Lesbarkeit', scores: [0, 1, 2, 3, 4] },
      ],
    };
    for (const body of [{ taskId: room.task.id }, { submissionId: room.submissionIds[0] }]) {
      const res = await request(teacher, body);
      expect(res.statusCode).toBe(409);
      const error = errorOf(res.json());
      expect(error).toMatchObject({
        code: 'CORRECTION_RUBRIC_INCOMPLETE',
        message: errorMessages.CORRECTION_RUBRIC_INCOMPLETE,
      });
      expect(ZRubricIncompleteDetails.parse(error.details)).toEqual(expected);
    }
    expect(await coinBalance(t.app.db, teacher.id)).toBe(before);
    for (const id of room.submissionIds) expect((await statusOf(t.app, id)).status).toBe('abgegeben');
    const [jobs] = (
      await t.app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job where data->>'taskId' = ${room.task.id}`,
      )
    ).rows;
    expect(Number(jobs!.n)).toBe(0);
    expect(fake.control.calls.chat ?? 0).toBe(0);

    // The levels added, the same request goes through.
    await t.app.db.insert(skillDetails).values([
      { skill_id: ansatz!.id, score: 1, value: 'Ansatz: Stufe 1', created_by: teacher.id },
      ...[0, 1, 2, 3, 4].map((score) => ({
        skill_id: lesbarkeit!.id,
        score,
        value: `Lesbarkeit: Stufe ${score}`,
        created_by: teacher.id,
      })),
    ]);
    expect((await request(teacher, { taskId: room.task.id })).statusCode).toBe(200);
    await settled(room.submissionIds);
  });

  it('A correction stuck for over five minutes may be retried: its charge comes back, a new one is taken', async () => {
    const teacher = await signIn(t.app);
    const room = await classroom(t.app, teacher, { students: 1 });
    const id = room.submissionIds[0]!;
    const before = await coinBalance(t.app.db, teacher.id);
    const lostJob = crypto.randomUUID();
    expect(
      await chargeCoins(t.app.db, {
        userId: teacher.id,
        amount: 1,
        reason: 'ai_job',
        reference: `feedback:${lostJob}`,
      }),
    ).toBe(true);
    await t.app.db
      .update(submissions)
      .set({
        status: 'inKorrektur',
        correction_job_id: lostJob,
        updated_at: new Date(Date.now() - 6 * 60_000),
      })
      .where(eq(submissions.id, id));
    const list = ZListSubmissionsResponse.parse(
      (await teacher.call('GET', `/api/submissions/getAll?taskId=${room.task.id}`)).json(),
    ).data;
    expect(list[0]!.display_status).toBe('error');
    const res = await request(teacher, { submissionId: id });
    expect(res.statusCode).toBe(200);
    expect(ZRequestCorrectionsResponse.parse(res.json()).coinCount).toBe(before - 1);
    await settled([id]);
    expect((await statusOf(t.app, id)).status).toBe('korrigiert');
  });

  it('A rubric changed while the AI works: nothing stored, error with the reason, coins back', async () => {
    const teacher = await signIn(t.app);
    const room = await classroom(t.app, teacher, { students: 1 });
    const id = room.submissionIds[0]!;
    const before = await coinBalance(t.app.db, teacher.id);
    fake.control.delayMs = 1500;
    expect((await request(teacher, { submissionId: id })).statusCode).toBe(200);
    await until(() => (fake.control.calls.chat ?? 0) === 1, 5000, 'the AI call');
    await t.app.db.delete(skills).where(eq(skills.id, room.skillIds[0]!));
    await settled([id]);
    const row = await statusOf(t.app, id);
    expect(row.status).toBe('error');
    expect(row.correction_error).toBe(CORRECTION_MESSAGES.rubricChanged);
    expect((await feedbackRows(t.app, id)).skills).toHaveLength(0);
    // Not retried: the answer cannot fit any more.
    expect(fake.control.calls.chat).toBe(1);
    await until(async () => (await coinBalance(t.app.db, teacher.id)) === before, 5000, 'the refund');
  });

  it('A running correction is not queued twice (409)', async () => {
    const teacher = await signIn(t.app);
    const room = await classroom(t.app, teacher, { students: 1 });
    fake.control.delayMs = 1500;
    expect((await request(teacher, { submissionId: room.submissionIds[0] })).statusCode).toBe(200);
    const again = await request(teacher, { submissionId: room.submissionIds[0] });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again.json()).code).toBe('CORRECTION_RUNNING');
    await settled(room.submissionIds);
  });
});

describe.each(drivers)('AI corrections without an AI provider on %s', (driver) => {
  const signIn = signInOnly;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver });
  });
  afterAll(() => t?.close());

  it('Answers 503 AI_NOT_CONFIGURED and changes nothing', async () => {
    const teacher = await signIn(t.app);
    const room = await classroom(t.app, teacher, { students: 1 });
    const res = await teacher.call('POST', '/api/corrections', { taskId: room.task.id });
    expect(res.statusCode).toBe(503);
    expect(errorOf(res.json()).code).toBe('AI_NOT_CONFIGURED');
    expect((await statusOf(t.app, room.submissionIds[0]!)).status).not.toBe('inKorrektur');
    // Without an AI provider the job queue starts only with the first PDF export: no pg-boss schema yet.
    const schemas = await t.app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from information_schema.schemata where schema_name = 'pgboss'`,
    );
    expect(schemas.rows[0]!.n).toBe(0);
  });
});

describe.each(drivers)('AI corrections through the AI service (OCR first) on %s', (driver) => {
  let fake: FakeServer;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeAiService({ prefix: '/aiapi' });
    t = await createTestApp({
      driver,
      env: {
        AI_PROVIDER: 'service',
        AI_SERVICE_URL: fake.url,
        AI_ROUTE_PREFIX: '/aiapi',
        AI_TIMEOUT_MS: '5000',
        FEEDBACK_RETRY_DELAY_SECONDS: '0',
        FEEDBACK_HEARTBEAT_SECONDS: '0',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('Recognises the handwriting first, keeps the text as the solution and sends it with the rubric', async () => {
    const teacher = await signInOnly(t.app);
    await grantCoins(t.app.db, { userId: teacher.id, amount: 5, by: null });
    const room = await classroom(t.app, teacher, { students: 1 });
    const id = room.submissionIds[0]!;
    expect((await teacher.call('POST', '/api/corrections', { submissionId: id })).statusCode).toBe(200);
    await until(async () => (await statusOf(t.app, id)).status !== 'inKorrektur', 20_000, 'the correction');
    const row = await statusOf(t.app, id);
    expect(row.status).toBe('korrigiert');
    expect(row.solution).toContain('Erkannter Text');
    expect(fake.control.calls.analyze_complex).toBe(1);
    expect(fake.control.calls.skill_feedback).toBe(1);
    const sent = fake.control.last.skill_feedback!.body as { submission: { id: string; solution: string } };
    expect(sent.submission).toMatchObject({ id, solution: row.solution });
    expect((await feedbackRows(t.app, id)).skills).toHaveLength(room.skillIds.length);
  });
});
