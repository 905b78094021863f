// `pnpm bench` (after uploads.ts): AI feedback for a class of 30. A teacher asks for feedback on a task with
// 30 submissions (one photo each, three skills); the fake OpenAI-compatible endpoint (tests/fixtures) answers
// every call after 1 s. Prints the time from the request until the last submission is 'korrigiert' (seen
// through the realtime hub, as the browser would) and the per-job overhead: what a job spends beyond the
// AI's second (files, rubric, validation, the storing transaction), and the queue's pickup delay per wave.
// On PGlite and on Postgres (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test, skipped when
// unreachable). Not a timed test: it prints figures and says whether the targets are met.
import { Writable } from 'node:stream';
import type {} from '../../apps/api/src/types';
import { buildApp } from '../../apps/api/src/app';
import { grantCoins } from '../../apps/api/src/domain/coins';
import { loadEnv } from '../../apps/api/src/env';
import { classroom } from '../../apps/api/test/helpers/classroom';
import { signIn } from '../../apps/api/test/helpers/tokens';
import { startFakeOpenAi } from '../fixtures/fake-openai';

const SUBMISSIONS = Number(process.env.BENCH_FEEDBACK_SUBMISSIONS ?? 30);
const AI_MS = 1000;
const CONCURRENCY = Number(process.env.BENCH_FEEDBACK_CONCURRENCY ?? 5);
const TARGET_S = SUBMISSIONS / CONCURRENCY + 2;
const TARGET_OVERHEAD_MS = 100;

process.env.TEST_DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/test';
const { testDatabase } = await import('../../apps/api/test/helpers/database');

async function run(driver: 'pglite' | 'postgres') {
  const fake = await startFakeOpenAi({ delayMs: AI_MS });
  const database = await testDatabase(driver);
  const jobMs: number[] = [];
  const phases: Record<string, number[]> = {};
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.includes('KI-Korrektur beendet')) continue;
        const entry = JSON.parse(line) as { ms: number; phases: Record<string, number> };
        jobMs.push(entry.ms);
        for (const [phase, ms] of Object.entries(entry.phases)) (phases[phase] ??= []).push(ms);
      }
      callback();
    },
  });
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DEMO: '0',
    ...database.env,
    AI_PROVIDER: 'openai',
    OPENAI_BASE_URL: `${fake.url}/v1`,
    FEEDBACK_CONCURRENCY: String(CONCURRENCY),
  });
  const app = await buildApp(env, { logStream, controlSocket: false });
  try {
    await app.ready();
    const teacher = await signIn(app);
    await grantCoins(app.db, { userId: teacher.id, amount: SUBMISSIONS, by: null });
    const room = await classroom(app, teacher, { students: SUBMISSIONS });

    const pending = new Set(room.submissionIds);
    let finished!: () => void;
    const allDone = new Promise<void>((resolve) => (finished = resolve));
    const unsubscribe = app.realtime.subscribe(teacher.id, {
      change(event) {
        if (event.table !== 'submissions' || event.new.status !== 'korrigiert') return;
        pending.delete(String(event.new.id));
        if (pending.size === 0) finished();
      },
      reset() {},
      close() {},
    });
    const t0 = performance.now();
    const res = await teacher.call('POST', '/api/corrections', { taskId: room.task.id });
    if (res.statusCode !== 200) throw new Error(`correction request: ${res.statusCode} ${res.body}`);
    const requestMs = performance.now() - t0;
    await allDone;
    const totalS = (performance.now() - t0) / 1000;
    unsubscribe();

    const waves = Math.ceil(SUBMISSIONS / CONCURRENCY);
    const inJob = jobMs.reduce((a, b) => a + b, 0) / jobMs.length - AI_MS;
    // What the whole run took beyond the AI's own time (waves × 1 s), spread over the jobs: the cost of the
    // queue, the database work and the request, per submission.
    const perJob = (totalS * 1000 - waves * AI_MS) / SUBMISSIONS;
    const ok = (cond: boolean) => (cond ? 'ok' : 'MISSED');
    const mean = (list: number[] = []) =>
      (list.reduce((a, b) => a + b, 0) / Math.max(1, list.length)).toFixed(0);
    console.log(
      `feedback, ${driver}: ${SUBMISSIONS} submissions, AI ${AI_MS} ms, FEEDBACK_CONCURRENCY=${CONCURRENCY}`,
    );
    console.log(`  request (charge + queue ${SUBMISSIONS} jobs):           ${requestMs.toFixed(0)} ms`);
    console.log(
      `  total until the last is korrigiert:         ${totalS.toFixed(2)} s  (target ≤ ${TARGET_S.toFixed(1)} s: ${ok(totalS <= TARGET_S)})`,
    );
    console.log(
      `  per-job overhead ((total − ${waves} × AI) / ${SUBMISSIONS}):  ${perJob.toFixed(0)} ms  (target < ${TARGET_OVERHEAD_MS} ms: ${ok(perJob < TARGET_OVERHEAD_MS)})`,
    );
    console.log(
      `  a job's own time beyond the AI:             ${inJob.toFixed(0)} ms  (prepare ${mean(phases.prepare)}, AI call ${mean(phases.ai)}, store ${mean(phases.store)}; includes waiting for the other jobs' database work)`,
    );
    console.log(`  AI calls: ${String(fake.control.calls.chat)}`);
  } finally {
    await app.close();
    await database.cleanup();
    await fake.close();
  }
}

await run('pglite');
try {
  await run('postgres');
} catch (err) {
  console.log(`feedback, postgres: skipped (${(err as Error).message.split('\n')[0]})`);
}
