import { ZApiError } from '@app/contract';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { FLUSH_INTERVAL_MS, marginOf, RateLimitCounters } from '../src/lib/rate-limit-counters';
import { createTestApp, type TestApp } from './helpers/app';
import { until } from './helpers/classroom';
import { drivers, testDatabase, type TestDatabase } from './helpers/database';
import { countRateLimitWrites } from './helpers/rate-limit-writes';

// Rate limits on PostgreSQL count in memory and reach the table `rate_limits` in batches (ADR 033); the
// embedded database counts in memory alone. A burst far below a limit writes the table at most once per flush
// interval; strict limits are exact across two app instances on one database, larger ones within their
// margin; what was counted reaches the table when the app closes; a database that does not answer leaves
// each instance counting alone, never failing a request.

const CLIENT = '127.0.0.1';

/** Counts the statements that write `rate_limits` from now on. */
const countWrites = (db: Database) =>
  countRateLimitWrites(async (text) => (await db.execute<Record<string, unknown>>(sql.raw(text))).rows);

async function countOf(db: Database, key: string): Promise<number | undefined> {
  const { rows } = await db.execute<{ count: number }>(sql`select count from rate_limits where key = ${key}`);
  return rows[0] === undefined ? undefined : Number(rows[0].count);
}

/** `n` requests, `parallel` at a time, spread over `apps` in turn; the status codes in order. */
async function burst(apps: TestApp[], n: number, url: string, method: 'GET' | 'POST' = 'GET', parallel = 20) {
  const codes: number[] = [];
  for (let i = 0; i < n; i += parallel) {
    const round = Array.from({ length: Math.min(parallel, n - i) }, (_, j) =>
      apps[(i + j) % apps.length]!.app.inject({ method, url }),
    );
    for (const res of await Promise.all(round)) codes.push(res.statusCode);
  }
  return codes;
}

