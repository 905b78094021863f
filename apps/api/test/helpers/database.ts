import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseDriver } from '../../src/db/client';
import { seedPgliteDataDir } from './pglite-template';

// Integration tests run against a real database (ARCHITECTURE.md §10): PGlite always, Postgres too when
// TEST_DATABASE_URL names a server (CI sets it). Each call gets its own empty database.

const serverUrl = process.env.TEST_DATABASE_URL || undefined;

/** The drivers to run a suite against: `describe.each(drivers)('… on %s', (driver) => …)`. */
export const drivers: readonly DatabaseDriver[] = serverUrl ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  /** Env entries for loadEnv(): DATA_DIR always (files, outbox…), DATABASE_URL for Postgres. */
  env: Record<string, string>;
  /** Drops the database (Postgres) and deletes the temp DATA_DIR. */
  cleanup(): Promise<void>;
}

/**
 * A fresh, empty, unmigrated database. Without an argument: Postgres when TEST_DATABASE_URL is set, PGlite
 * otherwise. Pass the driver from `describe.each(drivers)` to run a suite on both.
 */
export async function testDatabase(
  driver: DatabaseDriver = serverUrl ? 'postgres' : 'pglite',
): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kz-test-'));
  const removeDataDir = () => rm(dataDir, { recursive: true, force: true });
  if (driver === 'pglite') {
    await seedPgliteDataDir(dataDir);
    return { env: { DATA_DIR: dataDir }, cleanup: removeDataDir };
  }

  if (!serverUrl) throw new Error('TEST_DATABASE_URL ist nicht gesetzt: Postgres-Tests sind nicht möglich.');
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onServer((client) => client.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async cleanup() {
      // FORCE (Postgres 13+) ends connections a test forgot to close instead of failing the drop.
      await onServer((client) => client.query(`drop database if exists "${name}" with (force)`));
      await removeDataDir();
    },
  };
}

async function onServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
