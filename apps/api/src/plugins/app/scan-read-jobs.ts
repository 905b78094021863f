import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Job } from 'pg-boss';
import { systemContext } from '../../domain/context';
import { runScanRead, SCAN_READ_QUEUE, stackPagesUnread, type ScanReadJobData } from '../../domain/scans';

/** How often an idle worker polls besides being woken by NOTIFY. */
const POLL_SECONDS = 5;

/**
 * The queue of scanned stacks to read (domain/scans/jobs.ts) and, unless WORKERS=off, one worker: the page
 * worker thread reads one page at a time anyway. A job whose process died expires and runs again; it skips
 * the pages already read.
 */
export default fp(
  async function scanReadJobs(app: FastifyInstance) {
    const log = app.log.child({ module: 'scan-read' });
    const ctx = systemContext(app, log);
    const workers = app.config.WORKERS !== 'off';

    await app.onJobsStart(async (boss) => {
      // A stack of a few hundred pages at a few seconds each at worst.
      const options = {
        retryLimit: 2,
        retryDelay: 5,
        expireInSeconds: 3600,
        deleteAfterSeconds: 86400,
        notify: true,
      };
      if (await boss.getQueue(SCAN_READ_QUEUE)) await boss.updateQueue(SCAN_READ_QUEUE, options);
      else await boss.createQueue(SCAN_READ_QUEUE, options);
      if (!workers) return;
      let workerId = '';
      workerId = await boss.work(
        SCAN_READ_QUEUE,
        { pollingIntervalSeconds: POLL_SECONDS, notifyPollingIntervalSeconds: POLL_SECONDS },
        async (jobs: Job<ScanReadJobData>[]) => {
          for (const job of jobs) {
            const started = performance.now();
            const outcome = await runScanRead(ctx, job.data);
            const ms = Math.round(performance.now() - started);
            log.info(
              { taskId: job.data.taskId, pages: job.data.fileIds.length, outcome, ms },
              'Stapel gelesen',
            );
          }
          boss.notifyWorker(workerId);
        },
      );
    });

    if (!workers) return;
    app.addHook('onReady', async () => {
      // Stacks a stopped process left unread: start the queue so that a worker here picks their jobs up.
      void stackPagesUnread(ctx)
        .then((unread) => (unread ? app.startJobs() : null))
        .catch((err: unknown) => log.error({ err }, 'Ungelesene Stapel nicht wieder aufgenommen'));
    });
  },
  { name: 'scan-read-jobs', dependencies: ['jobs', 'db', 'storage'] },
);
