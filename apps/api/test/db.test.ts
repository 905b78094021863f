import { count, eq, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, DatabaseLockedError, type Database, type DatabaseHandle } from '../src/db/client';
import { isPgError, PgErrorCode, pgError } from '../src/db/errors';
import { lockFilePath } from '../src/db/lock';
import * as schema from '../src/db/schema';
import { loadEnv } from '../src/env';
import { migrationsFolder } from '../src/paths';
import dbPlugin from '../src/plugins/external/db';
import { drivers, testDatabase, type TestDatabase } from './helpers/database';

const teacher = randomUUID();
const student = randomUUID();

const schemaTables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table).name)
  .sort();

function open(env: Record<string, string>): Promise<DatabaseHandle> {
  return createDatabase({ DATA_DIR: env.DATA_DIR ?? '', DATABASE_URL: env.DATABASE_URL });
}

async function rowCount(db: Database, table: PgTable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

/** A subject, a class with a student, a task with a rubric, a submission with a file and feedback. */
async function seedClassroom(db: Database) {
  const [subject] = await db
    .insert(schema.subjects)
    .values({ name: 'Mathematik', created_by: teacher })
    .returning();
  const [klass] = await db
    .insert(schema.classes)
    .values({ name: '7b', grade: '7', subject_id: subject!.id, created_by: teacher })
    .returning();
  await db.insert(schema.classUser).values({ class_id: klass!.id, user_id: student, created_by: teacher });
  const [task] = await db
    .insert(schema.tasks)
    .values({ title: 'Bruchrechnung', class_id: klass!.id, created_by: teacher })
    .returning();
  const [group] = await db
    .insert(schema.skillGroups)
    .values({ name: 'Rechnen', created_by: teacher })
    .returning();
  const [skill] = await db
    .insert(schema.skills)
    .values({ name: 'Kürzen', maxScore: 2, group_id: group!.id, created_by: teacher })
    .returning();
  await db
    .insert(schema.taskXSkillGroup)
    .values({ task_id: task!.id, skillGroup_id: group!.id, created_by: teacher });
  const [submission] = await db
    .insert(schema.submissions)
    .values({ task_id: task!.id, student_id: student, created_by: teacher })
    .returning();
  await db.insert(schema.submissionFiles).values({
    task_id: task!.id,
    submission_id: submission!.id,
    storage_key: `tasks/${task!.id}/${randomUUID()}.jpg`,
    original_name: 'seite1.jpg',
    mime: 'image/jpeg',
    size: 1234,
    sha256: 'a'.repeat(64),
  });
  await db.insert(schema.skillFeedback).values({
    skill_id: skill!.id,
    submission_id: submission!.id,
    score: 1,
    proof: ['3/6 = 1/2'],
    created_by: teacher,
  });
  await db.insert(schema.skillGroupFeedback).values({
    skillGroup_id: group!.id,
    submission_id: submission!.id,
    feedback: 'Gut',
    created_by: teacher,
  });
  return {
    subject: subject!,
    klass: klass!,
    task: task!,
    group: group!,
    skill: skill!,
    submission: submission!,
  };
}

describe.each(drivers)('The database on %s', (driver) => {
  let testDb: TestDatabase;
  let database: DatabaseHandle;

  beforeAll(async () => {
    testDb = await testDatabase(driver);
    database = await open(testDb.env);
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.cleanup();
  });

  it('uses the expected driver and answers a ping', async () => {
    expect(database.driver).toBe(driver);
    expect(await database.ping()).toBe(true);
  });

  it('has every table of the schema after migrating a fresh database', async () => {
    expect(schemaTables).toHaveLength(30);
    const rows = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(rows.rows.map((r) => r.table_name).sort()).toEqual(schemaTables);
  });

  it('generates 21-character ids and snake_case columns', async () => {
    const [subject] = await database.db
      .insert(schema.subjects)
      .values({ name: 'Deutsch', created_by: teacher })
      .returning();
    expect(subject!.id).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(subject!.created_at).toBeInstanceOf(Date);
    const [skillGroup] = await database.db
      .insert(schema.skillGroups)
      .values({ name: 'G', created_by: teacher })
      .returning();
    const [skill] = await database.db
      .insert(schema.skills)
      .values({ name: 'S', maxScore: 3, group_id: skillGroup!.id, created_by: teacher })
      .returning();
    const [detail] = await database.db
      .insert(schema.skillDetails)
      .values({ skill_id: skill!.id, score: 3, created_by: teacher })
      .returning();
    expect(detail!.skillDetail_id).toMatch(/^[A-Za-z0-9_-]{21}$/);
    const raw = await database.db.execute<{ max_score: number }>(
      sql`select max_score from skills where id = ${skill!.id}`,
    );
    expect(raw.rows[0]?.max_score).toBe(3);
  });

  it('sets updated_at again when a row is updated through drizzle', async () => {
    const [subject] = await database.db
      .insert(schema.subjects)
      .values({ name: 'Kunst', created_by: teacher, updated_at: new Date('2020-01-01T00:00:00Z') })
      .returning();
    const [updated] = await database.db
      .update(schema.subjects)
      .set({ description: 'Malen' })
      .where(eq(schema.subjects.id, subject!.id))
      .returning();
    expect(updated!.updated_at.getTime()).toBeGreaterThan(subject!.updated_at.getTime());
  });

  it('keeps its data when migrated again after a restart', async () => {
    const [subject] = await database.db
      .insert(schema.subjects)
      .values({ name: 'Musik', created_by: teacher })
      .returning();
    await database.migrate();
    await database.close();
    database = await open(testDb.env);
    await database.migrate();

    const rows = await database.db.select().from(schema.subjects).where(eq(schema.subjects.id, subject!.id));
    expect(rows).toHaveLength(1);
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    const applied = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied.rows[0]?.n).toBe(journal.entries.length);
  });

  it('deleting a class removes its members, tasks, submissions, files and feedback but not the rubric', async () => {
    const { klass, subject, task, skill } = await seedClassroom(database.db);
    await database.db.delete(schema.classes).where(eq(schema.classes.id, klass.id));

    const { db } = database;
    expect(await db.$count(schema.classUser, eq(schema.classUser.class_id, klass.id))).toBe(0);
    expect(await db.$count(schema.tasks, eq(schema.tasks.id, task.id))).toBe(0);
    expect(await db.$count(schema.submissions, eq(schema.submissions.task_id, task.id))).toBe(0);
    expect(await db.$count(schema.submissionFiles, eq(schema.submissionFiles.task_id, task.id))).toBe(0);
    expect(await db.$count(schema.taskXSkillGroup, eq(schema.taskXSkillGroup.task_id, task.id))).toBe(0);
    expect(await db.$count(schema.skillFeedback, eq(schema.skillFeedback.skill_id, skill.id))).toBe(0);
    expect(await db.$count(schema.subjects, eq(schema.subjects.id, subject.id))).toBe(1);
    expect(await db.$count(schema.skills, eq(schema.skills.id, skill.id))).toBe(1);
  });

  it('refuses to delete a subject a class still uses (23503)', async () => {
    const { subject } = await seedClassroom(database.db);
    const error = await database.db
      .delete(schema.subjects)
      .where(eq(schema.subjects.id, subject.id))
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(pgError(error)).toEqual({
      code: PgErrorCode.foreignKeyViolation,
      constraint: 'classes_subject_id_subjects_id_fk',
    });
    expect(await rowCount(database.db, schema.subjects)).toBeGreaterThan(0);
  });

  it('keeps one skill feedback per skill and submission (23505) and upserts on that key', async () => {
    const { skill, submission } = await seedClassroom(database.db);
    const duplicate = { skill_id: skill.id, submission_id: submission.id, created_by: teacher };
    const error = await database.db
      .insert(schema.skillFeedback)
      .values(duplicate)
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(isPgError(error, PgErrorCode.uniqueViolation, 'skill_feedback_skill_id_submission_id_uq')).toBe(
      true,
    );

    await database.db
      .insert(schema.skillFeedback)
      .values({ ...duplicate, score: 2 })
      .onConflictDoUpdate({
        target: [schema.skillFeedback.skill_id, schema.skillFeedback.submission_id],
        set: { score: 2 },
      });
    const rows = await database.db
      .select()
      .from(schema.skillFeedback)
      .where(eq(schema.skillFeedback.submission_id, submission.id));
    expect(rows.map((r) => r.score)).toEqual([2]);
  });

  it('allows one submission per student and task, and any number of unmatched ones', async () => {
    const { task } = await seedClassroom(database.db);
    const error = await database.db
      .insert(schema.submissions)
      .values({ task_id: task.id, student_id: student, created_by: teacher })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(isPgError(error, PgErrorCode.uniqueViolation, 'submissions_task_id_student_id_uq')).toBe(true);

    await database.db.insert(schema.submissions).values([
      { task_id: task.id, created_by: teacher },
      { task_id: task.id, created_by: teacher },
    ]);
    expect(await database.db.$count(schema.submissions, eq(schema.submissions.task_id, task.id))).toBe(3);
  });

  it('ignores the same file twice in a submission, keeps it unmatched, and returns files of a deleted submission to the unmatched pool', async () => {
    const { task, submission } = await seedClassroom(database.db);
    const copy = (submissionId: string | null, key: string) => ({
      task_id: task.id,
      submission_id: submissionId,
      storage_key: `tasks/${task.id}/${key}.jpg`,
      original_name: 'kopie.jpg',
      mime: 'image/jpeg',
      size: 1234,
      sha256: 'a'.repeat(64),
    });
    const again = await database.db
      .insert(schema.submissionFiles)
      .values(copy(submission.id, 'other'))
      .onConflictDoNothing({
        target: [schema.submissionFiles.submission_id, schema.submissionFiles.sha256],
        where: sql`${schema.submissionFiles.submission_id} is not null`,
      })
      .returning();
    expect(again).toEqual([]);
    // Outside that submission (another student's or an unmatched upload) the same content is a file of its own.
    const unmatched = await database.db
      .insert(schema.submissionFiles)
      .values(copy(null, 'unmatched'))
      .returning();
    expect(unmatched).toHaveLength(1);
    await database.db.delete(schema.submissionFiles).where(eq(schema.submissionFiles.id, unmatched[0]!.id));

    await database.db.delete(schema.submissions).where(eq(schema.submissions.id, submission.id));
    const files = await database.db
      .select()
      .from(schema.submissionFiles)
      .where(eq(schema.submissionFiles.task_id, task.id));
    expect(files).toHaveLength(1);
    expect(files[0]?.submission_id).toBeNull();
  });

  it('rejects statuses, roles and scores outside their ranges (23514)', async () => {
    const { task, skill } = await seedClassroom(database.db);
    const attempts = [
      database.db.execute(sql`update tasks set status = 'archived' where id = ${task.id}`),
      database.db.execute(sql`insert into submissions (id, task_id, status, created_by)
        values ('x'::text || md5(random()::text), ${task.id}, 'fertig', ${teacher})`),
      database.db.execute(sql`insert into user_roles (user_id, role) values (${teacher}, 'student')`),
      database.db.execute(sql`insert into skill_details (skill_detail_id, skill_id, score, created_by)
        values ('d'::text || md5(random()::text), ${skill.id}, -1, ${teacher})`),
      database.db.execute(sql`insert into skill_feedback (id, skill_id, submission_id, score, created_by)
        select 'f'::text || md5(random()::text), ${skill.id}, id, -2, ${teacher} from submissions limit 1`),
    ];
    for (const attempt of attempts) {
      const error = await attempt.then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(pgError(error)?.code).toBe(PgErrorCode.checkViolation);
    }
  });
});

