import { z } from 'zod';
import { ZTimestamp } from './common';
import { ZId, ZUserId } from './ids';

// The audit log of scores and "Alle Vorschläge übernehmen" of one submission (ADR 026).

/** Who changed a score: the AI's correction job or the teacher. */
export const GRADE_CHANGE_ACTORS = ['ai', 'teacher'] as const;
export type GradeChangeActor = (typeof GRADE_CHANGE_ACTORS)[number];

/** One logged change of a skill score; -1 = not scored (as everywhere). */
export const ZGradeChange = z.object({
  id: ZId,
  submission_id: ZId,
  /** Null once the skill was removed from the rubric; `skill_name` still says which it was. */
  skill_id: ZId.nullable(),
  skill_name: z.string(),
  actor: z.enum(GRADE_CHANGE_ACTORS),
  /** The teacher's user id; null for the AI. */
  teacher_id: ZUserId.nullable(),
  /** The teacher's name from their profile (empty when none); null for the AI. */
  teacher_name: z.string().nullable(),
  /** The change is the viewer's own ("Sie" on the grading page). */
  mine: z.boolean(),
  at: ZTimestamp,
  from_score: z.number().int().min(-1),
  to_score: z.number().int().min(-1),
});
export type GradeChange = z.infer<typeof ZGradeChange>;

/** `GET /api/feedback/:submissionId/changes`: the submission's log, newest first. */
export const ZGradeChangesResponse = z.object({ changes: z.array(ZGradeChange) });
export type GradeChangesResponse = z.infer<typeof ZGradeChangesResponse>;

/**
 * `POST /api/feedback/:submissionId/accept-suggestions`: every AI-suggested skill score the teacher has not
 * changed becomes the teacher's. 409 GRADING_NOT_VIEWED unless the grading view with the files was opened
 * after the AI's last suggestion.
 */
export const ZAcceptSuggestionsResponse = z.object({
  submission_id: ZId,
  /** The skills whose suggestion was taken over (empty: nothing was left to take over). */
  accepted_skill_ids: z.array(ZId),
});
export type AcceptSuggestionsResponse = z.infer<typeof ZAcceptSuggestionsResponse>;

/** The CSV export's header row (German, for Excel). */
export const GRADE_CHANGES_CSV_HEADER = [
  'Zeitpunkt',
  'Schüler',
  'Kompetenz',
  'Geändert von',
  'Vorher',
  'Nachher',
] as const;
