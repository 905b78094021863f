import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../src/domain/context';
import { runRetention } from '../src/domain/privacy';
import { classes, notifications, submissionFiles, submissions, tasks } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { classroom, until, type Classroom } from './helpers/classroom';
import { drivers, testDatabase, type TestDatabase } from './helpers/database';
import { signIn, type SignedIn } from './helpers/tokens';

// Retention (ADR 022) with a controllable clock: the domain run is called with `now`, on both databases.
// Then the job itself: it runs in a process with workers and never with WORKERS=off.

/** Moves all activity of the class back to `at` (as if it had been used then). */
async function backdate(t: TestApp, classId: string, at: string) {
  const { db } = t.app;
  const when = new Date(at);
  const taskIds = db.select({ id: tasks.id }).from(tasks).where(eq(tasks.class_id, classId));
  await db.update(classes).set({ created_at: when }).where(eq(classes.id, classId));
  await db.execute(sql`update ${tasks} set created_at = ${when} where class_id = ${classId}`);
  await db.execute(
    sql`update ${submissions} set updated_at = ${when} where task_id in (select id from ${tasks} where class_id = ${classId})`,
  );
  await db
    .update(submissionFiles)
    .set({ uploaded_at: when })
    .where(inArray(submissionFiles.task_id, taskIds));
}

async function storedKeys(t: TestApp): Promise<string[]> {
  const keys = [];
  for await (const object of t.app.storage.list()) keys.push(object.key);
  return keys;
}

const retentionNotes = (t: TestApp, userId: string) =>
  t.app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.receiver_user_id, userId), eq(notifications.type, 'retention')));

describe.each(drivers)('Retention on %s', (driver) => {
  let t: TestApp;
  let teacher: SignedIn;
  let other: SignedIn;
  let old: Classroom;
  let recent: Classroom;
  const run = (years: number | null, now: string) =>
    runRetention(systemContext(t.app, t.app.log), years, new Date(now));

  beforeAll(async () => {
    t = await createTestApp({ driver });
    teacher = await signIn(t.app);
    other = await signIn(t.app);
    old = await classroom(t.app, teacher, { students: 2, rubric: false });
    recent = await classroom(t.app, other, { students: 1, rubric: false });
    // Used in 2023/24 (ended 31 July 2024); the other class in 2024/25.
    await backdate(t, old.task.class_id, '2023-10-01T10:00:00Z');
    await backdate(t, recent.task.class_id, '2025-03-01T10:00:00Z');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('does nothing while retention is off', async () => {
    expect(await run(null, '2030-01-01T00:00:00Z')).toEqual({ announced: [], deleted: [] });
    expect(await retentionNotes(t, teacher.id)).toEqual([]);
  });

  it('announces a month ahead, once per class, then deletes the submissions and files after the month', async () => {
    const { db } = t.app;
    // One school year kept: due on 1 August 2025; announced from 1 July 2025.
    expect(await run(1, '2025-06-20T10:00:00Z')).toEqual({ announced: [], deleted: [] });

    expect((await run(1, '2025-07-02T10:00:00Z')).announced).toEqual([old.task.class_id]);
    const [note, ...more] = await retentionNotes(t, teacher.id);
    expect(more).toEqual([]);
    expect(note).toMatchObject({ link_to: `/classes/${old.task.class_id}`, created_by: null });
    expect(note!.details).toContain('Schuljahr 2023/24');
    // Told on 2 July: deleted a month later, not before.
    expect(note!.details).toContain('02.08.2025');
    // The daily runs after that tell nobody again.
    expect(await run(1, '2025-07-03T10:00:00Z')).toEqual({ announced: [], deleted: [] });
    expect(await run(1, '2025-07-20T10:00:00Z')).toEqual({ announced: [], deleted: [] });
    expect(await retentionNotes(t, teacher.id)).toHaveLength(1);
    expect(await retentionNotes(t, other.id)).toEqual([]);

    // Due on 1 August, but announced only on 2 July: the month after the announcement is waited out.
    expect((await run(1, '2025-08-01T10:00:00Z')).deleted).toEqual([]);

    const taskFiles = (taskId: string) =>
      db.select().from(submissionFiles).where(eq(submissionFiles.task_id, taskId));
    const oldKeys = (await taskFiles(old.task.id)).map((f) => f.storage_key);
    expect(oldKeys).toHaveLength(2);
    const recentKeys = (await taskFiles(recent.task.id)).map((f) => f.storage_key);
    expect(await storedKeys(t)).toEqual(expect.arrayContaining([...oldKeys, ...recentKeys]));

    const result = await run(1, '2025-08-03T10:00:00Z');
    expect(result).toEqual({
      announced: [],
      deleted: [{ class_id: old.task.class_id, submissions: 2, files: 2 }],
    });
    expect(await db.select().from(submissions).where(eq(submissions.task_id, old.task.id))).toEqual([]);
    expect(await taskFiles(old.task.id)).toEqual([]);
    const keys = await storedKeys(t);
    for (const key of oldKeys) expect(keys).not.toContain(key);
    // The class and its task stay; the other teacher's class (2024/25, due 2026) is untouched.
    expect(await db.select().from(tasks).where(eq(tasks.id, old.task.id))).toHaveLength(1);
    expect(keys).toEqual(expect.arrayContaining(recentKeys));
    expect(await db.select().from(submissions).where(eq(submissions.task_id, recent.task.id))).toHaveLength(
      1,
    );
    // Nothing left to delete: later runs neither announce nor delete the emptied class.
    expect(await run(1, '2025-09-01T10:00:00Z')).toEqual({ announced: [], deleted: [] });
  });

  it('announces an overdue class when retention is switched on and deletes only a month later', async () => {
    // The other teacher's class with two kept school years: due 1 August 2027, long past in 2030.
    expect((await run(2, '2030-03-01T10:00:00Z')).announced).toEqual([recent.task.class_id]);
    const [note] = await retentionNotes(t, other.id);
    expect(note!.details).toContain('01.04.2030');
    expect((await run(2, '2030-03-20T10:00:00Z')).deleted).toEqual([]);
    expect((await run(2, '2030-04-02T10:00:00Z')).deleted).toEqual([
      { class_id: recent.task.class_id, submissions: 1, files: 1 },
    ]);
  });
});

describe.each(drivers)('The retention job on %s', (driver) => {
  let database: TestDatabase;
  let teacher: SignedIn;
  beforeAll(async () => {
    database = await testDatabase(driver);
    const seed = await createTestApp({ database });
    try {
      teacher = await signIn(seed.app);
      const { task } = await classroom(seed.app, teacher, { students: 1, rubric: false });
      await backdate(seed, task.class_id, '2020-10-01T10:00:00Z');
    } finally {
      await seed.close();
    }
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  it('never runs with WORKERS=off (PostgreSQL only), and announces the overdue class once ready', async () => {
    // The embedded database allows only WORKERS=on (one process).
    if (driver === 'postgres') {
      const off = await createTestApp({ database, env: { RETENTION_SCHOOL_YEARS: '1', WORKERS: 'off' } });
      try {
        await new Promise((r) => setTimeout(r, 1500));
        expect(await retentionNotes(off, teacher.id)).toEqual([]);
      } finally {
        await off.close();
      }
    }
    const t = await createTestApp({ database, env: { RETENTION_SCHOOL_YEARS: '1' } });
    try {
      await until(async () => (await retentionNotes(t, teacher.id)).length === 1, 15_000, 'Ankündigung');
    } finally {
      await t.close();
    }
  });
});