describe.each(drivers)('The db plugin on %s', (driver) => {
  it('migrates on start when MIGRATE is on, decorates the app and closes the database with it', async () => {
    const testDb = await testDatabase(driver);
    try {
      const app = Fastify({ logger: false });
      app.decorate('config', loadEnv({ NODE_ENV: 'test', ...testDb.env }));
      await app.register(fp(async () => {}, { name: 'config' }));
      await app.register(dbPlugin);
      await app.ready();
      expect(app.dbDriver).toBe(driver);
      expect(await app.dbPing()).toBe(true);
      expect(await app.db.$count(schema.subjects)).toBe(0);
      await app.close();
      expect(await app.dbPing()).toBe(false);
      if (driver === 'pglite') expect(fs.existsSync(lockFilePath(testDb.env.DATA_DIR!))).toBe(false);
    } finally {
      await testDb.cleanup();
    }
  });
});

describe.runIf(drivers.includes('postgres'))('Migrating Postgres from several processes', () => {
  it('lets API replicas that start together migrate one after the other', async () => {
    const testDb = await testDatabase('postgres');
    const replicas = await Promise.all([open(testDb.env), open(testDb.env), open(testDb.env)]);
    try {
      await Promise.all(replicas.map((replica) => replica.migrate()));
      const applied = await replicas[0].db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied.rows[0]?.n).toBeGreaterThan(0);
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
      await testDb.cleanup();
    }
  });
});

