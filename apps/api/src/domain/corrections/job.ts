import { and, eq, sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { isUnsureSuggestion } from '@app/contract';
import { AiError, type AiFile, type SkillFeedbackInput } from '../../ai/types';
import type { Executor } from '../../db/client';
import { isPgError, PgErrorCode } from '../../db/errors';
import { skillFeedback, skillGroupFeedback, submissionFiles, submissions, tasks } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Storage } from '../../lib/storage';
import { refundCoins } from '../coins';
import { AI_ACTOR, changesFrom, logScoreChanges, scoresBefore } from '../grading/audit';
import type { Ctx } from '../context';
import { notify } from '../notifications';
import {
  CORRECTION_MESSAGES,
  CorrectionFailure,
  correctionChargeReference,
  type CorrectionJobData,
} from './queue';
import { combineRuns, runAll, type CombinedFeedback } from './runs';

// The correction job (ARCHITECTURE.md §7): one pg-boss job per submission. A correction request sets the
// submission to `inKorrektur` with `correction_job_id` = the job's id and charges the coins (request.ts); the
// job reads the files (OCR first when the provider needs text), asks the AI for skill feedback with ids only
// (no student names), and stores the answer (checked against the rubric by the AI gateway) in one
// transaction with the status change. Only the job named in `correction_job_id` may finish a correction,
// and only while it is `inKorrektur`: a job run twice (a lost worker's job retried elsewhere) stores one set
// of rows, once. Task, subject, class and rubric travel in the job as the request saw them (as the
// skill_feedback_supabase payload of PRODUCT.md §7 carries them): one read per task instead of one per
// submission. The job runs as the system (systemContext); the teacher it works for is the job's `ownerId`.

export type CorrectionOutcome = 'corrected' | 'superseded';

/** One attempt of the correction job. Resolves when stored (or when nothing is left to do); throws CorrectionFailure. */
export async function runCorrectionJob(
  ctx: Ctx,
  job: { id: string; data: CorrectionJobData; signal?: AbortSignal },
  /** Filled with the milliseconds of each phase (for the log line and the benchmark). */
  timings: Partial<Record<'prepare' | 'ai' | 'store', number>> = {},
): Promise<CorrectionOutcome> {
  const { db } = ctx;
  const { ai, storage } = ctx.services;
  // Without a provider no worker runs (plugins/app/correction-jobs.ts).
  if (!ai) throw new AppError('AI_NOT_CONFIGURED');
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
    throw new CorrectionFailure(CORRECTION_MESSAGES.noRubric, false);
  if (stored.length === 0) throw new CorrectionFailure(CORRECTION_MESSAGES.noFiles, false);
  const files = await readFiles(storage, stored);
  lap('prepare');

  const output = await callAi(async () => {
    // The service provider reads text only: recognise the handwriting first (ARCHITECTURE.md §7).
    const solution = ai.needsOcr ? (await ai.analyze('complex', files, { signal: job.signal })).text : '';
    const input: SkillFeedbackInput = {
      ...context,
      // Ids and the work itself only: no names of students reach a provider.
      submission: { id: submissionId, solution, file_ids: files.map((f) => f.id) },
      skill_groups,
      // The teacher's earlier corrections (ADR 025), chosen when the correction was requested.
      ...(job.data.examples?.length ? { examples: job.data.examples } : {}),
    };
    // The gateway checks each answer against these skill_groups (checkSkillFeedback): a misfit is invalid.
    // k runs at once; median and spread per skill (ADR 024). One failed run fails the attempt.
    const answers = await runAll(ai.feedbackRuns, job.signal, (signal) =>
      ai.skillFeedback(input, files, { signal }),
    );
    const feedback = combineRuns(answers);
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
      throw new CorrectionFailure(CORRECTION_MESSAGES.rubricChanged, false, { cause: err });
    throw err;
  });
  lap('store');
  return outcome;
}

