import { errorMessages, type TaskRubric } from '@app/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Readable } from 'node:stream';
import { refundCoins } from '../../domain/coins';
import type { Database, Executor } from '../../db/client';
import { isPgError, PgErrorCode } from '../../db/errors';
import { skillFeedback, skillGroupFeedback, submissionFiles, submissions, tasks } from '../../db/schema';
import { notify } from '../../domain/notifications';
import type { Storage } from '../../plugins/app/storage';
import type { AiTaskContext } from '../../routes/api/rubrics/ai-context';
import {
  AiError,
  type AiFile,
  type AiGateway,
  type SkillFeedbackInput,
  type SkillFeedbackOutput,
} from '../types';

// The feedback job (DESIGN §7): one pg-boss job per submission. A correction request sets the submission to
// `inKorrektur` with `correction_job_id` = the job's id and charges the coins (routes/api/corrections); the
// job reads the files (OCR first when the provider needs text), asks the AI for skill feedback with ids only
// (no student names), checks the answer against the rubric and stores it in one transaction with the status
// change. Only the job named in `correction_job_id` may finish a correction, and only while it is
// `inKorrektur`: a job run twice (a lost worker's job retried elsewhere) stores one set of rows, once.
// Task, subject, class and rubric travel in the job as the request saw them (as the spec's
// skill_feedback_supabase payload carries them): one read per task instead of one per submission.

export const FEEDBACK_QUEUE = 'ai-feedback';
/** Jobs whose attempts are used up land here (pg-boss dead letter): the submission shows 'error', refund. */
export const FEEDBACK_FAILED_QUEUE = 'ai-feedback-failed';

export interface FeedbackJobData {
  submissionId: string;
  taskId: string;
  ownerId: string;
  /** Coins charged for this job (refunded once if it finally fails). */
  cost: number;
  /** Task, subject and class as the AI sees them, when the correction was requested. */
  context: AiTaskContext;
  /** The rubric when the correction was requested (groups with skills only). */
  skill_groups: SkillFeedbackInput['skill_groups'];
}

/** The coin ledger reference of a feedback job's charge and its refund. */
export const feedbackChargeReference = (jobId: string) => `feedback:${jobId}`;

/** Why an attempt failed, in German for the teacher; `retry` false skips the remaining attempts. */
export class FeedbackFailure extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'FeedbackFailure';
  }
}

export const FEEDBACK_MESSAGES = {
  noRubric: errorMessages.CORRECTION_RUBRIC_MISSING,
  rubricChanged:
    'Die Rubrik wurde während der KI-Korrektur geändert. Bitte starte die KI-Korrektur für diese Abgabe erneut.',
  noFiles: errorMessages.CORRECTION_NO_FILES,
  aiFailed: errorMessages.AI_FAILED,
  aiInvalid: errorMessages.AI_INVALID_RESPONSE,
  lost: 'Die KI-Korrektur wurde unterbrochen und ist nicht fertig geworden. Bitte versuche es erneut.',
  internal: errorMessages.INTERNAL,
} as const;

export interface FeedbackDeps {
  db: Database;
  ai: AiGateway;
  storage: Storage;
  log: FastifyBaseLogger;
}

export type FeedbackOutcome = 'corrected' | 'superseded';

