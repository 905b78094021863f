import { z } from 'zod';
import { ZId, ZUserId } from './ids';

/** Feedback on one skill of one submission. `score` -1 means not scored (see `UNSCORED`). */
export const ZSkillFeedback = z.object({
  skill_id: ZId,
  submission_id: ZId,
  score: z.number().int().min(-1),
  reason: z.string(),
  /** Evidence quoted from the submission. */
  proof: z.array(z.string()),
  recommendation: z.string(),
  /** Set on stored rows; absent in AI output. */
  created_by: ZUserId.optional(),
});
export type SkillFeedback = z.infer<typeof ZSkillFeedback>;

/** The text feedback on one skill group of one submission (stored column: `skillGroup_id`). */
export const ZSkillGroupFeedback = z.object({
  group_id: ZId,
  submission_id: ZId,
  feedback: z.string(),
});
export type SkillGroupFeedback = z.infer<typeof ZSkillGroupFeedback>;

/** A skill group with its feedback as the submission views show it. */
export const ZFeedbackGroup = z.object({
  group_id: ZId,
  group_name: z.string(),
  group_feedback: z.string(),
  /** `groupScore(skill_feedbacks)`. */
  score: z.number(),
  skill_feedbacks: z.array(ZSkillFeedback),
});
export type FeedbackGroup = z.infer<typeof ZFeedbackGroup>;

/** Input of the AI service's `POST /score` (calibration with the teacher's final score). */
export const ZScoreInput = z.object({
  pl_id: z.string().min(1),
  score: z.number(),
});
export type ScoreInput = z.infer<typeof ZScoreInput>;
