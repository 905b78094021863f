import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JobResult, JobWithMetadata, PgBoss, Queue } from 'pg-boss';
import { systemContext, type Ctx } from '../../domain/context';
import {
  CORRECTION_FAILED_QUEUE,
  CORRECTION_MESSAGES,
  CORRECTION_QUEUE,
  CorrectionFailure,
  finishFailedCorrection,
  runCorrectionJob,
  type CorrectionJobData,
} from '../../domain/corrections';
import type { Env } from '../../env';

/** How often idle workers look for due retries (new jobs wake them at once through NOTIFY). */
const POLL_SECONDS = 5;

/** What an attempt leaves on its pg-boss job when it fails: the German reason for the teacher. */
interface FailureOutput {
  correction_error: string;
}

/** Retries, backoff, timeout and heartbeat of the correction queue, from the environment (README). */
function correctionQueueOptions(config: Env): Omit<Queue, 'name'> {
  return {
    retryLimit: config.FEEDBACK_RETRIES,
    retryDelay: config.FEEDBACK_RETRY_DELAY_SECONDS,
    ...(config.FEEDBACK_RETRY_DELAY_SECONDS > 0
      ? { retryBackoff: true, retryDelayMax: 600 }
      : { retryBackoff: false }),
    expireInSeconds: config.FEEDBACK_TIMEOUT_SECONDS,
    ...(config.FEEDBACK_HEARTBEAT_SECONDS > 0 ? { heartbeatSeconds: config.FEEDBACK_HEARTBEAT_SECONDS } : {}),
    // Finished jobs are history nobody reads; the submission row holds the outcome.
    deleteAfterSeconds: 24 * 60 * 60,
    deadLetter: CORRECTION_FAILED_QUEUE,
    notify: true,
  };
}

async function ensureQueue(boss: PgBoss, name: string, options: Omit<Queue, 'name'>) {
  if (await boss.getQueue(name)) {
    // Settings may have changed since the queue was made (env); the dead letter is fixed at creation.
    const { deadLetter: _fixed, heartbeatSeconds, retryDelayMax: _max, ...rest } = options;
    await boss.updateQueue(name, { ...rest, heartbeatSeconds: heartbeatSeconds ?? null });
  } else {
    await boss.createQueue(name, options);
  }
}

/**
 * The correction queues and, in this process (unless WORKERS=off), their workers: FEEDBACK_CONCURRENCY jobs at
 * a time. Without an AI provider there is nothing to run. The jobs run as the system (systemContext).
 */
export default fp(
  async function correctionJobs(app: FastifyInstance) {
    const boss = app.jobs;
    if (!app.ai) return;
    const ctx = systemContext(app, app.log.child({ module: 'correction-job' }));
    await ensureQueue(boss, CORRECTION_FAILED_QUEUE, {
      retryLimit: 5,
      retryDelay: 5,
      retryBackoff: true,
      notify: true,
    });
    await ensureQueue(boss, CORRECTION_QUEUE, correctionQueueOptions(app.config));
    // WORKERS=off: this process queues corrections; a WORKERS=only process runs them.
    if (app.config.WORKERS === 'off') return;

    // One pg-boss worker per slot, so each can be woken on its own: after a job it fetches again at once
    // (pg-boss would otherwise wait out its poll interval after every job), and it waits for NOTIFY or the
    // poll only when the queue is empty.
    for (let slot = 0; slot < app.config.FEEDBACK_CONCURRENCY; slot++) {
      let workerId = '';
      workerId = await boss.work(
        CORRECTION_QUEUE,
        {
          includeMetadata: true,
          perJobResults: true,
          // Woken by NOTIFY when a job is queued; the polls find retries that became due.
          pollingIntervalSeconds: POLL_SECONDS,
          notifyPollingIntervalSeconds: POLL_SECONDS,
        },
        async (jobs: JobWithMetadata<CorrectionJobData>[]) => {
          const results = await Promise.all(jobs.map((job) => attempt(ctx, job)));
          boss.notifyWorker(workerId);
          return results;
        },
      );
    }
    await boss.work(
      CORRECTION_FAILED_QUEUE,
      {
        includeMetadata: true,
        pollingIntervalSeconds: POLL_SECONDS,
        notifyPollingIntervalSeconds: POLL_SECONDS,
      },
      async (jobs: JobWithMetadata<CorrectionJobData>[]) => {
        for (const job of jobs) {
          const message = reasonOf(job.output) ?? CORRECTION_MESSAGES.lost;
          // The dead-lettered copy has an id of its own; the correction belongs to the original job.
          const id = job.sourceId ?? job.id;
          const failed = await finishFailedCorrection(ctx, { id, data: job.data }, message);
          ctx.log.warn(
            { jobId: id, submissionId: job.data.submissionId, failed, reason: message },
            'KI-Korrektur fehlgeschlagen',
          );
        }
      },
    );
  },
  { name: 'correction-jobs', dependencies: ['jobs', 'ai', 'db', 'storage'] },
);

async function attempt(ctx: Ctx, job: JobWithMetadata<CorrectionJobData>): Promise<JobResult<object>> {
  const started = performance.now();
  const phases = {};
  try {
    const outcome = await runCorrectionJob(ctx, job, phases);
    ctx.log.info(
      {
        jobId: job.id,
        submissionId: job.data.submissionId,
        outcome,
        ms: Math.round(performance.now() - started),
        phases,
      },
      'KI-Korrektur beendet',
    );
    return { id: job.id, status: 'completed', output: { outcome } };
  } catch (err) {
    const failure =
      err instanceof CorrectionFailure
        ? err
        : new CorrectionFailure(CORRECTION_MESSAGES.internal, true, { cause: err });
    ctx.log.warn(
      {
        jobId: job.id,
        submissionId: job.data.submissionId,
        attempt: job.retryCount + 1,
        of: job.retryLimit + 1,
        retry: failure.retry,
        err: failure.cause ?? failure,
      },
      'KI-Korrektur: Versuch fehlgeschlagen',
    );
    const output: FailureOutput = { correction_error: failure.message };
    // `deadletter` skips the remaining attempts; `failed` retries until they are used up, then dead-letters.
    return { id: job.id, status: failure.retry ? 'failed' : 'deadletter', output };
  }
}

function reasonOf(output: unknown): string | null {
  if (output && typeof output === 'object' && 'correction_error' in output) {
    const reason = (output as FailureOutput).correction_error;
    if (typeof reason === 'string' && reason) return reason;
  }
  return null;
}