/**
 * The last attempt failed (or the job was lost for good): the submission shows 'error' with the reason, the
 * coins come back (once: the refund is idempotent per job), and the teacher hears about it with the batch.
 */
export async function finishFailedCorrection(
  ctx: Ctx,
  job: { id: string; data: CorrectionJobData },
  message: string,
): Promise<boolean> {
  const { submissionId, ownerId, taskId, cost } = job.data;
  return ctx.db.transaction(async (tx) => {
    await lockTask(tx, taskId);
    const [failed] = await tx
      .update(submissions)
      .set({ status: 'error', correction_error: message, correction_job_id: null })
      .where(currentJob(job.id, submissionId))
      .returning({ id: submissions.id });
    if (!failed) return false;
    if (cost > 0) {
      await refundCoins(tx, { userId: ownerId, amount: cost, reference: correctionChargeReference(job.id) });
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
    if (err instanceof CorrectionFailure) throw err;
    if (err instanceof AiError) {
      // An answer that does not fit may fit next time (models vary); a refused request will not.
      if (err.kind === 'invalid_response')
        throw new CorrectionFailure(CORRECTION_MESSAGES.aiInvalid, true, { cause: err });
      throw new CorrectionFailure(CORRECTION_MESSAGES.aiFailed, err.retryable, { cause: err });
    }
    throw err;
  }
}

/**
 * Upserts on (skill, submission) and (group, submission); rows the teacher changed (score or texts) keep the
 * teacher's values.
 */
async function storeFeedback(
  tx: Executor,
  ownerId: string,
  submissionId: string,
  output: CombinedFeedback,
): Promise<void> {
  const now = new Date();
  if (output.skill_feedbacks.length > 0) {
    const before = await scoresBefore(tx, submissionId);
    const stored = await tx
      .insert(skillFeedback)
      .values(
        output.skill_feedbacks.map((f) => ({
          skill_id: f.skill_id,
          submission_id: submissionId,
          // Runs that disagree by more than a level are not pre-selected: the teacher picks (ADR 024).
          score: isUnsureSuggestion({ ai_spread: f.spread }) ? -1 : f.score,
          ai_score: f.score,
          ai_runs: f.runs,
          ai_spread: f.spread,
          ai_evidence: f.evidence,
          reason: f.reason,
          ai_reason: f.reason,
          // The quotes stay in proof (what the student's link shows), also when only the evidence has them.
          proof: f.proof.length > 0 ? f.proof : f.evidence.map((e) => e.quote),
          recommendation: f.recommendation,
          ai_recommendation: f.recommendation,
          created_by: ownerId,
        })),
      )
      .onConflictDoUpdate({
        target: [skillFeedback.skill_id, skillFeedback.submission_id],
        set: {
          score: sql`excluded.score`,
          ai_score: sql`excluded.ai_score`,
          ai_runs: sql`excluded.ai_runs`,
          ai_spread: sql`excluded.ai_spread`,
          ai_evidence: sql`excluded.ai_evidence`,
          reason: sql`excluded.reason`,
          ai_reason: sql`excluded.ai_reason`,
          proof: sql`excluded.proof`,
          recommendation: sql`excluded.recommendation`,
          ai_recommendation: sql`excluded.ai_recommendation`,
          ai_texts_kept: false,
          updated_at: now,
        },
        // The teacher's score or texts are final.
        setWhere: sql`${skillFeedback.teacher_edited_at} is null and ${skillFeedback.texts_edited_at} is null`,
      })
      .returning({ skill_id: skillFeedback.skill_id, score: skillFeedback.score });
    // The audit log (ADR 026): every score the suggestion changed, in this transaction. An unsure skill stays
    // unscored (its suggestion is in ai_score), which changes no grade.
    const changed = changesFrom(before, stored).filter((c) => c.from !== c.to);
    await logScoreChanges(tx, submissionId, AI_ACTOR, changed);
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
 * One notification per batch (ARCHITECTURE.md §7): when the last running correction of a task ends, the teacher gets
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
