import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fromPglite, PgBoss } from 'pg-boss';

// Background jobs (ARCHITECTURE.md §2, §7): pg-boss on the app's own database, in its own schema `pgboss`.
// Embedded, it shares the PGlite instance (its `pglite` backend; LISTEN/NOTIFY in-process); on Postgres it
// keeps a small pool of its own and workers of several processes share the queues (SKIP LOCKED). Jobs only
// exist for the AI, so without an AI provider nothing is started and `app.jobs` is null.

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue; null when AI_PROVIDER=none (no job could run). */
    jobs: PgBoss | null;
  }
}

/** How long a closing process waits for running jobs; what is still running then is retried elsewhere. */
const STOP_TIMEOUT_MS = 8000;

export default fp(
  async function jobs(app: FastifyInstance) {
    if (!app.ai) {
      app.decorate('jobs', null);
      return;
    }
    const { config } = app;
    const shared = {
      schema: 'pgboss',
      // Workers wake at once when a job is queued; polling stays as the fallback.
      useListenNotify: true,
      // No cron schedules; expired jobs (a process died mid-job) are looked for this often.
      schedule: false,
      superviseIntervalSeconds: config.JOBS_MONITOR_SECONDS,
      monitorIntervalSeconds: config.JOBS_MONITOR_SECONDS,
    };
    const boss =
      app.dbDriver === 'pglite'
        ? new PgBoss({
            ...shared,
            // drizzle keeps the client it was built on; pg-boss needs that very instance (one connection).
            db: fromPglite((app.db as unknown as { $client: PGlite }).$client),
            backend: 'pglite',
          })
        : new PgBoss({
            ...shared,
            connectionString: config.DATABASE_URL,
            max: 4,
            application_name: 'klassenzimmer-jobs',
          });
    boss.on('error', (err) => app.log.error({ err }, 'Job-Warteschlange: Fehler'));
    boss.on('warning', (warning) => app.log.warn({ warning }, 'Job-Warteschlange: Warnung'));
    await boss.start();
    app.decorate('jobs', boss);
    // Runs before the database closes (hooks run in reverse order of registration).
    app.addHook('onClose', async () => {
      await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS, close: true });
    });
  },
  { name: 'jobs', dependencies: ['config', 'db', 'ai'] },
);
