import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fromPglite, PgBoss } from 'pg-boss';

// Background jobs (ARCHITECTURE.md §2, §7): pg-boss on the app's own database, in its own schema `pgboss`.
// Embedded, it shares the PGlite instance (its `pglite` backend; LISTEN/NOTIFY in-process); on Postgres it
// keeps a small pool of its own and workers of several processes share the queues (SKIP LOCKED). With an AI
// provider the queue starts with the app (corrections); without one it starts on first use — the class
// export of PDFs (domain/pdfs/exports.ts) — so a server that never exports runs no queue and starts even
// while its database is unreachable. WORKERS (env.ts) splits the roles across processes: `off` queues jobs
// but runs no workers and no supervision, `only` starts the queue at boot and runs them.

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue; started at boot with an AI provider, otherwise by `startJobs()`. */
    jobs: PgBoss;
    /** Starts the queue and runs the setups of `onJobsStart` once; later calls wait for the same start. */
    startJobs: () => Promise<PgBoss>;
    /** Whether the queue runs in this process (the figures of /dev/stats must not start it). */
    jobsRunning: () => boolean;
    /** Queues and workers to set up when the queue starts (at once when it runs already). */
    onJobsStart: (setup: (boss: PgBoss) => Promise<void>) => Promise<void>;
  }
}

/** How long a closing process waits for running jobs; what is still running then is retried elsewhere. */
const STOP_TIMEOUT_MS = 8000;

export default fp(
  async function jobs(app: FastifyInstance) {
    const { config } = app;
    const shared = {
      schema: 'pgboss',
      // Workers wake at once when a job is queued; polling stays as the fallback.
      useListenNotify: true,
      // No cron schedules; expired jobs (a process died mid-job) are looked for this often.
      schedule: false,
      // Expiry and retries of lost jobs are the business of the processes that run workers.
      supervise: config.WORKERS !== 'off',
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
    const setups: Array<(boss: PgBoss) => Promise<void>> = [];
    let started: Promise<PgBoss> | null = null;
    let running = false;
    const startJobs = () => {
      started ??= (async () => {
        await boss.start();
        running = true;
        for (const setup of setups) await setup(boss);
        return boss;
      })().catch((err: unknown) => {
        // The database may be back on the next call.
        started = null;
        throw err;
      });
      return started;
    };
    app.decorate('jobs', boss);
    app.decorate('startJobs', startJobs);
    app.decorate('jobsRunning', () => running);
    app.decorate('onJobsStart', async (setup: (boss: PgBoss) => Promise<void>) => {
      setups.push(setup);
      if (running) await setup(boss);
    });
    if (app.ai || config.WORKERS === 'only') await startJobs();
    // Runs before the database closes (hooks run in reverse order of registration).
    app.addHook('onClose', async () => {
      await started?.catch(() => undefined);
      if (running) await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS, close: true });
    });
  },
  { name: 'jobs', dependencies: ['config', 'db', 'ai'] },
);
