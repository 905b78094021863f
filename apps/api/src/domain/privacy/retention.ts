import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { classes, retentionNotices, submissionFiles, submissions, tasks } from '../../db/schema';
import { isoTimestamp } from '../../lib/sql';
import { removeStored } from '../../lib/uploads/receive';
import type { Ctx } from '../context';
import { notify } from '../notifications';

// Retention (ADR 022): with RETENTION_SCHOOL_YEARS = N, the submissions (with feedback and files) of a class
// go once N further school years have ended after the class's school year. A German school year runs
// 1 August – 31 July. A class has no school-year field, so its school year is that of its last activity:
// the newest of its creation, its tasks' creation, its submissions' last change and its files' uploads —
// a class still in use is never due. The teacher is told a month ahead, once per class and date; the
// deletion never comes sooner than a month after that announcement (also when retention is switched on
// for old classes).

/** How long before the deletion the teacher is told, and how long after telling at least it waits. */
export const RETENTION_NOTICE_MS = 31 * 24 * 60 * 60 * 1000;

const berlinYearMonth = (date: Date): [number, number] => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(date);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return [part('year'), part('month')];
};

/** The first calendar year of the school year holding this instant (2023 for 2023/24), in Berlin time. */
export function schoolYearOf(date: Date): number {
  const [year, month] = berlinYearMonth(date);
  return month >= 8 ? year : year - 1;
}

/** "2023/24". */
export const schoolYearLabel = (start: number) => `${start}/${String((start + 1) % 100).padStart(2, '0')}`;

/** Midnight at the start of 1 August in Berlin (always summer time, UTC+2). */
const firstOfAugust = (year: number) => new Date(`${year}-08-01T00:00:00+02:00`);

/**
 * When the submissions of a class last active at `lastActivity` become due: the start of the school year
 * after the N school years that follow its own (N = 1: active in 2023/24 → due on 1 August 2025).
 */
export const retentionDueAt = (lastActivity: Date, years: number): Date =>
  firstOfAugust(schoolYearOf(lastActivity) + 1 + years);

const formatDate = (date: Date) =>
  new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(date);

/** The classes that hold submissions or files, with their teacher and last activity. */
async function classesWithWork(ctx: Ctx) {
  const ofClass = sql`select ${tasks.id} from ${tasks} where ${tasks.class_id} = ${classes.id}`;
  const lastActivity = sql`greatest(
    ${classes.created_at},
    (select max(${tasks.created_at}) from ${tasks} where ${tasks.class_id} = ${classes.id}),
    (select max(${submissions.updated_at}) from ${submissions} where ${submissions.task_id} in (${ofClass})),
    (select max(${submissionFiles.uploaded_at}) from ${submissionFiles}
      where ${submissionFiles.task_id} in (${ofClass}))
  )`;
  return ctx.db
    .select({
      id: classes.id,
      name: classes.name,
      grade: classes.grade,
      teacher: classes.created_by,
      last_activity: sql<string>`to_char(${lastActivity} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(classes)
    .where(
      sql`exists (select 1 from ${submissions} where ${submissions.task_id} in (${ofClass}))
        or exists (select 1 from ${submissionFiles} where ${submissionFiles.task_id} in (${ofClass}))`,
    );
}

/** Deletes the submissions and files of the class's tasks; the stored objects after the commit. */
async function deleteClassWork(ctx: Ctx, classId: string): Promise<{ submissions: number; files: number }> {
  const taskIds = ctx.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.class_id, classId));
  const { keys, removed } = await ctx.db.transaction(async (tx) => {
    const files = await tx
      .delete(submissionFiles)
      .where(inArray(submissionFiles.task_id, taskIds))
      .returning({ key: submissionFiles.storage_key });
    const gone = await tx
      .delete(submissions)
      .where(inArray(submissions.task_id, taskIds))
      .returning({ id: submissions.id });
    return { keys: files, removed: gone.length };
  });
  await removeStored(ctx.services.storage, keys, ctx.log);
  return { submissions: removed, files: keys.length };
}

export interface RetentionRun {
  announced: string[];
  deleted: Array<{ class_id: string; submissions: number; files: number }>;
}

/**
 * One run of the retention job at `now` (the daily job passes the clock; tests pass their own): announces
 * the classes due within a month (once per class and date) and deletes the work of the classes that are due
 * and were announced at least a month ago. `years` null: retention is off, nothing happens.
 */
export async function runRetention(ctx: Ctx, years: number | null, now = new Date()): Promise<RetentionRun> {
  const run: RetentionRun = { announced: [], deleted: [] };
  if (years === null) return run;
  for (const cls of await classesWithWork(ctx)) {
    const dueAt = retentionDueAt(new Date(cls.last_activity), years);
    if (now.getTime() < dueAt.getTime() - RETENTION_NOTICE_MS) continue;
    // Announce once: the row for this class and date is the memory of having told the teacher.
    const inserted = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .insert(retentionNotices)
        .values({ class_id: cls.id, due_at: dueAt, announced_at: now })
        .onConflictDoNothing()
        .returning({ class_id: retentionNotices.class_id });
      if (rows.length === 0) return false;
      const schoolYear = schoolYearLabel(schoolYearOf(new Date(cls.last_activity)));
      const deleteOn = new Date(Math.max(dueAt.getTime(), now.getTime() + RETENTION_NOTICE_MS));
      await notify(tx, {
        receiver_user_id: cls.teacher,
        type: 'retention',
        title: `Abgaben der Klasse „${cls.name}“ werden bald gelöscht`,
        details:
          `Die Abgaben, Bewertungen und Dateien der Klasse „${cls.name}“ (Jahrgang ${cls.grade}, Schuljahr ` +
          `${schoolYear}) ` +
          `werden ab dem ${formatDate(deleteOn)} gelöscht (Aufbewahrung: ${years} ` +
          `${years === 1 ? 'Schuljahr' : 'Schuljahre'}). Exportiere die Daten der Klasse vorher, wenn du sie ` +
          'behalten musst.',
        link_to: `/classes/${cls.id}`,
        created_by: null,
      });
      return true;
    });
    if (inserted) {
      run.announced.push(cls.id);
      continue;
    }
    if (now.getTime() < dueAt.getTime()) continue;
    const [told] = await ctx.db
      .select({ at: isoTimestamp(retentionNotices.announced_at) })
      .from(retentionNotices)
      .where(
        and(
          eq(retentionNotices.class_id, cls.id),
          eq(retentionNotices.due_at, dueAt),
          lte(retentionNotices.announced_at, new Date(now.getTime() - RETENTION_NOTICE_MS)),
        ),
      );
    if (!told) continue;
    const removed = await deleteClassWork(ctx, cls.id);
    ctx.log.info({ classId: cls.id, ...removed }, 'Aufbewahrungsfrist abgelaufen: Abgaben gelöscht');
    run.deleted.push({ class_id: cls.id, ...removed });
  }
  return run;
}
