import { z } from 'zod';
import type { SubmissionStatus } from './submissions';

/**
 * A correction still `inKorrektur` with incomplete feedback after this long is shown as `error`
 * (PRODUCT.md §9).
 */
export const STUCK_CORRECTION_MS = 300_000;

/**
 * The statuses a submission is shown with (PRODUCT.md §4); the values are the German labels of the original.
 */
export const DISPLAY_STATUSES = [
  'offen',
  'abgegeben',
  'in Korrektur',
  'korrigiert',
  'ausgeteilt',
  'error',
] as const;
export const ZDisplayStatus = z.enum(DISPLAY_STATUSES);
export type DisplayStatus = z.infer<typeof ZDisplayStatus>;

/** Text for a badge. */
export const DISPLAY_STATUS_LABELS = {
  offen: 'Offen',
  abgegeben: 'Abgegeben',
  'in Korrektur': 'In Korrektur',
  korrigiert: 'Korrigiert',
  ausgeteilt: 'Ausgeteilt',
  error: 'Fehler',
} as const satisfies Record<DisplayStatus, string>;

/** Mantine colour names for a badge. */
export const DISPLAY_STATUS_COLORS = {
  offen: 'gray',
  abgegeben: 'blue',
  'in Korrektur': 'yellow',
  korrigiert: 'green',
  ausgeteilt: 'teal',
  error: 'red',
} as const satisfies Record<DisplayStatus, string>;

/** The part of a feedback group the completeness check reads. */
export interface FeedbackGroupLike {
  group_id?: string | null;
  group_name?: string | null;
  skill_feedbacks?: readonly unknown[] | null;
}

/**
 * What `displayStatus` reads. A `SubmissionDisplay` fits, so does a plain `Submission` (its text `feedback`
 * counts as no feedback groups) or a list row without a submission yet (no id).
 */
export interface DisplayStatusInput {
  id?: string | null;
  submission_id?: string | null;
  status?: SubmissionStatus | null;
  score?: number | null;
  files?: readonly unknown[] | null;
  feedback?: readonly FeedbackGroupLike[] | string | null;
  updated_at?: string | Date | null;
}

/**
 * Feedback is incomplete when there are no groups at all or any group lacks its id, its name or its skill
 * feedbacks. (No groups counts as incomplete: a job that never wrote anything is stuck too; ADR 002.)
 */
export function isFeedbackIncomplete(feedback: DisplayStatusInput['feedback']): boolean {
  if (!feedback || typeof feedback === 'string' || feedback.length === 0) return true;
  return feedback.some((group) => !group.group_id || !group.group_name || !group.skill_feedbacks?.length);
}

/** More than `STUCK_CORRECTION_MS` since `updatedAt`; false when the time is absent or unreadable. */
export function isStale(updatedAt: string | Date | null | undefined, now: Date): boolean {
  if (updatedAt === null || updatedAt === undefined) return false;
  const updated = new Date(updatedAt).getTime();
  return now.getTime() - updated > STUCK_CORRECTION_MS;
}

/** The status a submission is shown with (PRODUCT.md §4, plus `ausgeteilt` and a stored `error`: ADR 002). */
export function displayStatus(submission: DisplayStatusInput, now: Date = new Date()): DisplayStatus {
  const { status, score, files, feedback, updated_at } = submission;
  // 1. A row without a submission behind it.
  if (!(submission.id ?? submission.submission_id)) return 'error';
  // The correction job finally failed.
  if (status === 'error') return 'error';
  // 2. A correction that stopped half-way.
  if (status === 'inKorrektur' && isFeedbackIncomplete(feedback) && isStale(updated_at, now)) return 'error';
  const hasScore = score !== null && score !== undefined;
  // Handed back to the student.
  if (status === 'ausgeteilt' && hasScore) return 'ausgeteilt';
  // 3.
  if (hasScore) return 'korrigiert';
  // 4.
  if (status === 'inKorrektur') return 'in Korrektur';
  // 5.
  if (files && files.length > 0) return 'abgegeben';
  // 6.
  return 'offen';
}