/** One attempt of the feedback job. Resolves when stored (or when nothing is left to do); throws FeedbackFailure. */
export async function runFeedbackJob(
  deps: FeedbackDeps,
  job: { id: string; data: FeedbackJobData; signal?: AbortSignal },
  /** Filled with the milliseconds of each phase (for the log line and the benchmark). */
  timings: Partial<Record<'prepare' | 'ai' | 'store', number>> = {},
): Promise<FeedbackOutcome> {
  const { db, ai } = deps;
  let mark = performance.now();
  const lap = (phase: 'prepare' | 'ai' | 'store') => {
    const now = performance.now();
    timings[phase] = Math.round(now - mark);
    mark = now;
  };
  const { submissionId, ownerId, taskId, context, skill_groups } = job.data;
  const stored = await filesIfCurrent(db, job.id, submissionId);
  if (!stored) return 'superseded';
  if (!skill_groups.some((g) => g.skills.length > 0))
    throw new FeedbackFailure(FEEDBACK_MESSAGES.noRubric, false);
  if (stored.length === 0) throw new FeedbackFailure(FEEDBACK_MESSAGES.noFiles, false);
  const files = await readFiles(deps.storage, stored);
  lap('prepare');

  const output = await callAi(async () => {
    // The service provider reads text only: recognise the handwriting first (DESIGN §7).
    const solution = ai.needsOcr ? (await ai.analyze('complex', files, { signal: job.signal })).text : '';
    const input: SkillFeedbackInput = {
      ...context,
      // Ids and the work itself only: no names of students reach a provider.
      submission: { id: submissionId, solution, file_ids: files.map((f) => f.id) },
      skill_groups,
    };
    // Both providers check the answer against these skill_groups (checkSkillFeedback): a misfit is invalid.
    const feedback = await ai.skillFeedback(input, files, { signal: job.signal });
    return { feedback, solution: ai.needsOcr ? solution : null };
  });
  lap('ai');

  const store = db.transaction(async (tx) => {
    await lockTask(tx, taskId);
    // The status change decides: when another run finished (or the teacher started a new correction), this
    // one stores nothing.
    const [done] = await tx
      .update(submissions)
      .set({
        status: 'korrigiert',
        correction_error: null,
        correction_job_id: null,
        ...(output.solution === null ? {} : { solution: output.solution }),
      })
      .where(currentJob(job.id, submissionId))
      .returning({ id: submissions.id });
    if (!done) return 'superseded' as const;
    await storeFeedback(tx, ownerId, submissionId, output.feedback);
    await notifyWhenTaskDone(tx, ownerId, taskId);
    return 'corrected' as const;
  });
  const outcome = await store.catch((err: unknown) => {
    // A skill or group of the snapshot was deleted meanwhile: this answer fits no rubric any more.
    if (isPgError(err, PgErrorCode.foreignKeyViolation))
      throw new FeedbackFailure(FEEDBACK_MESSAGES.rubricChanged, false, { cause: err });
    throw err;
  });
  lap('store');
  return outcome;
}

/**
 * The last attempt failed (or the job was lost for good): the submission shows 'error' with the reason, the
 * coins come back (once: the refund is idempotent per job), and the teacher hears about it with the batch.
 */
export async function finishFailedJob(
  db: Database,
  job: { id: string; data: FeedbackJobData },
  message: string,
): Promise<boolean> {
  const { submissionId, ownerId, taskId, cost } = job.data;
  return db.transaction(async (tx) => {
    await lockTask(tx, taskId);
    const [failed] = await tx
      .update(submissions)
      .set({ status: 'error', correction_error: message, correction_job_id: null })
      .where(currentJob(job.id, submissionId))
      .returning({ id: submissions.id });
    if (!failed) return false;
    if (cost > 0) {
      await refundCoins(tx, { userId: ownerId, amount: cost, reference: feedbackChargeReference(job.id) });
    }
    await notifyWhenTaskDone(tx, ownerId, taskId);
    return true;
  });
}

const currentJob = (jobId: string, submissionId: string) =>
  and(
    eq(submissions.id, submissionId),
    eq(submissions.status, 'inKorrektur'),
    eq(submissions.correction_job_id, jobId),
  );

/** The submission's stored files, or null when this job no longer owns the correction. */
async function filesIfCurrent(db: Executor, jobId: string, submissionId: string) {
  const rows = await db
    .select({ id: submissionFiles.id, mime: submissionFiles.mime, key: submissionFiles.storage_key })
    .from(submissions)
    .leftJoin(submissionFiles, eq(submissionFiles.submission_id, submissions.id))
    .where(currentJob(jobId, submissionId))
    .orderBy(submissionFiles.uploaded_at, submissionFiles.id);
  if (rows.length === 0) return null;
  return rows.flatMap((r) => (r.id && r.mime && r.key ? [{ id: r.id, mime: r.mime, key: r.key }] : []));
}

/** Finishing jobs of one task take turns, so exactly one of them sees the task's last correction end. */
async function lockTask(tx: Executor, taskId: string): Promise<void> {
  await tx.execute(sql`select ${tasks.id} from ${tasks} where ${tasks.id} = ${taskId} for update`);
}

async function readFiles(
  storage: Storage,
  stored: Array<{ id: string; mime: string; key: string }>,
): Promise<AiFile[]> {
  return Promise.all(
    stored.map(async (file) => ({
      id: file.id,
      mime: file.mime,
      bytes: await bytesOf(await storage.get(file.key)),
    })),
  );
}

