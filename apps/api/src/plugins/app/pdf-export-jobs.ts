import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Job } from 'pg-boss';
import { systemContext } from '../../domain/context';
import {
  PDF_EXPORT_QUEUE,
  pdfExportsPending,
  removeExpiredPdfExports,
  runPdfExport,
  type PdfExportJobData,
} from '../../domain/pdfs/exports';

/** How often idle workers poll besides being woken by NOTIFY. */
const POLL_SECONDS = 5;
/** How often expired exports are removed (besides once at start). */
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The class export queue and, in this process (unless WORKERS=off), PDF_EXPORT_CONCURRENCY workers
 * (domain/pdfs/exports.ts), set up when the job queue starts (with the first export when there is no AI); the
 * hourly removal of exports older than a day. A job records its outcome on the export row itself, so a failure is not retried; a job
 * whose process died expires and runs once more from the start.
 */
export default fp(
  async function pdfExportJobs(app: FastifyInstance) {
    const log = app.log.child({ module: 'pdf-export' });
    const ctx = systemContext(app, log);
    const workers = app.config.WORKERS !== 'off';

    await app.onJobsStart(async (boss) => {
      // notify: a queued export wakes an idle worker at once (LISTEN/NOTIFY) instead of at its next poll.
      const options = {
        retryLimit: 1,
        retryDelay: 5,
        expireInSeconds: 600,
        deleteAfterSeconds: 86400,
        notify: true,
      };
      if (await boss.getQueue(PDF_EXPORT_QUEUE)) await boss.updateQueue(PDF_EXPORT_QUEUE, options);
      else await boss.createQueue(PDF_EXPORT_QUEUE, options);
      // WORKERS=off: exports are queued here and made by a WORKERS=only process.
      if (!workers) return;
      for (let slot = 0; slot < app.config.PDF_EXPORT_CONCURRENCY; slot++) {
        let workerId = '';
        workerId = await boss.work(
          PDF_EXPORT_QUEUE,
          { pollingIntervalSeconds: POLL_SECONDS, notifyPollingIntervalSeconds: POLL_SECONDS },
          async (jobs: Job<PdfExportJobData>[]) => {
            for (const job of jobs) {
              const started = performance.now();
              const outcome = await runPdfExport(ctx, job.data.exportId);
              const ms = Math.round(performance.now() - started);
              log.info({ exportId: job.data.exportId, outcome, ms }, 'PDF-Export beendet');
            }
            // Fetch the next one at once instead of waiting out the poll interval.
            boss.notifyWorker(workerId);
          },
        );
      }
    });

    let running: Promise<void> | null = null;
    const cleanup = () => {
      running ??= removeExpiredPdfExports(ctx)
        .then((removed) => {
          if (removed > 0) log.info({ removed }, 'Abgelaufene PDF-Exporte gelöscht');
        })
        .catch((err: unknown) => log.error({ err }, 'Löschen abgelaufener PDF-Exporte fehlgeschlagen'))
        .finally(() => {
          running = null;
        });
      return running;
    };
    let timer: NodeJS.Timeout | undefined;
    // The removal and the resumption are a worker's business too.
    if (!workers) return;
    app.addHook('onReady', async () => {
      void cleanup();
      timer = setInterval(() => void cleanup(), CLEANUP_INTERVAL_MS).unref();
      // Exports a stopped process left waiting: start the queue so that a worker here picks them up.
      void pdfExportsPending(ctx)
        .then((pending) => (pending ? app.startJobs() : null))
        .catch((err: unknown) => log.error({ err }, 'Offene PDF-Exporte nicht wieder aufgenommen'));
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'pdf-export-jobs', dependencies: ['jobs', 'db', 'storage'] },
);
