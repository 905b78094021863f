import { ZPdfExportResponse } from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeServer } from '../../../tests/fixtures/fake-ai-control';
import { startFakeOpenAi } from '../../../tests/fixtures/fake-openai';
import { skillFeedback } from '../src/db/schema';
import { grantCoins } from '../src/domain/coins';
import { RateLimitCounters } from '../src/lib/rate-limit-counters';
import { postgresStore, removeExpiredRateLimits } from '../src/plugins/external/rate-limit';
import { createTestApp, type TestApp } from './helpers/app';
import { classroom, statusOf, until } from './helpers/classroom';
import { drivers, testDatabase, type TestDatabase } from './helpers/database';
import { signIn } from './helpers/tokens';

// Several processes on one PostgreSQL (ARCHITECTURE.md §2): two app instances on the same database stand
// for two processes. The rate limits count across them; WORKERS splits API and job workers.

describe('the embedded database', () => {
  it('refuses WORKERS=off and WORKERS=only at start: no second process can open it', async () => {
    for (const workers of ['off', 'only']) {
      await expect(createTestApp({ driver: 'pglite', env: { WORKERS: workers } })).rejects.toThrow(
        /WORKERS: "(off|only)" braucht DATABASE_URL \(PostgreSQL\)/,
      );
    }
  });
});

describe.each(drivers.filter((d) => d === 'postgres'))('several processes on %s', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase('postgres');
  });
  afterAll(() => database?.cleanup());

  describe('rate limits', () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      a = await createTestApp({ database, env: { RATE_LIMIT_MAX: '5' } });
      b = await createTestApp({ database, env: { RATE_LIMIT_MAX: '5' } });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
    });

    it('limit requests spread over both instances at the same total', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 8; i++) {
        const app = i % 2 === 0 ? a.app : b.app;
        codes.push((await app.inject({ method: 'GET', url: '/api/config' })).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      const limited = await a.app.inject({ method: 'GET', url: '/api/config' });
      expect(limited.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(50);
      // Another client has a count of its own.
      const other = await b.app.inject({ method: 'GET', url: '/api/config', remoteAddress: '10.0.0.9' });
      expect(other.statusCode).toBe(200);
    });

    it('count atomically under concurrent requests of both, and start a new window when one runs out', async () => {
      // Limits of at most EXACT_MAX are counted in the table request by request.
      const Store = postgresStore(new RateLimitCounters(a.app.db));
      const Other = postgresStore(new RateLimitCounters(b.app.db));
      const options = { continueExceeding: false, exponentialBackoff: false };
      const stores = [new Store(options), new Other(options)];
      const incr = (i: number, key: string, window: number) =>
        new Promise<{ current: number; ttl: number }>((resolve, reject) =>
          stores[i % 2]!.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), window, 100),
        );
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => incr(i, 'burst', 60_000)));
      expect(results.map((r) => r.current).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 40 }, (_, i) => i + 1),
      );
      for (const r of results) expect(r.ttl).toBeGreaterThan(55_000);

      expect((await incr(0, 'short', 300)).current).toBe(1);
      expect((await incr(1, 'short', 300)).current).toBe(2);
      await new Promise((r) => setTimeout(r, 400));
      const fresh = await incr(0, 'short', 300);
      expect(fresh.current).toBe(1);
      expect(fresh.ttl).toBeGreaterThan(200);

      // A route limit counts apart from the global one under the same client key.
      const route = new Store(options).child({
        ...options,
        routeInfo: { method: 'POST', url: '/x' },
      } as never);
      const routeCount = await new Promise<number>((resolve, reject) =>
        route.incr('burst', (err, res) => (err ? reject(err) : resolve(res!.current)), 60_000, 100),
      );
      expect(routeCount).toBe(1);

      await incr(0, 'gone', 1);
      await new Promise((r) => setTimeout(r, 20));
      expect(await removeExpiredRateLimits(a.app.db)).toBeGreaterThanOrEqual(1);
      const { rows } = await a.app.db.execute<{ key: string }>(sql`select key from rate_limits`);
      const keys = rows.map((r) => r.key);
      expect(keys).toContain('global:burst');
      expect(keys).toContain('route:POST /x:burst');
      expect(keys).not.toContain('global:gone');
    });
  });

  describe('WORKERS', () => {
    let api: TestApp;
    let worker: TestApp | undefined;
    let fake: FakeServer;
    afterAll(async () => {
      await worker?.close();
      await api?.close();
      await fake?.close();
    });

    it('off queues jobs it does not run; a WORKERS=only process runs them and serves only /api/health', async () => {
      fake = await startFakeOpenAi({ apiKey: 'test-key' });
      const ai = { AI_PROVIDER: 'openai', OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_API_KEY: 'test-key' };
      api = await createTestApp({ database, env: { ...ai, WORKERS: 'off' } });
      const owner = await signIn(api.app);
      await grantCoins(api.app.db, { userId: owner.id, amount: 10, by: null });
      const room = await classroom(api.app, owner, { students: 3 });
      // Two graded submissions to export; the third is for the AI.
      const [ungraded, ...graded] = room.submissionIds as [string, ...string[]];
      await api.app.db.insert(skillFeedback).values(
        graded.map((submission_id) => ({
          skill_id: room.skillIds[0]!,
          submission_id,
          score: 2,
          reason: '',
          proof: [],
          created_by: owner.id,
        })),
      );
      const res = await owner.call('POST', `/api/tasks/${room.task.id}/pdf-exports`, { format: 'pdf' });
      expect(res.statusCode).toBe(202);
      const { id } = ZPdfExportResponse.parse(res.json()).export;
      const correction = await owner.call('POST', '/api/corrections', { submissionId: ungraded });
      expect(correction.statusCode).toBe(200);
      const stateOfJob = async () => {
        const { rows } = await api.app.db.execute<{ state: string }>(
          sql`select state from pgboss.job where data->>'exportId' = ${id}`,
        );
        return rows[0]?.state;
      };
      const statusOfExport = async () =>
        ZPdfExportResponse.parse((await owner.call('GET', `/api/pdf-exports/${id}`)).json()).export.status;
      // A worker here would be woken by NOTIFY within milliseconds.
      await new Promise((r) => setTimeout(r, 1500));
      expect(await stateOfJob()).toBe('created');
      expect(await statusOfExport()).toBe('queued');
      expect((await statusOf(api.app, ungraded)).status).toBe('inKorrektur');
      expect(fake.control.calls).toEqual({});

      worker = await createTestApp({ database, env: { ...ai, WORKERS: 'only' } });
      await until(async () => (await statusOfExport()) === 'done', 30_000, 'export done by the worker');
      expect(await stateOfJob()).toBe('completed');
      await until(
        async () => (await statusOf(api.app, ungraded)).status === 'korrigiert',
        30_000,
        'correction done by the worker',
      );
      expect(Object.keys(fake.control.calls).length).toBeGreaterThan(0);
      const file = await owner.call('GET', `/api/pdf-exports/${id}/file`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');

      expect((await worker.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      for (const url of ['/api/config', '/auth/v1/settings', '/api/docs', '/']) {
        const res = await worker.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({ error: { code: 'NOT_FOUND' } });
      }
    }, 120_000);
  });
});
