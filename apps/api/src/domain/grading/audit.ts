import { GRADE_CHANGES_CSV_HEADER, UNSCORED, type GradeChange, type GradeChangeActor } from '@app/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  gradeChanges,
  gradingViews,
  skillFeedback,
  skills,
  submissionFiles,
  submissions,
  tasks,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { iso } from '../../lib/dates';
import { fullName, namesOf } from '../../lib/student-names';
import { accessible } from '../access';
import { actorId, cipherOf, type Ctx } from '../context';
import { gradedSubmission } from './rows';

// The audit log of scores (ADR 026). Every path that changes a skill score calls logScoreChanges inside its
// own transaction; rows are only inserted, so a later edit (or a reset) never erases an earlier entry.

export type ScoreActor = { kind: 'ai' } | { kind: 'teacher'; id: string };
export const AI_ACTOR: ScoreActor = { kind: 'ai' };

export interface ScoreChange {
  skillId: string;
  from: number;
  to: number;
  /** Only for seeded history (the demo); otherwise the database's clock. */
  at?: Date;
}

export interface ScoreBefore {
  score: number;
  teacherEdited: boolean;
}

/** The stored scores of a submission before a change (a skill without a row is not in the map). */
export async function scoresBefore(tx: Executor, submissionId: string): Promise<Map<string, ScoreBefore>> {
  const rows = await tx
    .select({
      skill_id: skillFeedback.skill_id,
      score: skillFeedback.score,
      edited: skillFeedback.teacher_edited_at,
    })
    .from(skillFeedback)
    .where(eq(skillFeedback.submission_id, submissionId));
  return new Map(rows.map((r) => [r.skill_id, { score: r.score, teacherEdited: r.edited !== null }]));
}

/** Stored rows → changes, from the scores before (a new row was not scored). */
export const changesFrom = (
  before: Map<string, ScoreBefore>,
  after: Array<{ skill_id: string; score: number }>,
): ScoreChange[] =>
  after.map((row) => ({
    skillId: row.skill_id,
    from: before.get(row.skill_id)?.score ?? UNSCORED,
    to: row.score,
  }));

/** Writes the changes to the log, in the caller's transaction; the skill's name is kept with each entry. */
export async function logScoreChanges(
  tx: Executor,
  submissionId: string,
  actor: ScoreActor,
  changes: ScoreChange[],
): Promise<void> {
  if (changes.length === 0) return;
  const names = await tx
    .select({ id: skills.id, name: skills.name })
    .from(skills)
    .where(inArray(skills.id, [...new Set(changes.map((c) => c.skillId))]));
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  await tx.insert(gradeChanges).values(
    changes.map((c) => ({
      submission_id: submissionId,
      skill_id: c.skillId,
      skill_name: nameOf.get(c.skillId) ?? '',
      actor: actor.kind satisfies GradeChangeActor,
      teacher_id: actor.kind === 'teacher' ? actor.id : null,
      from_score: c.from,
      to_score: c.to,
      ...(c.at ? { at: c.at } : {}),
    })),
  );
}

/**
 * `GET /api/feedback/:submissionId` records that the teacher saw the submission with its files, before the
 * view reads the feedback: a suggestion stored after this moment is logged later than the view.
 */
export async function recordGradingView(db: Executor, viewer: string, submissionId: string): Promise<void> {
  await db.execute(sql`
    insert into ${gradingViews} (submission_id, viewed_by, viewed_at)
    select ${submissionId}, ${viewer}, clock_timestamp()
    where exists (select 1 from ${submissionFiles} where ${submissionFiles.submission_id} = ${submissionId})
    on conflict (submission_id, viewed_by) do update set viewed_at = excluded.viewed_at`);
}

