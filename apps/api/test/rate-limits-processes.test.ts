import { ZApiError } from '@app/contract';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { marginOf } from '../src/lib/rate-limit-counters';
import { drivers, testDatabase, type TestDatabase } from './helpers/database';
import { countRateLimitWrites } from './helpers/rate-limit-writes';
import { startServerProcess, type ServerProcess } from './helpers/server-process';

// Rate limits of two real API processes on one PostgreSQL (ADR 033): each counts in memory and shares its
// counts through `rate_limits` about once a second. A strict limit is exact across both; a larger one is
// exceeded by at most (processes − 1) × its margin; every request is in the table once both have stopped.

const CLIENT = '127.0.0.1';

interface Answer {
  status: number;
  retryAfter: number;
  body: unknown;
}

/** `n` requests, `parallel` at a time, alternating between the processes; the answers in order. */
async function burst(urls: string[], n: number, path: string, method = 'GET', parallel = 20) {
  const answers: Answer[] = [];
  for (let i = 0; i < n; i += parallel) {
    const round = Array.from({ length: Math.min(parallel, n - i) }, async (_, j): Promise<Answer> => {
      const res = await fetch(`${urls[(i + j) % urls.length]}${path}`, { method });
      return {
        status: res.status,
        retryAfter: Number(res.headers.get('retry-after')),
        body: await res.json(),
      };
    });
    answers.push(...(await Promise.all(round)));
  }
  return answers;
}

describe.each(drivers.filter((d) => d === 'postgres'))('Two API processes on one %s', () => {
  let database: TestDatabase;
  let client: pg.Client;
  let processes: ServerProcess[] = [];
  /** Both processes, started together on this test's database. */
  const start = async (env: Record<string, string>) => {
    const common = {
      NODE_ENV: 'test',
      DEMO: '0',
      WORKERS: 'off',
      ...database.env,
      JWT_SECRET: randomBytes(32).toString('hex'),
      PROFILE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ...env,
    };
    const started = await Promise.allSettled([
      startServerProcess(common, 'API process 1'),
      startServerProcess(common, 'API process 2'),
    ]);
    processes = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    return processes.map((p) => p.url);
  };
  /** SIGTERM: each closes as in production, writing what it counted. */
  const stop = () =>
    Promise.all(
      processes.map(async (p) => {
        const exited = new Promise((resolve) => p.child.once('exit', resolve));
        if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
        await exited;
      }),
    );
  const countOf = async (key: string) => {
    const { rows } = await client.query<{ count: number }>('select count from rate_limits where key = $1', [
      key,
    ]);
    return rows[0]?.count;
  };

  beforeEach(async () => {
    database = await testDatabase('postgres');
    client = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await client.connect();
  });
  afterEach(async () => {
    await Promise.all(processes.map((p) => p.kill()));
    processes = [];
    await client.end();
    await database.cleanup();
  });

  it('refuse a strict route limit exactly at its max across both', { timeout: 90_000 }, async () => {
    const urls = await start({ UPLOAD_RATE_LIMIT: '8' });
    expect(marginOf(8)).toBe(0);
    const responses = await burst(urls, 20, `/api/submissions/studentupload/${randomUUID()}`, 'POST');
    const refused = responses.filter((r) => r.status === 429);
    expect(responses.length - refused.length).toBe(8);
    expect(ZApiError.parse(refused[0]!.body).error.code).toBe('UPLOAD_RATE_LIMITED');
    expect(refused[0]!.retryAfter).toBeGreaterThan(0);
  });

  it(
    'share the global limit within its margin, and have every request in the table once stopped',
    { timeout: 90_000 },
    async () => {
      const max = 300;
      const urls = await start({ RATE_LIMIT_MAX: String(max) });
      // The processes migrated the database at start; the trigger comes after.
      const writes = await countRateLimitWrites(
        async (text) => (await client.query<Record<string, unknown>>(text)).rows,
      );
      const responses = await burst(urls, 400, '/api/config');
      const admitted = responses.filter((r) => r.status === 200).length;
      const statements = await writes();
      console.info(
        `400 requests on two processes, RATE_LIMIT_MAX=${max}: ${admitted} admitted, ${statements} statements`,
      );
      // One per request as before ADR 033 would be 400. Now: a flush a second, one per margin's worth of a
      // burst, and one per request only in the last margin before the limit.
      expect(statements).toBeLessThan(100);
      expect(admitted).toBeGreaterThanOrEqual(max);
      expect(admitted).toBeLessThanOrEqual(max + (urls.length - 1) * marginOf(max));
      const refused = responses.find((r) => r.status !== 200)!;
      expect(refused.status).toBe(429);
      expect(ZApiError.parse(refused.body).error.code).toBe('RATE_LIMITED');
      expect(refused.retryAfter).toBeGreaterThan(50);
      await stop();
      expect(await countOf(`global:${CLIENT}`)).toBe(400);
    },
  );
});
