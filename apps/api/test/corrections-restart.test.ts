import { ZListNotificationsResponse, ZRequestCorrectionsResponse } from '@app/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FakeServer } from '../../../tests/fixtures/fake-ai-control';
import { startFakeOpenAi } from '../../../tests/fixtures/fake-openai';
import { buildApp } from '../src/app';
import { coinBalance, grantCoins } from '../src/domain/coins';
import { notifications } from '../src/db/schema';
import { loadEnv } from '../src/env';
import { classroom, feedbackRows, statusOf, until } from './helpers/classroom';
import { drivers, testDatabase, type TestDatabase } from './helpers/database';
import { bearer, signIn } from './helpers/tokens';

// AI corrections survive a crash: a worker restart mid-job finishes the job once. A real API process (tsx
// src/server.ts) takes the job and is killed (SIGKILL) while the AI is still thinking; a new process on the
// same database notices the missing heartbeat, retries the job and finishes it: one AI answer stored, one
// charge, one notification.

const API_DIR = path.resolve(import.meta.dirname, '..');

describe.each(drivers)('A worker restart mid-job on %s', (driver) => {
  let fake: FakeServer | undefined;
  let database: TestDatabase | undefined;
  let child: ChildProcess | undefined;
  let app: FastifyInstance | undefined;

  afterAll(async () => {
    child?.kill('SIGKILL');
    await app?.close();
    await database?.cleanup();
    await fake?.close();
  });

  it(
    'The job of a killed process is picked up by the next one and finished once',
    { timeout: 90_000 },
    async () => {
      fake = await startFakeOpenAi();
      database = await testDatabase(driver);
      const env = {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DEMO: '0',
        ...database.env,
        AI_PROVIDER: 'openai',
        OPENAI_BASE_URL: `${fake.url}/v1`,
        AI_TIMEOUT_MS: '60000',
        // One skill_feedback call per attempt, so calls count attempts (k runs: ai-consistency.test.ts).
        AI_FEEDBACK_RUNS: '1',
        FEEDBACK_HEARTBEAT_SECONDS: '10',
        FEEDBACK_RETRY_DELAY_SECONDS: '0',
        JOBS_MONITOR_SECONDS: '1',
      };
      const start = async () => {
        const built = await buildApp(loadEnv(env), { controlSocket: false });
        await built.ready();
        return built;
      };

      // Before: a class that handed in, prepared by an in-process app that then stops.
      app = await start();
      const teacher = await signIn(app);
      await grantCoins(app.db, { userId: teacher.id, amount: 10, by: null });
      const room = await classroom(app, teacher, { students: 1 });
      const submissionId = room.submissionIds[0]!;
      await app.close();
      app = undefined;

      // A real server process takes the job; the AI keeps it waiting.
      fake.control.delayMs = 120_000;
      child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: API_DIR,
        env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await until(() => /"msg":"ready"/.test(output), 30_000, 'the server process');
      const url = /"url":"(http:\/\/[^"]+)"/.exec(output)![1]!;
      const res = await fetch(`${url}/api/corrections`, {
        method: 'POST',
        headers: { ...bearer(teacher.token), 'content-type': 'application/json' },
        body: JSON.stringify({ submissionId }),
      });
      expect(res.status).toBe(200);
      expect(ZRequestCorrectionsResponse.parse(await res.json()).coinCount).toBe(9);
      await until(() => (fake!.control.calls.chat ?? 0) === 1, 15_000, 'the AI call');

      // Killed mid-job: nothing of it is stored, the job row says it is still running.
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      child = undefined;
      fake.control.delayMs = 0;

      // The next process finds the job without a heartbeat and runs it again.
      app = await start();
      expect((await statusOf(app, submissionId)).status).toBe('inKorrektur');
      await until(
        async () => (await statusOf(app!, submissionId)).status !== 'inKorrektur',
        40_000,
        'the retried job',
      );
      const row = await statusOf(app, submissionId);
      expect(row.status).toBe('korrigiert');
      expect(fake.control.calls.chat).toBe(2);
      const rows = await feedbackRows(app, submissionId);
      expect(rows.skills).toHaveLength(room.skillIds.length);
      expect(rows.groups).toHaveLength(room.groups.length);
      // Charged once, not refunded; one notification.
      expect(await coinBalance(app.db, teacher.id)).toBe(9);
      expect(await app.db.$count(notifications, eq(notifications.receiver_user_id, teacher.id))).toBe(1);
      const listed = await app.inject({
        method: 'GET',
        url: '/api/notifications',
        headers: bearer(teacher.token),
      });
      expect(ZListNotificationsResponse.parse(listed.json()).notifications[0]!.type).toBe('feedback_done');
    },
  );
});
