import { ZListFilesResponse, ZProfile } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createBackup, restoreBackup, runBackupCommand } from '../src/cli/backup';
import { loadEnv, type Env } from '../src/env';
import { classroom, type Classroom } from './helpers/classroom';
import { drivers, testDatabase, type TestDatabase } from './helpers/database';
import { signIn, type SignedIn } from './helpers/tokens';

// `pnpm cli backup` / `pnpm cli restore` (OPERATIONS.md "Sicherung und Wiederherstellung"): data created
// through the API survives backup → fresh database and DATA_DIR → restore, as the API serves it.

const envOf = (database: TestDatabase): Env =>
  loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DEMO: '0', ...database.env });

async function started(env: Env): Promise<FastifyInstance> {
  const app = await buildApp(env, { controlSocket: false });
  await app.ready();
  return app;
}

/** What the teacher sees: every list and detail the test data touches, and every file's bytes. */
async function served(teacher: SignedIn, room: Classroom) {
  const get = async (url: string) => {
    const res = await teacher.call('GET', url);
    expect(res.statusCode, url).toBe(200);
    return res.json<unknown>();
  };
  const taskId = room.task.id;
  const classId = room.task.class_id;
  const { files } = ZListFilesResponse.parse(await get(`/api/files?taskId=${taskId}`));
  const bytes: Record<string, string> = {};
  for (const file of files) {
    const res = await teacher.call('GET', `/api/files/${file.id}/content`);
    expect(res.statusCode).toBe(200);
    bytes[file.id] = res.rawPayload.toString('base64');
  }
  return {
    subjects: await get('/api/subjects'),
    classes: await get('/api/classes'),
    class: await get(`/api/classes/${classId}`),
    students: await get(`/api/classes/${classId}/students`),
    tasks: await get(`/api/tasks?classId=${classId}`),
    task: await get(`/api/tasks/${taskId}`),
    submissions: await get(`/api/submissions/getAll?taskId=${taskId}`),
    profile: await get('/api/profile'),
    files,
    bytes,
  };
}