async function bytesOf(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Maps what the AI gateway throws to an attempt failure: down or wrong is worth another try, a bad request is not. */
async function callAi<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof FeedbackFailure) throw err;
    if (err instanceof AiError) {
      // An answer that does not fit may fit next time (models vary); a refused request will not.
      if (err.kind === 'invalid_response')
        throw new FeedbackFailure(FEEDBACK_MESSAGES.aiInvalid, true, { cause: err });
      throw new FeedbackFailure(FEEDBACK_MESSAGES.aiFailed, err.retryable, { cause: err });
    }
    throw err;
  }
}

/** The rubric as skill_feedback takes it: groups with skills and their levels; empty groups left out. */
export function toAiSkillGroups(rubric: TaskRubric): SkillFeedbackInput['skill_groups'] {
  return rubric.skill_groups
    .filter((group) => group.skills.length > 0)
    .map((group) => ({
      id: group.id,
      name: group.name,
      description: group.description,
      skills: group.skills.map((skill) => ({
        id: skill.id,
        name: skill.name,
        description: skill.description,
        maxScore: skill.maxScore,
        levels: skill.details.map((d) => ({ score: d.score, requirements: d.requirements || d.value })),
      })),
    }));
}

/** Upserts on (skill, submission) and (group, submission); rows the teacher changed keep the teacher's values. */
async function storeFeedback(
  tx: Executor,
  ownerId: string,
  submissionId: string,
  output: SkillFeedbackOutput,
): Promise<void> {
  const now = new Date();
  if (output.skill_feedbacks.length > 0) {
    await tx
      .insert(skillFeedback)
      .values(
        output.skill_feedbacks.map((f) => ({
          skill_id: f.skill_id,
          submission_id: submissionId,
          score: f.score,
          ai_score: f.score,
          reason: f.reason,
          proof: f.proof,
          recommendation: f.recommendation,
          created_by: ownerId,
        })),
      )
      .onConflictDoUpdate({
        target: [skillFeedback.skill_id, skillFeedback.submission_id],
        set: {
          score: sql`excluded.score`,
          ai_score: sql`excluded.ai_score`,
          reason: sql`excluded.reason`,
          proof: sql`excluded.proof`,
          recommendation: sql`excluded.recommendation`,
          updated_at: now,
        },
        setWhere: sql`${skillFeedback.teacher_edited_at} is null`,
      });
  }
  if (output.skill_group_feedbacks.length > 0) {
    await tx
      .insert(skillGroupFeedback)
      .values(
        output.skill_group_feedbacks.map((g) => ({
          skillGroup_id: g.group_id,
          submission_id: submissionId,
          feedback: g.feedback,
          ai_feedback: g.feedback,
          created_by: ownerId,
        })),
      )
      .onConflictDoUpdate({
        target: [skillGroupFeedback.skillGroup_id, skillGroupFeedback.submission_id],
        set: { feedback: sql`excluded.feedback`, ai_feedback: sql`excluded.ai_feedback`, updated_at: now },
        setWhere: sql`${skillGroupFeedback.teacher_edited_at} is null`,
      });
  }
}

/**
 * One notification per batch (DESIGN §7): when the last running correction of a task ends, the teacher gets
 * one message with how many are corrected and how many failed. Runs under the task lock (lockTask).
 */
async function notifyWhenTaskDone(tx: Executor, ownerId: string, taskId: string): Promise<void> {
  const [counts] = await tx
    .select({
      running: sql<number>`count(*) filter (where ${submissions.status} = 'inKorrektur')::int`,
      corrected: sql<number>`count(*) filter (where ${submissions.status} = 'korrigiert')::int`,
      failed: sql<number>`count(*) filter (where ${submissions.status} = 'error')::int`,
      title: sql<string>`max(${tasks.title})`,
      classId: sql<string>`max(${tasks.class_id})`,
    })
    .from(submissions)
    .innerJoin(tasks, eq(tasks.id, submissions.task_id))
    .where(eq(submissions.task_id, taskId));
  if (!counts || Number(counts.running) > 0) return;
  const corrected = Number(counts.corrected);
  const failed = Number(counts.failed);
  await notify(tx, {
    receiver_user_id: ownerId,
    type: failed > 0 ? 'feedback_failed' : 'feedback_done',
    title: failed > 0 ? 'KI-Korrektur mit Fehlern beendet' : 'KI-Korrektur abgeschlossen',
    details:
      `„${counts.title}“: ${corrected} ${corrected === 1 ? 'Abgabe' : 'Abgaben'} korrigiert` +
      (failed > 0 ? `, ${failed} mit Fehler (erneut versuchen auf der Aufgabenseite)` : ''),
    link_to: `/classes/${counts.classId}/tasks/${taskId}`,
    created_by: null,
  });
}
