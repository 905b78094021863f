import { sql } from 'drizzle-orm';
import type { ReleasedGrading, SkillEvidence } from '@app/contract';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { audit, entityId } from './columns';
import { skillGroups, skills } from './rubrics';
import { submissions } from './submissions';

// Feedback rows are upserted idempotently per submission by the feedback job (ARCHITECTURE.md §7); the unique
// keys below are the ON CONFLICT targets.

/** Score, reason, evidence and recommendation for one skill in one submission (PRODUCT.md §3). */
export const skillFeedback = pgTable(
  'skill_feedback',
  {
    id: entityId(),
    // CASCADE on both sides: feedback on a deleted skill or submission has nothing left to describe.
    skill_id: text()
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    submission_id: text()
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    /**
     * -1 = not scored (counts as 0 in sums, PRODUCT.md §4). Not capped at maxScore here: see skill_details.
     */
    score: integer().notNull().default(-1),
    reason: text().notNull().default(''),
    /** Evidence quotes from the submission. */
    proof: jsonb().$type<string[]>().notNull().default([]),
    recommendation: text().notNull().default(''),
    /** The AI's suggested score as it arrived (null: no AI suggestion, the teacher scored by hand). */
    ai_score: integer(),
    /** The AI's reason and recommendation as they arrived; `reason` / `recommendation` may be the teacher's. */
    ai_reason: text(),
    ai_recommendation: text(),
    /**
     * Set when the teacher changed the score: from then on `score` is the teacher's final value
     * (ARCHITECTURE.md §7).
     */
    teacher_edited_at: timestamp({ withTimezone: true }),
    /** Set when the teacher wrote (or removed) the reason and recommendation: from then on they are final. */
    texts_edited_at: timestamp({ withTimezone: true }),
    /**
     * The teacher keeps the AI's texts for a score other than the AI's (otherwise the student does not see
     * them once the score changed: contract `sharedSkillTexts`). Cleared by the next change of the score.
     */
    ai_texts_kept: boolean().notNull().default(false),
    /** Each AI run's score (ADR 024); null: no AI suggestion, or stored before runs were kept. */
    ai_runs: jsonb().$type<number[]>(),
    /** max − min of ai_runs; above 1 the suggestion is unsure and `score` stays -1 until the teacher picks. */
    ai_spread: integer(),
    /** Quotes with file, page and region that support the AI's suggestion; null: none arrived. */
    ai_evidence: jsonb().$type<SkillEvidence[]>(),
    ...audit(),
  },
  (t) => [
    unique('skill_feedback_skill_id_submission_id_uq').on(t.skill_id, t.submission_id),
    index('skill_feedback_submission_id_idx').on(t.submission_id),
    check('skill_feedback_score_check', sql`${t.score} >= -1`),
  ],
);

/**
 * Text feedback for one skill group in one submission (PRODUCT.md §3; the wire name of skillGroup_id is
 * group_id).
 */
export const skillGroupFeedback = pgTable(
  'skill_group_feedback',
  {
    id: entityId(),
    skillGroup_id: text()
      .notNull()
      .references(() => skillGroups.id, { onDelete: 'cascade' }),
    submission_id: text()
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    feedback: text().notNull().default(''),
    /** The AI's suggested text as it arrived (null: written by the teacher). */
    ai_feedback: text(),
    /** Set when the teacher changed the text: from then on `feedback` is final. */
    teacher_edited_at: timestamp({ withTimezone: true }),
    ...audit(),
  },
  (t) => [
    unique('skill_group_feedback_skill_group_id_submission_id_uq').on(t.skillGroup_id, t.submission_id),
    index('skill_group_feedback_submission_id_idx').on(t.submission_id),
  ],
);

/**
 * What the student's feedback link shows (groups, scores, texts as shared), published when the teacher hands
 * the submission back and replaced only by the next hand-back: later changes stay the teacher's until then
 * (ADR 010). One row per submission.
 */
export const feedbackReleases = pgTable('feedback_releases', {
  // CASCADE: the published version goes with its submission.
  submission_id: text()
    .primaryKey()
    .references(() => submissions.id, { onDelete: 'cascade' }),
  content: jsonb().$type<ReleasedGrading>().notNull(),
  released_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  ...audit(),
});