/** `GET /api/feedback/:submissionId/changes`: the log of one submission, newest first (owner only, else 404). */
export async function listGradeChanges(ctx: Ctx, submissionId: string): Promise<{ changes: GradeChange[] }> {
  const viewer = actorId(ctx);
  await gradedSubmission(ctx, submissionId, 'view');
  const rows = await ctx.db
    .select()
    .from(gradeChanges)
    .where(eq(gradeChanges.submission_id, submissionId))
    .orderBy(desc(gradeChanges.at), desc(gradeChanges.id));
  const names = await namesOf(ctx.db, cipherOf(ctx), teacherIds(rows));
  return {
    changes: rows.map((row) => ({
      id: row.id,
      submission_id: row.submission_id,
      skill_id: row.skill_id,
      skill_name: row.skill_name,
      actor: row.actor,
      teacher_id: row.teacher_id,
      teacher_name: row.teacher_id ? (row.teacher_name ?? fullName(names.get(row.teacher_id))) : null,
      mine: row.teacher_id === viewer,
      at: iso(row.at),
      from_score: row.from_score,
      to_score: row.to_score,
    })),
  };
}

const teacherIds = (rows: Array<{ teacher_id: string | null }>) => [
  ...new Set(rows.flatMap((r) => (r.teacher_id ? [r.teacher_id] : []))),
];

// ---- CSV export ----

const BERLIN = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  dateStyle: 'medium',
  timeStyle: 'medium',
});

const scoreCell = (score: number) => (score < 0 ? 'nicht bewertet' : String(score));

/**
 * One CSV cell: quoted when needed; text that a spreadsheet would run as a formula (=, +, -, @, tab, CR)
 * starts with an apostrophe.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export interface GradeChangesCsv {
  filename: string;
  /** UTF-8 with a byte order mark and `;` as separator, so Excel in German opens it with its umlauts. */
  body: string;
}

/**
 * `GET /api/feedback/:submissionId/changes.csv` and `GET /api/feedback/tasks/:taskId/changes.csv`: the log
 * with German headers, oldest first (the task's teacher only, else 404).
 */
export async function gradeChangesCsv(
  ctx: Ctx,
  scope: { submissionId: string } | { taskId: string },
): Promise<GradeChangesCsv> {
  const viewer = actorId(ctx);
  const { db } = ctx;
  let where;
  let filename: string;
  if ('submissionId' in scope) {
    await gradedSubmission(ctx, scope.submissionId, 'view');
    where = eq(gradeChanges.submission_id, scope.submissionId);
    filename = `Aenderungsverlauf-Abgabe-${scope.submissionId}.csv`;
  } else {
    const [task] = await db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.id, scope.taskId), accessible.tasks('view', viewer)));
    if (!task) throw new AppError('TASK_NOT_FOUND');
    where = and(eq(submissions.task_id, scope.taskId), accessible.submissions('view', viewer));
    filename = `Aenderungsverlauf-Aufgabe-${scope.taskId}.csv`;
  }
  const rows = await db
    .select({ change: gradeChanges, student_id: submissions.student_id })
    .from(gradeChanges)
    .innerJoin(submissions, eq(submissions.id, gradeChanges.submission_id))
    .where(where)
    .orderBy(gradeChanges.at, gradeChanges.id);
  const students = rows.flatMap((r) => (r.student_id ? [r.student_id] : []));
  const names = await namesOf(db, cipherOf(ctx), [...students, ...teacherIds(rows.map((r) => r.change))]);
  const nameOf = (id: string | null) => fullName(id ? names.get(id) : undefined);
  const lines = [
    GRADE_CHANGES_CSV_HEADER.join(';'),
    ...rows.map(({ change, student_id }) =>
      [
        BERLIN.format(change.at),
        nameOf(student_id),
        change.skill_name,
        change.actor === 'ai' ? 'KI' : change.teacher_name || nameOf(change.teacher_id) || 'Lehrkraft',
        scoreCell(change.from_score),
        scoreCell(change.to_score),
      ]
        .map(csvCell)
        .join(';'),
    ),
  ];
  return { filename, body: `\uFEFF${lines.join('\r\n')}\r\n` };
}