describe.each(drivers)('Rate limits on %s', (driver) => {
  let database: TestDatabase;
  const apps: TestApp[] = [];
  /** Two app instances on one PostgreSQL stand for two processes; PGlite has one process. */
  const instances = async (env: Record<string, string>) => {
    const count = driver === 'postgres' ? 2 : 1;
    for (let i = 0; i < count; i++) apps.push(await createTestApp({ database, env }));
    return [...apps];
  };
  beforeEach(async () => {
    database = await testDatabase(driver);
  });
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
    await database.cleanup();
  });

  it('write `rate_limits` at most once per flush interval for a burst far below the global limit', async () => {
    const [t] = await instances({ RATE_LIMIT_MAX: '600' });
    const writes = await countWrites(t!.app.db);
    const started = Date.now();
    // Fewer than the margin of 60: a busier key costs one statement per margin's worth.
    const codes = await burst([t!], 50, '/api/config');
    const elapsed = Date.now() - started;
    expect(codes.every((c) => c === 200)).toBe(true);
    // Counting every request in the table, as before ADR 033, would be 50 statements.
    expect(await writes()).toBeLessThanOrEqual(Math.floor(elapsed / FLUSH_INTERVAL_MS) + 1);
    if (driver === 'pglite') {
      expect(await countOf(t!.app.db, `global:${CLIENT}`)).toBeUndefined();
      return;
    }
    await until(
      async () => (await countOf(t!.app.db, `global:${CLIENT}`)) === 50,
      3 * FLUSH_INTERVAL_MS,
      'the flushed count',
    );
    expect(await writes()).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / FLUSH_INTERVAL_MS) + 1);
  });

  it('refuse strict limits exactly at their max, requests spread over the instances at once', async () => {
    expect(marginOf(8)).toBe(0);
    expect(marginOf(20)).toBe(0);
    const both = await instances({ UPLOAD_RATE_LIMIT: '8', RATE_LIMIT_MAX: '20' });
    // The plugin's own in-memory store (PGlite) answers with one mutable object per key: requests injected
    // in the same tick would all read the last count. Real sockets arrive one event apart.
    const parallel = driver === 'postgres' ? 30 : 1;
    const taskId = randomUUID();
    const uploads = await burst(both, 16, `/api/submissions/studentupload/${taskId}`, 'POST', parallel);
    expect(uploads.filter((c) => c !== 429)).toHaveLength(8);
    const global = await burst(both, 30, '/api/config', 'GET', parallel);
    expect(global.filter((c) => c === 200)).toHaveLength(20);
    expect(global.filter((c) => c === 429)).toHaveLength(10);
    const refused = await both[0]!.app.inject({ method: 'GET', url: '/api/config' });
    expect(refused.statusCode).toBe(429);
    expect(ZApiError.parse(refused.json()).error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50);
  });

  it.runIf(driver === 'postgres')(
    'share a larger limit within its margin, and count every request in the end',
    async () => {
      const max = 300;
      const margin = marginOf(max);
      expect(margin).toBe(30);
      const both = await instances({ RATE_LIMIT_MAX: String(max) });
      const writes = await countWrites(both[0]!.app.db);
      const codes = await burst(both, 400, '/api/config');
      const admitted = codes.filter((c) => c === 200).length;
      // At most (instances − 1) × margin beyond the limit; never fewer than the limit.
      expect(admitted).toBeGreaterThanOrEqual(max);
      expect(admitted).toBeLessThanOrEqual(max + (both.length - 1) * margin);
      expect(codes.filter((c) => c !== 200).every((c) => c === 429)).toBe(true);
      console.info(`400 requests on two instances: ${admitted} admitted, ${await writes()} statements`);
      // One per request as before ADR 033 would be 400 (see rate-limits-processes.test.ts).
      expect(await writes()).toBeLessThan(100);
      await until(
        async () => (await countOf(both[0]!.app.db, `global:${CLIENT}`)) === 400,
        3 * FLUSH_INTERVAL_MS,
        'every request counted',
      );
    },
  );

  it.runIf(driver === 'postgres')('write what was counted when the app closes', async () => {
    const [a, b] = await instances({ RATE_LIMIT_MAX: '600' });
    expect(await burst([a!], 10, '/api/config')).toEqual(Array(10).fill(200));
    await a!.close();
    apps.splice(apps.indexOf(a!), 1);
    expect(await countOf(b!.app.db, `global:${CLIENT}`)).toBe(10);
  });

  it.runIf(driver === 'postgres')(
    'count alone while the database does not answer: no request fails, the warning names no address',
    async () => {
      const [t] = await instances({ RATE_LIMIT_MAX: '5' });
      const db = t!.app.db as { execute: Database['execute'] };
      const execute = db.execute;
      // As drizzle fails a statement: its message carries the parameters, here the client's address.
      const refused = Object.assign(new Error('connect ECONNREFUSED 10.1.2.3:5432'), {
        code: 'ECONNREFUSED',
      });
      db.execute = (() =>
        Promise.reject(
          Object.assign(new Error(`Failed query: insert …\nparams: ${CLIENT}`), { cause: refused }),
        )) as never;
      let codes: number[];
      try {
        codes = await burst([t!], 7, '/api/config', 'GET', 1);
      } finally {
        db.execute = execute;
      }
      expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const warnings = t!.logs.filter((l) => String(l.msg).startsWith('Rate-Limit-Zähler nicht gespeichert'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ level: 40, code: 'ECONNREFUSED' });
      expect(JSON.stringify(warnings[0])).not.toContain(CLIENT);
      // Once it answers again, what was counted meanwhile reaches the table.
      await until(
        async () => (await countOf(t!.app.db, `global:${CLIENT}`)) === 7,
        3 * FLUSH_INTERVAL_MS,
        'the counts of the outage',
      );
      expect(t!.logs.some((l) => l.msg === 'Rate-Limit-Zähler wieder gemeinsam in der Datenbank')).toBe(true);
    },
  );
});

describe.runIf(drivers.includes('postgres'))('The counters of two processes', () => {
  it('send all keys in one statement per flush, and add up under concurrent flushes', async () => {
    const t = await createTestApp({ driver: 'postgres' });
    try {
      const counters = [new RateLimitCounters(t.app.db), new RateLimitCounters(t.app.db)];
      // 40 keys × 25 requests in each, far below a limit of 10 000: all counted in memory.
      for (const c of counters)
        for (let k = 0; k < 40; k++)
          for (let i = 0; i < 25; i++) expect((await c.incr(`k${k}`, 60_000, 10_000)).current).toBe(i + 1);
      expect(counters.map((c) => c.statements)).toEqual([0, 0]);
      await Promise.all(counters.map((c) => c.flush()));
      expect(counters.map((c) => c.statements)).toEqual([1, 1]);
      const { rows } = await t.app.db.execute<{ n: number; total: number }>(
        sql`select count(*)::int as n, sum(count)::int as total from rate_limits where key like 'k%'`,
      );
      expect(rows[0]).toEqual({ n: 40, total: 2000 });
      // The later flush read the other's counts back with its own.
      const next = await Promise.all(counters.map((c) => c.incr('k0', 60_000, 10_000)));
      expect(Math.max(...next.map((n) => n.current))).toBe(51);
      await Promise.all(counters.map((c) => c.close()));
    } finally {
      await t.close();
    }
  });
});
