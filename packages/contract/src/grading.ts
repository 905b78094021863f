import { z } from 'zod';
import { ZTimestamp } from './common';
import { ZSkillFeedback } from './feedback';
import { ZId } from './ids';
import { ZRubricSkill } from './skills';
import { ZDisplayStatus } from './submission-status';
import { ZStudentName, ZSubmissionFile, ZSubmissionStatus } from './submissions';
import { zMultiline } from './text';

// Grading: the teacher's view of one submission's feedback along the task's rubric, the edits,
// "Austeilen" and the student's personal feedback link (ARCHITECTURE.md §5, §7; ADR 010).

/** A region of a scan as fractions of the page (0..1 from the top left). */
export const ZEvidenceBox = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  w: z.number().min(0).max(1),
  h: z.number().min(0).max(1),
});
export type EvidenceBox = z.infer<typeof ZEvidenceBox>;

/**
 * What supports the AI's suggestion (ADR 024): a quote from the recognised text and, for scans, the file, the
 * page (1-based) and the region on it. Teacher-only: the student's link shows `proof` as before.
 */
export const ZSkillEvidence = z.object({
  quote: z.string(),
  file_id: ZId.nullable(),
  page: z.number().int().min(1).nullable(),
  box: ZEvidenceBox.nullable(),
});
export type SkillEvidence = z.infer<typeof ZSkillEvidence>;

/** Runs whose scores lie further apart than this many levels make a skill "unsicher" (ADR 024). */
export const AI_UNSURE_SPREAD = 1;

/**
 * The AI's runs disagree on this skill by more than one level: its median is shown as a suggestion but never
 * pre-selected; the teacher picks (ADR 024).
 */
export const isUnsureSuggestion = (feedback: { ai_spread: number | null }): boolean =>
  feedback.ai_spread !== null && feedback.ai_spread > AI_UNSURE_SPREAD;

/**
 * A skill's feedback in the grading view. Every skill of the rubric has one: a skill nobody scored yet has
 * `id` null and score -1. `ai_score` is the AI's suggestion as it arrived; once the teacher changed the score
 * `teacher_edited_at` is set and `score` is final (ARCHITECTURE.md §7 "AI output is a suggestion").
 */
export const ZGradingSkillFeedback = ZSkillFeedback.extend({
  /** The stored row (also the `pl_id` sent to the AI's `score`); null while nothing is stored. */
  id: ZId.nullable(),
  ai_score: z.number().int().nullable(),
  teacher_edited_at: ZTimestamp.nullable(),
  /** The AI's reason and recommendation as they arrived (null: none); `reason` may be the teacher's. */
  ai_reason: z.string().nullable(),
  ai_recommendation: z.string().nullable(),
  /** Set once the teacher wrote (or removed) the reason and recommendation: they are the teacher's. */
  texts_edited_at: ZTimestamp.nullable(),
  /**
   * The teacher keeps the AI's texts for a changed score. What the student sees follows from these fields
   * (`sharedSkillTexts`).
   */
  ai_texts_kept: z.boolean(),
  /** Each AI run's score for this skill (null: no AI suggestion or stored before runs were kept). */
  ai_runs: z.array(z.number().int()).nullable(),
  /** max − min of `ai_runs`; above AI_UNSURE_SPREAD the suggestion is unsure (isUnsureSuggestion). */
  ai_spread: z.number().int().min(0).nullable(),
  /** Evidence of the AI's suggestion; empty: none ("ohne Beleg" when the AI suggested a score). */
  evidence: z.array(ZSkillEvidence),
});
export type GradingSkillFeedback = z.infer<typeof ZGradingSkillFeedback>;

export const ZGradingSkill = z.object({
  skill: ZRubricSkill,
  feedback: ZGradingSkillFeedback,
});
export type GradingSkill = z.infer<typeof ZGradingSkill>;

/** The group text of one submission: `ai_feedback` is the AI's text, `teacher_edited_at` marks it final. */
export const ZGradingGroupText = z.object({
  group_id: ZId,
  submission_id: ZId,
  feedback: z.string(),
  ai_feedback: z.string().nullable(),
  teacher_edited_at: ZTimestamp.nullable(),
});
export type GradingGroupText = z.infer<typeof ZGradingGroupText>;

export const ZGradingGroup = z.object({
  group_id: ZId,
  group_name: z.string(),
  group_description: z.string(),
  text: ZGradingGroupText,
  /** `groupScore` of the skills' feedback. */
  score: z.number(),
  /** `maxScoreSum` of the group's skills. */
  max_score: z.number(),
  skills: z.array(ZGradingSkill),
});
export type GradingGroup = z.infer<typeof ZGradingGroup>;

/** `GET /api/feedback/:submissionId`: one submission with its files and its feedback along the rubric. */
export const ZGradingResponse = z.object({
  submission: z.object({
    id: ZId,
    task_id: ZId,
    status: ZSubmissionStatus,
    display_status: ZDisplayStatus,
    name: ZStudentName,
    files: z.array(ZSubmissionFile),
    /** `scoreForDisplay` of the groups: null while nothing is scored. */
    score: z.number().nullable(),
    max_score: z.number(),
    /** The student's feedback link (PUBLIC_URL/feedback/<token>) once handed back; null before. */
    feedback_url: z.string().nullable(),
    /** When the version the link shows was handed back; null while nothing is handed back. */
    released_at: ZTimestamp.nullable(),
    /**
     * Handed back, and the grading changed since: the link still shows the handed-back version until the
     * teacher hands back again ("geändert seit der Rückgabe").
     */
    changed_since_release: z.boolean(),
    updated_at: ZTimestamp,
  }),
  task: z.object({ id: ZId, title: z.string(), class_id: ZId }),
  groups: z.array(ZGradingGroup),
});
export type GradingResponse = z.infer<typeof ZGradingResponse>;

