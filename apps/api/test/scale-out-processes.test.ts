import { ZRequestCorrectionsResponse, ZTask } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeServer } from '../../../tests/fixtures/fake-ai-control';
import { startFakeOpenAi } from '../../../tests/fixtures/fake-openai';
import { coinBalance, grantCoins } from '../src/domain/coins';
import { submissionFiles } from '../src/db/schema';
import { scratchDir } from '../src/lib/uploads/receive';
import { createTestApp, type TestApp } from './helpers/app';
import { classroom, feedbackRows, photo, statusOf, until, type Classroom } from './helpers/classroom';
import { drivers, testDatabase, type TestDatabase } from './helpers/database';
import { startServerProcess, type ServerProcess } from './helpers/server-process';
import { connect, type Stream } from './helpers/sse';
import { bearer, signIn, type SignedIn } from './helpers/tokens';
import { stalledUpload, upload } from './helpers/uploads-in-flight';

// The scaled-out setup of ARCHITECTURE.md §2 as real processes on one PostgreSQL: two API processes
// (WORKERS=off) and a job worker (WORKERS=only). Change events reach a stream on another process than the
// one that wrote, rate limits count across processes, and a SIGKILL loses nothing: an upload cut off is
// stored fully or not at all, a correction job of a killed worker is finished by the next one.

const UPLOAD_LIMIT = 8;

describe('A separate process on the embedded database', () => {
  it('stops at start as a worker-only process (WORKERS=only), naming DATABASE_URL', async () => {
    const database = await testDatabase('pglite');
    try {
      await expect(
        startServerProcess({ NODE_ENV: 'test', DEMO: '0', ...database.env, WORKERS: 'only' }, 'a worker'),
      ).rejects.toThrow(/WORKERS: "only" braucht DATABASE_URL \(PostgreSQL\)/);
    } finally {
      await database.cleanup();
    }
  });
});

