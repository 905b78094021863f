import { GRADE_CHANGE_ACTORS } from '@app/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { entityId, oneOf, userId } from './columns';
import { skills } from './rubrics';
import { submissions } from './submissions';

// The audit log of scores (ADR 026): one row per changed skill score, written by domain/grading/audit.ts in
// the transaction of the change. Rows are only ever inserted; no edit deletes or updates them.

/** Who changed which skill score of a submission, when, from what to what (-1 = not scored). */
export const gradeChanges = pgTable(
  'grade_changes',
  {
    id: entityId(),
    // CASCADE: deleting the submission deletes its log with it (ADR 026); nothing else removes rows.
    submission_id: text()
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    // SET NULL: a skill removed from the rubric later keeps its history; skill_name says which it was.
    skill_id: text().references(() => skills.id, { onDelete: 'set null' }),
    skill_name: text().notNull(),
    actor: text({ enum: GRADE_CHANGE_ACTORS }).notNull(),
    /** The teacher who changed it; null for the AI. */
    teacher_id: userId(),
    /** The teacher's name, kept when their account is deleted (a colleague's scores in a shared class). */
    teacher_name: text(),
    // clock_timestamp(): the order of entries within one transaction, and the AI's entry at its commit
    // rather than at its start (the accept-all check compares it with the last view).
    at: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    from_score: integer().notNull(),
    to_score: integer().notNull(),
  },
  (t) => [
    index('grade_changes_submission_id_at_idx').on(t.submission_id, t.at),
    check('grade_changes_actor_check', oneOf(t.actor, GRADE_CHANGE_ACTORS)),
    check('grade_changes_teacher_check', sql`(${t.actor} = 'ai') = (${t.teacher_id} is null)`),
  ],
);

/**
 * When each teacher last opened the grading view of a submission with its files (ADR 026): "Alle Vorschläge
 * übernehmen" is allowed only after the acting teacher's own view that came after the AI's last suggestion
 * (one row per teacher: a colleague's view does not count, nor overwrite it, ADR 037).
 */
export const gradingViews = pgTable(
  'grading_views',
  {
    // CASCADE: the record goes with its submission.
    submission_id: text()
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    viewed_by: userId().notNull(),
    viewed_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.submission_id, t.viewed_by] })],
);