export const ZGradingParams = z.object({ submissionId: ZId });
export const ZGradingSkillParams = z.object({ submissionId: ZId, skillId: ZId });
export const ZGradingGroupParams = z.object({ submissionId: ZId, groupId: ZId });
export const ZGradingTaskParams = z.object({ taskId: ZId });

/** `PUT /api/feedback/:submissionId/skills/:skillId`: 0..maxScore, or -1 (not scored). */
export const ZSetSkillScoreRequest = z.object({ score: z.number().int().min(-1) });
export type SetSkillScoreRequest = z.infer<typeof ZSetSkillScoreRequest>;
export const ZSetSkillScoreResponse = ZGradingSkillFeedback;
export type SetSkillScoreResponse = z.infer<typeof ZSetSkillScoreResponse>;

/** Longest group text a teacher can save (a page of prose is a few thousand characters). */
export const GROUP_FEEDBACK_MAX_LENGTH = 20_000;

/** `PUT /api/feedback/:submissionId/groups/:groupId` */
export const ZSetGroupFeedbackRequest = z.object({
  feedback: zMultiline().max(GROUP_FEEDBACK_MAX_LENGTH),
});
export type SetGroupFeedbackRequest = z.infer<typeof ZSetGroupFeedbackRequest>;
export const ZSetGroupFeedbackResponse = ZGradingGroupText;
export type SetGroupFeedbackResponse = z.infer<typeof ZSetGroupFeedbackResponse>;

/** Longest reason or recommendation a teacher can save for one skill. */
export const SKILL_TEXT_MAX_LENGTH = 10_000;

const skillText = zMultiline().max(SKILL_TEXT_MAX_LENGTH);

/**
 * `PUT /api/feedback/:submissionId/skills/:skillId/texts`: either the teacher's own reason and
 * recommendation (both; empty strings remove them), or `keep_ai_texts`: true shows the AI's texts again (also
 * for a changed score), false takes that choice back.
 */
export const ZSetSkillTextsRequest = z
  .object({
    reason: skillText.optional(),
    recommendation: skillText.optional(),
    keep_ai_texts: z.boolean().optional(),
  })
  .refine(
    (body) =>
      body.keep_ai_texts === undefined
        ? body.reason !== undefined && body.recommendation !== undefined
        : body.reason === undefined && body.recommendation === undefined,
    { error: 'Entweder reason und recommendation oder keep_ai_texts angeben' },
  );
export type SetSkillTextsRequest = z.infer<typeof ZSetSkillTextsRequest>;
export const ZSetSkillTextsResponse = ZGradingSkillFeedback;
export type SetSkillTextsResponse = z.infer<typeof ZSetSkillTextsResponse>;

/** `POST /api/feedback/:submissionId/reset`: every feedback row deleted, the status back to files' status. */
export const ZResetFeedbackResponse = z.object({ submission_id: ZId, status: ZSubmissionStatus });
export type ResetFeedbackResponse = z.infer<typeof ZResetFeedbackResponse>;

/** `DELETE /api/feedback/:submissionId/skills/:skillId`: that skill's feedback (and AI suggestion) deleted. */
export const ZDeleteSkillFeedbackResponse = z.object({ submission_id: ZId, skill_id: ZId });
export type DeleteSkillFeedbackResponse = z.infer<typeof ZDeleteSkillFeedbackResponse>;

/** One handed-back submission and the link its student opens. */
export const ZReleasedFeedback = z.object({
  submission_id: ZId,
  feedback_url: z.string(),
});
export type ReleasedFeedback = z.infer<typeof ZReleasedFeedback>;

/**
 * Body of `POST /api/feedback/:submissionId/release` (optional): `allowUnscored` confirms handing back with
 * skills still unscored (e.g. the AI's runs disagreed); without it that is 409 FEEDBACK_UNSCORED_SKILLS.
 */
export const ZReleaseFeedbackRequest = z.object({ allowUnscored: z.boolean().optional() }).nullish();
export type ReleaseFeedbackRequest = z.infer<typeof ZReleaseFeedbackRequest>;

/** A submission the bulk hand-back left out: these skills are still unscored ("NICHT BEWERTET"). */
export const ZSkippedRelease = z.object({
  submission_id: ZId,
  unscored_skills: z.array(z.string()),
});
export type SkippedRelease = z.infer<typeof ZSkippedRelease>;

/** `details` of 409 FEEDBACK_UNSCORED_SKILLS: the names of the unscored skills. */
export const ZUnscoredSkillsDetails = z.object({ unscored_skills: z.array(z.string()) });

/**
 * `POST /api/feedback/:submissionId/release` (one, 409 when not corrected) and
 * `POST /api/feedback/tasks/:taskId/release` (every corrected or already handed-back submission of the task;
 * those with unscored skills are left out and listed in `skipped`).
 */
export const ZReleaseFeedbackResponse = z.object({
  released: z.array(ZReleasedFeedback),
  skipped: z.array(ZSkippedRelease).default([]),
});
export type ReleaseFeedbackResponse = z.infer<typeof ZReleaseFeedbackResponse>;

// ---- The student's feedback link: its route params (the page's own schemas are in feedback-link.ts) ----

/**
 * A base64url token of at most 128 characters is looked up; anything else cannot be a token. Both answer the
 * same 404 (the route maps a params failure to FEEDBACK_LINK_NOT_FOUND: no format oracle).
 */
export const ZFeedbackLinkParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/) });
export const ZFeedbackLinkFileParams = ZFeedbackLinkParams.extend({ fileId: ZId });
