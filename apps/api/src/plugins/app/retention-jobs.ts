import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { systemContext } from '../../domain/context';
import { runRetention } from '../../domain/privacy';

/** How often the retention rule is applied (besides once at start); it acts on dates, a few runs a day do. */
export const RETENTION_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * The retention job (ADR 022): with RETENTION_SCHOOL_YEARS set, processes that run workers (WORKERS on or
 * only, never off) apply the rule once when ready and then every RETENTION_INTERVAL_MS, like the removal of
 * expired PDF exports. Not a pg-boss cron: the queue runs no schedules and starts only on demand without
 * an AI provider. Runs of several processes at once are harmless: the announcement is one row per class
 * and date (the second insert does nothing), and deleting what is gone already deletes nothing.
 */
export default fp(
  async function retentionJobs(app: FastifyInstance) {
    const years = app.config.RETENTION_SCHOOL_YEARS ?? null;
    if (years === null || app.config.WORKERS === 'off') return;
    const log = app.log.child({ module: 'retention' });
    const ctx = systemContext(app, log);
    let running: Promise<void> | null = null;
    const run = () => {
      running ??= runRetention(ctx, years)
        .then((result) => {
          if (result.announced.length > 0 || result.deleted.length > 0)
            log.info(
              { announced: result.announced.length, deleted: result.deleted.length },
              'Aufbewahrungsfrist angewendet',
            );
        })
        .catch((err: unknown) => log.error({ err }, 'Aufbewahrungsfrist: Lauf fehlgeschlagen'))
        .finally(() => {
          running = null;
        });
      return running;
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      void run();
      timer = setInterval(() => void run(), RETENTION_INTERVAL_MS).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'retention-jobs', dependencies: ['db', 'storage'] },
);
