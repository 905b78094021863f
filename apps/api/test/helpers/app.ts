import type { FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import { buildApp, type BuildAppOptions } from '../../src/app';
import { loadEnv } from '../../src/env';
import type { DatabaseDriver } from '../../src/db/client';
import { testDatabase, type TestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  /** Every log line the app wrote, parsed. */
  logs: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database (PGlite, or Postgres when TEST_DATABASE_URL is set). `prepare` may add
 * routes before the app is ready, e.g. to exercise the error handler. `database` runs the app on one the
 * caller made (several processes on one Postgres); the caller then cleans it up.
 */
export async function createTestApp(
  options: BuildAppOptions & {
    env?: Record<string, string>;
    driver?: DatabaseDriver;
    prepare?: (app: FastifyInstance) => void | Promise<void>;
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const { env: envOverrides = {}, driver, prepare, database: shared, ...buildOptions } = options;
  const database = shared ?? (await testDatabase(driver));
  const cleanup = () => (shared ? Promise.resolve() : database.cleanup());
  const logs: Array<Record<string, unknown>> = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      }
      callback();
    },
  });
  // DEMO=0: most suites want an empty user table; the demo suite turns it on.
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info', DEMO: '0', ...database.env, ...envOverrides });
  const app = await buildApp(env, { logStream, ...buildOptions });
  try {
    await prepare?.(app);
    await app.ready();
  } catch (err) {
    await app.close();
    await cleanup();
    throw err;
  }
  return {
    app,
    logs,
    async close() {
      await app.close();
      await cleanup();
    },
  };
}
