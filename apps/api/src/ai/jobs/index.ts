import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JobResult, JobWithMetadata, PgBoss, Queue } from 'pg-boss';
import type { Env } from '../../env';
import {
  FEEDBACK_FAILED_QUEUE,
  FEEDBACK_MESSAGES,
  FEEDBACK_QUEUE,
  FeedbackFailure,
  finishFailedJob,
  runFeedbackJob,
  type FeedbackJobData,
} from './feedback';

export { FEEDBACK_QUEUE, feedbackChargeReference, type FeedbackJobData } from './feedback';

/** How often idle workers look for due retries (new jobs wake them at once through NOTIFY). */
const POLL_SECONDS = 5;

/** What an attempt leaves on its pg-boss job when it fails: the German reason for the teacher. */
interface FailureOutput {
  correction_error: string;
}

/** Retries, backoff, timeout and heartbeat of the feedback queue, from the environment (README). */
export function feedbackQueueOptions(config: Env): Omit<Queue, 'name'> {
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
    deadLetter: FEEDBACK_FAILED_QUEUE,
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
 * The feedback queues and, in this process, their workers: FEEDBACK_CONCURRENCY jobs at a time. Without an AI
 * provider (no `app.jobs`) there is nothing to run.
 */
export default fp(
  async function feedbackJobs(app: FastifyInstance) {
    const boss = app.jobs;
    const ai = app.ai;
    if (!boss || !ai) return;
    const log = app.log.child({ module: 'feedback-job' });
    await ensureQueue(boss, FEEDBACK_FAILED_QUEUE, {
      retryLimit: 5,
      retryDelay: 5,
      retryBackoff: true,
      notify: true,
    });
    await ensureQueue(boss, FEEDBACK_QUEUE, feedbackQueueOptions(app.config));

    const deps = { db: app.db, ai, storage: app.storage, log };
    // One pg-boss worker per slot, so each can be woken on its own: after a job it fetches again at once
    // (pg-boss would otherwise wait out its poll interval after every job), and it waits for NOTIFY or the
    // poll only when the queue is empty.
    for (let slot = 0; slot < app.config.FEEDBACK_CONCURRENCY; slot++) {
      let workerId = '';
      workerId = await boss.work(
        FEEDBACK_QUEUE,
        {
          includeMetadata: true,
          perJobResults: true,
          // Woken by NOTIFY when a job is queued; the polls find retries that became due.
          pollingIntervalSeconds: POLL_SECONDS,
          notifyPollingIntervalSeconds: POLL_SECONDS,
        },
        async (jobs: JobWithMetadata<FeedbackJobData>[]) => {
          const results = await Promise.all(jobs.map((job) => attempt(deps, job)));
          boss.notifyWorker(workerId);
          return results;
        },
      );
    }
    await boss.work(
      FEEDBACK_FAILED_QUEUE,
      {
        includeMetadata: true,
        pollingIntervalSeconds: POLL_SECONDS,
        notifyPollingIntervalSeconds: POLL_SECONDS,
      },
      async (jobs: JobWithMetadata<FeedbackJobData>[]) => {
        for (const job of jobs) {
          const message = reasonOf(job.output) ?? FEEDBACK_MESSAGES.lost;
          // The dead-lettered copy has an id of its own; the correction belongs to the original job.
          const id = job.sourceId ?? job.id;
          const failed = await finishFailedJob(app.db, { id, data: job.data }, message);
          log.warn(
            { jobId: id, submissionId: job.data.submissionId, failed, reason: message },
            'KI-Korrektur fehlgeschlagen',
          );
        }
      },
    );
  },
  { name: 'feedback-jobs', dependencies: ['jobs', 'ai', 'db', 'storage'] },
);

type Deps = Parameters<typeof runFeedbackJob>[0];

async function attempt(deps: Deps, job: JobWithMetadata<FeedbackJobData>): Promise<JobResult<object>> {
  const started = performance.now();
  const phases = {};
  try {
    const outcome = await runFeedbackJob(deps, job, phases);
    deps.log.info(
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
      err instanceof FeedbackFailure
        ? err
        : new FeedbackFailure(FEEDBACK_MESSAGES.internal, true, { cause: err });
    deps.log.warn(
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