describe.each(drivers.filter((d) => d === 'postgres'))('Processes on one %s', () => {
  let database: TestDatabase;
  let setup: TestApp;
  let fake: FakeServer;
  let teacher: SignedIn;
  let other: SignedIn;
  let room: Classroom;
  let env: Record<string, string>;
  let api1: ServerProcess;
  let api2: ServerProcess;
  let worker: ServerProcess;
  const streams: Stream[] = [];
  /** Every process started, ended after the suite whatever failed. */
  const launched: ServerProcess[] = [];
  const starting: Promise<unknown>[] = [];
  const launch = (workers: string, name: string) => {
    const started = startServerProcess({ ...env, WORKERS: workers }, name).then((p) => {
      launched.push(p);
      return p;
    });
    starting.push(started.catch(() => undefined));
    return started;
  };

  beforeAll(async () => {
    const started = performance.now();
    database = await testDatabase('postgres');
    fake = await startFakeOpenAi({ apiKey: 'test-key' });
    env = {
      NODE_ENV: 'test',
      DEMO: '0',
      ...database.env,
      // Every process signs and reads tokens and profile names with the same keys.
      JWT_SECRET: randomBytes(32).toString('hex'),
      PROFILE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      AI_PROVIDER: 'openai',
      OPENAI_BASE_URL: `${fake.url}/v1`,
      OPENAI_API_KEY: 'test-key',
      AI_TIMEOUT_MS: '60000',
      FEEDBACK_HEARTBEAT_SECONDS: '10',
      FEEDBACK_RETRY_DELAY_SECONDS: '0',
      JOBS_MONITOR_SECONDS: '1',
      UPLOAD_RATE_LIMIT: String(UPLOAD_LIMIT),
    };
    // The in-test app migrates, prepares the class and reads the database; it runs no jobs.
    setup = await createTestApp({ database, env: { ...env, WORKERS: 'off', AI_PROVIDER: 'none' } });
    teacher = await signIn(setup.app);
    other = await signIn(setup.app);
    await grantCoins(setup.app.db, { userId: teacher.id, amount: 10, by: null });
    const migrated = performance.now();
    // The processes start while the class is prepared (the database is migrated by now).
    const processes = Promise.allSettled([
      launch('off', 'API process 1'),
      launch('off', 'API process 2'),
      launch('only', 'worker process'),
    ]);
    room = await classroom(setup.app, teacher, { students: 3 });
    const [first, second, third] = await processes;
    for (const p of [first, second, third]) if (p.status === 'rejected') throw p.reason;
    [api1, api2, worker] = [first, second, third].map(
      (p) => (p as PromiseFulfilledResult<ServerProcess>).value,
    ) as [ServerProcess, ServerProcess, ServerProcess];
    console.info(
      `migrated after ${Math.round(migrated - started)} ms, three processes ready after ${Math.round(performance.now() - started)} ms`,
    );
  }, 90_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    await Promise.all(starting);
    await Promise.all(launched.map((p) => p.kill()));
    await setup?.close();
    await database?.cleanup();
    await fake?.close();
  });

  const listen = async (base: string, who: SignedIn) => {
    const stream = await connect(`${base}/api/events`, bearer(who.token));
    streams.push(stream);
    expect(stream.status).toBe(200);
    await until(() => stream.raw.some((b) => b.includes(': verbunden')), 5000, 'the stream');
    return stream;
  };
  const correct = async (base: string, submissionId: string) => {
    const res = await fetch(`${base}/api/corrections`, {
      method: 'POST',
      headers: { ...bearer(teacher.token), 'content-type': 'application/json' },
      body: JSON.stringify({ submissionId }),
    });
    expect(res.status).toBe(200);
    return ZRequestCorrectionsResponse.parse(await res.json());
  };

  it('An upload through process 1 reaches the owner’s stream on process 2, and only the owner’s', async () => {
    const mine = await listen(api2.url, teacher);
    const theirs = await listen(api2.url, other);
    const { student_id } = await statusOf(setup.app, room.submissionIds[2]!);
    const res = await upload(api1.url, room.task.id, student_id!, await photo(50));
    expect(res.status).toBe(200);
    await until(
      () =>
        mine.events.some(
          (e) => e.table === 'submission_files' && e.eventType === 'INSERT' && e.new.task_id === room.task.id,
        ),
      5000,
      'the file event on process 2',
    );
    expect(theirs.events).toEqual([]);
  });

  it('A correction queued on process 1 is done by the worker; its rows reach process 2’s stream', async () => {
    const mine = await listen(api2.url, teacher);
    const submissionId = room.submissionIds[0]!;
    expect((await correct(api1.url, submissionId)).coinCount).toBe(9);
    await until(
      async () => (await statusOf(setup.app, submissionId)).status === 'korrigiert',
      30_000,
      'the correction by the worker',
    );
    expect(fake.control.calls.chat).toBeGreaterThan(0);
    await until(
      () => mine.events.some((e) => e.table === 'skill_feedback' && e.new.submission_id === submissionId),
      5000,
      'the feedback event on process 2',
    );
  });

  it('Upload limits count across both API processes', async () => {
    const task = ZTask.parse(
      (
        await teacher.call('POST', '/api/tasks', {
          class_id: room.task.class_id,
          title: 'Zählen',
          status: 'published',
        })
      ).json(),
    );
    const codes: number[] = [];
    for (let i = 0; i < UPLOAD_LIMIT + 2; i++) {
      const form = new FormData();
      form.append('studentName', 'Niemand');
      const base = i % 2 === 0 ? api1.url : api2.url;
      codes.push(
        (await fetch(`${base}/api/submissions/studentupload/${task.id}`, { method: 'POST', body: form }))
          .status,
      );
    }
    expect(codes.slice(0, UPLOAD_LIMIT).every((c) => c !== 429)).toBe(true);
    expect(codes.slice(UPLOAD_LIMIT)).toEqual([429, 429]);
  });

  it(
    'Killed mid-request and mid-job (SIGKILL), nothing is lost or half there',
    { timeout: 60_000 },
    async () => {
      // A correction the worker is still waiting on the AI for.
      const submissionId = room.submissionIds[1]!;
      fake.control.delayMs = 120_000;
      const before = fake.control.calls.chat ?? 0;
      expect((await correct(api1.url, submissionId)).coinCount).toBe(8);
      await until(() => (fake.control.calls.chat ?? 0) > before, 15_000, 'the AI call');
      await worker.kill();
      const atKill = fake.control.calls.chat!;
      fake.control.delayMs = 0;
      const replacement = launch('only', 'the next worker');

      // Two uploads on process 1 when it dies: one with half its body sent, one sent whole.
      const { student_id: halfStudent } = await statusOf(setup.app, room.submissionIds[1]!);
      const { student_id: wholeStudent } = await statusOf(setup.app, room.submissionIds[2]!);
      const filesOf = (id: string) =>
        setup.app.db
          .select()
          .from(submissionFiles)
          .where(and(eq(submissionFiles.task_id, room.task.id), eq(submissionFiles.submission_id, id)));
      const halfBefore = (await filesOf(room.submissionIds[1]!)).length;
      const wholeBefore = (await filesOf(room.submissionIds[2]!)).length;
      const noise = await sharp(randomBytes(900 * 700 * 3), { raw: { width: 900, height: 700, channels: 3 } })
        .jpeg({ quality: 95 })
        .toBuffer();
      const scratch = scratchDir(database.env.DATA_DIR!);
      const scratchBefore = (await readdir(scratch)).length;
      const half = stalledUpload(
        `${api1.url}/api/submissions/studentupload/${room.task.id}`,
        halfStudent!,
        noise,
        Math.floor(noise.length / 2),
      );
      // The half upload's bytes are on their way to disk in process 1.
      await until(async () => (await readdir(scratch)).length > scratchBefore, 10_000, 'the half upload');
      const whole = upload(api1.url, room.task.id, wholeStudent!, noise).then(
        (res) => res.status,
        () => 'cut off' as const,
      );
      // Somewhere in the whole upload: receiving, storing or writing its row.
      await until(
        async () => (await readdir(scratch)).length > scratchBefore + 1,
        2000,
        'the whole upload',
      ).catch(() => undefined);
      await api1.kill();
      expect(await half).toBe('cut off');
      const wholeOutcome = await whole;

      expect(await filesOf(room.submissionIds[1]!)).toHaveLength(halfBefore);
      const added = (await filesOf(room.submissionIds[2]!)).length - wholeBefore;
      // All or nothing; an answered 200 means stored (a commit may also beat the kill to the answer).
      console.info(`upload sent whole when process 1 was killed: ${wholeOutcome}, rows added: ${added}`);
      if (wholeOutcome === 200) expect(added).toBe(1);
      else expect([0, 1]).toContain(added);
      // Every file row the teacher sees through process 2 has its complete content.
      const rows = await setup.app.db
        .select()
        .from(submissionFiles)
        .where(eq(submissionFiles.task_id, room.task.id));
      for (const row of rows) {
        const res = await fetch(`${api2.url}/api/files/${row.id}/content`, {
          headers: bearer(teacher.token),
        });
        expect(res.status, row.storage_key).toBe(200);
        expect((await res.arrayBuffer()).byteLength, row.storage_key).toBe(row.size);
      }
      // What process 1 had half written is no stored object.
      const stored = await readdir(path.join(database.env.DATA_DIR!, 'files', room.task.id));
      const named = new Set(rows.map((r) => r.storage_key.split('/')[1]));
      const unnamed = stored.filter((name) => !named.has(name));
      // At most the whole upload's file when the kill came between storing it and its row: an orphan no
      // teacher sees, removed by the orphan sweep (ADR 008).
      expect(unnamed.length).toBeLessThanOrEqual(added === 1 ? 0 : 1);

      // The next worker finds the job without a heartbeat and finishes it once.
      await replacement;
      await until(
        async () => (await statusOf(setup.app, submissionId)).status !== 'inKorrektur',
        40_000,
        'the retried job',
      );
      expect((await statusOf(setup.app, submissionId)).status).toBe('korrigiert');
      expect(fake.control.calls.chat).toBeGreaterThan(atKill);
      const rowsOfFeedback = await feedbackRows(setup.app, submissionId);
      expect(rowsOfFeedback.skills).toHaveLength(room.skillIds.length);
      expect(await coinBalance(setup.app.db, teacher.id)).toBe(8);
    },
  );
});