describe.each(drivers)('Backup and restore on %s', (driver) => {
  let source: TestDatabase;
  let target: TestDatabase;
  let archiveDir: string;
  beforeAll(async () => {
    source = await testDatabase(driver);
    target = await testDatabase(driver);
    archiveDir = await mkdtemp(path.join(tmpdir(), 'kz-backup-'));
  });
  afterAll(async () => {
    await source.cleanup();
    await target.cleanup();
    await rm(archiveDir, { recursive: true, force: true });
  });

  it('A restored backup serves the same classes, students, task, submissions, profile and file bytes', async () => {
    const sourceEnv = envOf(source);
    const app = await started(sourceEnv);
    let before: Awaited<ReturnType<typeof served>>;
    let teacherId: string;
    let room: Classroom;
    try {
      const teacher = await signIn(app);
      teacherId = teacher.id;
      room = await classroom(app, teacher, { students: 3 });
      // Encrypted with DATA_DIR/profile-key: readable after the restore only if the key came along.
      const profile = await teacher.call('PUT', '/api/profile', {
        user_id: teacher.id,
        meta_data: { first_name: 'Clara', last_name: 'Schumann' },
      });
      expect(ZProfile.parse(profile.json()).meta_data).toMatchObject({ first_name: 'Clara' });
      before = await served(teacher, room);
      expect(before.files).toHaveLength(3);
    } finally {
      await app.close();
    }

    const file = path.join(archiveDir, 'sicherung.zip');
    const { manifest, size } = await createBackup(sourceEnv, file);
    expect(size).toBe((await stat(file)).size);
    expect(manifest).toMatchObject({
      format: 'klassenzimmer-backup',
      database: driver,
      storage: 'fs',
      profileKey: 'archive',
      files: { count: 3 },
    });
    expect(manifest.migration.count).toBeGreaterThan(0);
    expect(manifest.tables).toMatchObject({
      'public.classes': 1,
      'public.tasks': 1,
      'public.submissions': 3,
    });
    // Parents before children, so the restore never trips over a foreign key.
    const order = Object.keys(manifest.tables);
    expect(order.indexOf('public.subjects')).toBeLessThan(order.indexOf('public.classes'));
    expect(order.indexOf('public.tasks')).toBeLessThan(order.indexOf('public.submission_files'));
    // The archive holds the stored bytes as they are (read back with the unzip library).
    const zip = await yauzl.openPromise(file, { lazyEntries: true });
    const names: string[] = [];
    for await (const entry of zip.eachEntry()) names.push(entry.fileName);
    zip.close();
    expect(names.filter((n) => n.startsWith('files/'))).toHaveLength(3);
    expect(names).toEqual(
      expect.arrayContaining(['manifest.json', 'profile-key', 'db/public.classes.ndjson']),
    );

    const targetEnv = envOf(target);
    const restored = await restoreBackup(targetEnv, file, { force: false });
    expect(restored).toMatchObject({ files: 3, wiped: false });
    expect(await readFile(path.join(target.env.DATA_DIR!, 'profile-key'))).toEqual(
      await readFile(path.join(source.env.DATA_DIR!, 'profile-key')),
    );

    // A second restore finds data and refuses, with a non-zero exit and a message saying what to do.
    const out = { stdout: '', stderr: '' };
    const print = {
      stdout: (s: string) => void (out.stdout += s),
      stderr: (s: string) => void (out.stderr += s),
    };
    expect(await runBackupCommand(['restore', file], targetEnv, print)).toBe(1);
    expect(out.stderr).toContain('Abgebrochen: die Datenbank enthält Daten');
    expect(out.stderr).toContain('--force');
    // --force wipes and loads again: still exactly one copy of everything.
    expect(await runBackupCommand(['restore', file, '--force'], targetEnv, print)).toBe(0);
    expect(out.stdout).toContain('Lösche vorhandene Daten');

    const restoredApp = await started(targetEnv);
    try {
      const teacher = await signIn(restoredApp, { id: teacherId });
      expect(await served(teacher, room)).toEqual(before);
    } finally {
      await restoredApp.close();
    }
    // Two apps, two databases, a backup and three restores: slow on PGlite (WASM) on a busy machine.
  }, 180_000);

  it('restore refuses a file that is not a backup, and bad arguments', async () => {
    const notBackup = path.join(archiveDir, 'kein-backup.zip');
    await writeFile(notBackup, 'kein zip');
    const out = { stdout: '', stderr: '' };
    const print = {
      stdout: (s: string) => void (out.stdout += s),
      stderr: (s: string) => void (out.stderr += s),
    };
    const env = envOf(target);
    expect(await runBackupCommand(['restore', notBackup], env, print)).toBe(1);
    expect(out.stderr).toContain('lässt sich nicht als Sicherung öffnen');
    expect(await runBackupCommand(['restore'], env, print)).toBe(2);
    expect(await runBackupCommand(['backup', '--bogus'], env, print)).toBe(2);
    expect(out.stderr).toContain('Verwendung: pnpm cli restore <datei.zip> [--force]');
  });
});

describe('Backup of the embedded database while a server holds it', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase('pglite');
  });
  afterAll(async () => {
    await database.cleanup();
  });

  it('fails with a message to stop the server and leaves no archive behind', async () => {
    const env = envOf(database);
    const app = await started(env);
    try {
      const file = path.join(database.env.DATA_DIR!, 'sicherung.zip');
      let stderr = '';
      const code = await runBackupCommand(['backup', '--out', file], env, {
        stdout: () => {},
        stderr: (s) => void (stderr += s),
      });
      expect(code).toBe(1);
      expect(stderr).toContain('stoppe den Server');
      await expect(stat(file)).rejects.toThrow();
      await expect(stat(`${file}.partial`)).rejects.toThrow();
    } finally {
      await app.close();
    }
  });
});
