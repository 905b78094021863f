import { ZListFilesResponse } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createBackup, runBackupCommand } from '../src/cli/backup';
import { loadEnv, type Env } from '../src/env';
import { classroom } from './helpers/classroom';
import { testDatabase, type TestDatabase } from './helpers/database';
import { startS3Server, type TestS3Server } from './helpers/s3-server';
import { signIn, type SignedIn } from './helpers/tokens';

// `pnpm cli backup` / `restore` with the files in a bucket (STORAGE=s3, ADR 021): the archive reads the
// objects through the storage layer and the restore writes them into another, empty bucket; --force also
// empties a bucket that holds objects.

describe('Backup and restore with STORAGE=s3', () => {
  let source: TestDatabase;
  let target: TestDatabase;
  let sourceBucket: TestS3Server;
  let targetBucket: TestS3Server;
  let archiveDir: string;
  const envOf = (database: TestDatabase, bucket: TestS3Server): Env =>
    loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DEMO: '0',
      ...database.env,
      STORAGE: 's3',
      ...bucket.env,
    });

  beforeAll(async () => {
    [source, target, sourceBucket, targetBucket, archiveDir] = await Promise.all([
      testDatabase(),
      testDatabase(),
      startS3Server('quelle'),
      startS3Server('ziel'),
      mkdtemp(path.join(tmpdir(), 'kz-backup-s3-')),
    ]);
  });
  afterAll(async () => {
    await Promise.all([source?.cleanup(), target?.cleanup(), sourceBucket?.close(), targetBucket?.close()]);
    await rm(archiveDir, { recursive: true, force: true });
  });

  const started = async (env: Env) => {
    const app = await buildApp(env, { controlSocket: false });
    await app.ready();
    return app;
  };
  /** The task's files as the teacher downloads them. */
  const filesOf = async (teacher: SignedIn, taskId: string) => {
    const { files } = ZListFilesResponse.parse(
      (await teacher.call('GET', `/api/files?taskId=${taskId}`)).json(),
    );
    const bytes: Record<string, string> = {};
    for (const file of files) {
      const res = await teacher.call('GET', `/api/files/${file.id}/content`);
      expect(res.statusCode).toBe(200);
      bytes[file.id] = res.rawPayload.toString('base64');
    }
    return { files, bytes };
  };

  it('restores every object into another bucket; the restored app serves the same bytes', async () => {
    const sourceEnv = envOf(source, sourceBucket);
    let app: FastifyInstance = await started(sourceEnv);
    const teacher = await signIn(app);
    const room = await classroom(app, teacher, { students: 2 });
    const before = await filesOf(teacher, room.task.id);
    expect(before.files).toHaveLength(2);
    await app.close();

    const file = path.join(archiveDir, 'sicherung.zip');
    const { manifest } = await createBackup(sourceEnv, file);
    expect(manifest).toMatchObject({ storage: 's3', files: { count: 2 } });

    // A foreign object in the target bucket: refused without --force, removed with it.
    const targetEnv = envOf(target, targetBucket);
    app = await started(targetEnv);
    await app.storage.put('fremd/objekt', Readable.from([Buffer.from('alt')]));
    await app.close();
    const out = { stdout: '', stderr: '' };
    const print = {
      stdout: (s: string) => void (out.stdout += s),
      stderr: (s: string) => void (out.stderr += s),
    };
    expect(await runBackupCommand(['restore', file], targetEnv, print)).toBe(1);
    expect(out.stderr).toContain('Abgebrochen');
    expect(await runBackupCommand(['restore', file, '--force'], targetEnv, print)).toBe(0);

    app = await started(targetEnv);
    try {
      expect(await app.storage.exists('fremd/objekt')).toBe(false);
      const keys: string[] = [];
      for await (const object of app.storage.list()) keys.push(object.key);
      expect(keys).toHaveLength(2);
      const restoredTeacher = await signIn(app, { id: teacher.id });
      expect(await filesOf(restoredTeacher, room.task.id)).toEqual(before);
    } finally {
      await app.close();
    }
  }, 120_000);
});