describe('The embedded database (PGlite) lock', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kz-lock-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a second open of the same DATA_DIR, naming it, until the first is closed', async () => {
    const first = await createDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    try {
      const second = await createDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined }).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(second).toBeInstanceOf(DatabaseLockedError);
      expect((second as Error).message).toContain(dataDir);
      expect((second as Error).message).toContain('DATA_DIR');
    } finally {
      await first.close();
    }
    expect(fs.existsSync(lockFilePath(dataDir))).toBe(false);
    const again = await createDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    expect(await again.ping()).toBe(true);
    await again.close();
  });

  it('refuses while another live process holds the lock', async () => {
    // The parent process (the vitest runner) is alive and is not this process.
    fs.writeFileSync(lockFilePath(dataDir), `${process.ppid}\n`);
    try {
      const error = await createDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined }).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(error).toBeInstanceOf(DatabaseLockedError);
      expect((error as DatabaseLockedError).pid).toBe(process.ppid);
    } finally {
      fs.rmSync(lockFilePath(dataDir), { force: true });
    }
  });

  it('takes over a lock left by a process that died', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.pid']).pid;
    expect(dead).toBeGreaterThan(0);
    fs.writeFileSync(lockFilePath(dataDir), `${dead}\n`);
    const database = await createDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    expect(fs.readFileSync(lockFilePath(dataDir), 'utf8').trim()).toBe(String(process.pid));
    await database.close();
  });
});

describe('Pinging an unreachable Postgres', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kz-ping-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers false at once when nothing listens on the port', async () => {
    const database = await createDatabase({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://127.0.0.1:1/x' });
    const started = Date.now();
    expect(await database.ping()).toBe(false);
    expect(Date.now() - started).toBeLessThan(2500);
    await database.close();
  });

  it('answers false within about 2 s when the server never replies', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const database = await createDatabase({
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://127.0.0.1:${port}/x`,
    });
    try {
      const started = Date.now();
      expect(await database.ping()).toBe(false);
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(1900);
      expect(elapsed).toBeLessThan(3000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await database.close();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
