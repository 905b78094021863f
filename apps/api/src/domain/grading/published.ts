import { sharedSkillTexts, type GradingGroup, type ReleasedGrading, type TaskRubric } from '@app/contract';
import { inArray, sql } from 'drizzle-orm';
import { isDeepStrictEqual } from 'node:util';
import type { Executor } from '../../db/client';
import { feedbackReleases } from '../../db/schema';
import { rubricOfTask } from '../rubrics';
import { feedbackRowsOfMany, gradingGroups } from './rows';

// What the student's feedback link publishes (ADR 010): "Austeilen" stores the student's view of the grading
// (feedback_releases), and the link shows that version until the teacher hands back again. A submission is
// "geändert seit der Rückgabe" when handing back now would publish something else.

/** The student's view of the grading: every rubric skill with its level and the texts the student may see. */
export function publishedGrading(groups: GradingGroup[]): ReleasedGrading {
  const published = groups.map((group) => ({
    group_id: group.group_id,
    group_name: group.group_name,
    group_feedback: group.text.feedback,
    score: group.score,
    max_score: group.max_score,
    skills: group.skills.map(({ skill, feedback }) => {
      const texts = sharedSkillTexts(feedback);
      return {
        skill_id: skill.id,
        name: skill.name,
        description: skill.description,
        maxScore: skill.maxScore,
        score: feedback.score,
        level: skill.details.find((d) => d.score === feedback.score)?.value ?? null,
        reason: texts.reason,
        proof: texts.proof,
        recommendation: texts.recommendation,
      };
    }),
  }));
  return {
    groups: published,
    score: published.reduce((sum, g) => sum + g.score, 0),
    max_score: published.reduce((sum, g) => sum + g.max_score, 0),
  };
}

/**
 * The student's view of each submission's grading now, as handing back would publish it: one rubric read per
 * task, two queries for all feedback rows. `viewer` is the task's teacher.
 */
export async function publishedGradings(
  db: Executor,
  viewer: string,
  rows: ReadonlyArray<{ id: string; task_id: string }>,
): Promise<Map<string, ReleasedGrading>> {
  const result = new Map<string, ReleasedGrading>();
  if (rows.length === 0) return result;
  const rubrics = new Map<string, TaskRubric>();
  for (const taskId of new Set(rows.map((r) => r.task_id)))
    rubrics.set(taskId, await rubricOfTask(db, viewer, taskId));
  const [skillRows, groupRows] = await feedbackRowsOfMany(
    db,
    rows.map((r) => r.id),
  );
  for (const row of rows) {
    const groups = gradingGroups(
      rubrics.get(row.task_id)!,
      row.id,
      skillRows.filter((s) => s.submission_id === row.id),
      groupRows.filter((g) => g.submission_id === row.id),
    );
    result.set(row.id, publishedGrading(groups));
  }
  return result;
}

export interface ReleasedVersion {
  content: ReleasedGrading;
  released_at: Date;
}

/** The handed-back versions of these submissions (those that have one). */
export async function releasedVersions(
  db: Executor,
  submissionIds: string[],
): Promise<Map<string, ReleasedVersion>> {
  if (submissionIds.length === 0) return new Map();
  const rows = await db
    .select({
      submission_id: feedbackReleases.submission_id,
      content: feedbackReleases.content,
      released_at: feedbackReleases.released_at,
    })
    .from(feedbackReleases)
    .where(inArray(feedbackReleases.submission_id, submissionIds));
  return new Map(rows.map((r) => [r.submission_id, { content: r.content, released_at: r.released_at }]));
}

/** Whether handing back now would publish something other than the handed-back version. */
export const differsFromRelease = (released: ReleasedVersion | undefined, now: ReleasedGrading): boolean =>
  released !== undefined && !isDeepStrictEqual(released.content, now);

/**
 * The handed-back submissions among `rows` whose grading changed since the hand-back (for the teacher's
 * list). Only `ausgeteilt` ones are looked at: the link shows nothing otherwise.
 */
export async function changedSinceRelease(
  db: Executor,
  viewer: string,
  rows: ReadonlyArray<{ id: string; task_id: string; status: string }>,
): Promise<Set<string>> {
  const handedBack = rows.filter((r) => r.status === 'ausgeteilt');
  const released = await releasedVersions(
    db,
    handedBack.map((r) => r.id),
  );
  const withVersion = handedBack.filter((r) => released.has(r.id));
  const now = await publishedGradings(db, viewer, withVersion);
  return new Set(
    withVersion.filter((r) => differsFromRelease(released.get(r.id), now.get(r.id)!)).map((r) => r.id),
  );
}

/** Stores what the link shows from now on (one statement for the whole batch). */
export async function publishReleases(
  db: Executor,
  viewer: string,
  contents: Map<string, ReleasedGrading>,
): Promise<void> {
  if (contents.size === 0) return;
  const now = new Date();
  await db
    .insert(feedbackReleases)
    .values(
      [...contents].map(([submission_id, content]) => ({
        submission_id,
        content,
        released_at: now,
        created_by: viewer,
      })),
    )
    .onConflictDoUpdate({
      target: feedbackReleases.submission_id,
      set: {
        content: sql`excluded.content`,
        released_at: sql`excluded.released_at`,
        updated_at: now,
      },
    });
}
