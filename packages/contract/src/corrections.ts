import { z } from 'zod';
import { ZId } from './ids';

// AI corrections (ARCHITECTURE.md §7): a request queues one feedback job per submission, charging coins per
// submission.

/**
 * `POST /api/corrections`: one submission (`submissionId`, also "erneut versuchen") or every submission of a
 * task that waits for one (`taskId`: with files, not running, not yet corrected or handed back, or failed).
 */
export const ZRequestCorrectionsRequest = z
  .object({ taskId: ZId.optional(), submissionId: ZId.optional() })
  .refine((body) => (body.taskId === undefined) !== (body.submissionId === undefined), {
    error: 'Entweder taskId oder submissionId angeben',
  });
export type RequestCorrectionsRequest = z.infer<typeof ZRequestCorrectionsRequest>;

export const ZRequestCorrectionsResponse = z.object({
  /** How many feedback jobs were queued (= submissions now `inKorrektur`). */
  queued: z.number().int().min(0),
  /** The ids of those submissions. */
  submissionIds: z.array(ZId),
  /** The caller's coin balance after the charge. */
  coinCount: z.number().int().min(0),
});
export type RequestCorrectionsResponse = z.infer<typeof ZRequestCorrectionsResponse>;

/**
 * `POST /aiapy/skill_feedback_supabase` (PRODUCT.md §7): the original's entry for the same job. Only the ids
 * are read (the server uses the rubric, task and files as they are stored now); the other fields are accepted
 * as the original client sends them.
 */
export const ZSkillFeedbackSupabaseRequest = z.object({
  task: z.looseObject({ id: ZId }),
  submission: z
    .looseObject({ id: ZId.optional(), submission_id: ZId.optional() })
    .refine((s) => Boolean(s.id ?? s.submission_id), { error: 'submission.id fehlt' }),
  subject: z.unknown().optional(),
  classes: z.unknown().optional(),
  skill_groups: z.unknown().optional(),
});
export type SkillFeedbackSupabaseRequest = z.infer<typeof ZSkillFeedbackSupabaseRequest>;

/** `GET /api/corrections/preview?taskId=…`: what "KI-Korrektur für alle" would queue and cost now. */
export const ZCorrectionPreviewRequest = z.object({ taskId: ZId });
export type CorrectionPreviewRequest = z.infer<typeof ZCorrectionPreviewRequest>;
export const ZCorrectionPreviewResponse = z.object({
  /** Submissions of the task that a task-wide request would queue. */
  waiting: z.number().int().min(0),
  /** Coins one submission costs (AI_COST_FEEDBACK). */
  costPerSubmission: z.number().int().min(0),
  /** The caller's coin balance. */
  coinCount: z.number().int().min(0),
});
export type CorrectionPreviewResponse = z.infer<typeof ZCorrectionPreviewResponse>;

/**
 * `details` of 409 CORRECTION_RUBRIC_INCOMPLETE: the task's skills that lack a level for some score from 0 to
 * their maximum (`skillsComplete`), so that the teacher can add them in the rubric editor.
 */
export const ZRubricIncompleteDetails = z.object({
  taskId: ZId,
  skills: z.array(
    z.object({ skillId: ZId, name: z.string(), scores: z.array(z.number().int().min(0)).min(1) }),
  ),
});
export type RubricIncompleteDetails = z.infer<typeof ZRubricIncompleteDetails>;
