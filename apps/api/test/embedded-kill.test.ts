import { ZClass, ZCreateStudentsResponse, ZSubject, ZTask } from '@app/contract';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { submissionFiles, submissions } from '../src/db/schema';
import { scratchDir } from '../src/lib/uploads/receive';
import { createTestApp, type TestApp } from './helpers/app';
import { photo, until } from './helpers/classroom';
import { testDatabase, type TestDatabase } from './helpers/database';
import { startServerProcess, type ServerProcess } from './helpers/server-process';
import { accessToken, bearer } from './helpers/tokens';
import { stalledUpload, upload } from './helpers/uploads-in-flight';

// The embedded database after a SIGKILL (ADR 027): what the server answered is there when it is opened again,
// an upload cut off left nothing the teacher sees. A real server process (tsx src/server.ts) is killed; the
// test opens the same DATA_DIR after it, taking over the dead process's lock.

describe('A server on the embedded database killed mid-upload (SIGKILL)', () => {
  let database: TestDatabase;
  let server: ServerProcess | undefined;
  let reopened: TestApp | undefined;
  afterAll(async () => {
    await server?.kill();
    await reopened?.close();
    await database?.cleanup();
  });

  it('keeps what it answered, and nothing of the upload cut off, when opened again', async () => {
    database = await testDatabase('pglite');
    const secret = randomBytes(32).toString('hex');
    server = await startServerProcess(
      { NODE_ENV: 'test', DEMO: '0', ...database.env, JWT_SECRET: secret },
      'the embedded server',
    );
    const base = server.url;
    // No app in the test may open the database the process holds: the token is signed with its secret.
    const { token } = await accessToken(
      undefined as never,
      { role: 'teacher' },
      {
        secret: new TextEncoder().encode(secret),
      },
    );
    const call = async (url: string, body: object) => {
      const res = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.ok, url).toBe(true);
      return res.json();
    };
    const subject = ZSubject.parse(await call('/api/subjects', { name: 'Mathematik' }));
    const klass = ZClass.parse(
      await call('/api/classes', { name: '7b', grade: '7', subject_id: subject.id }),
    );
    const { students } = ZCreateStudentsResponse.parse(
      await call('/api/createStudents', { class_id: klass.id, names: ['Greta Gärtner', 'Ali Acar'] }),
    );
    const task = ZTask.parse(
      await call('/api/tasks', { class_id: klass.id, title: 'Bruchrechnung', status: 'published' }),
    );
    const [kept, cut] = students as [(typeof students)[number], (typeof students)[number]];
    const stored = await photo(7);
    expect((await upload(base, task.id, kept.user_id, stored)).status).toBe(200);

    const noise = await sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const scratch = scratchDir(database.env.DATA_DIR!);
    const scratchBefore = (await readdir(scratch)).length;
    const half = stalledUpload(
      `${base}/api/submissions/studentupload/${task.id}`,
      cut.user_id,
      noise,
      Math.floor(noise.length / 2),
    );
    await until(async () => (await readdir(scratch)).length > scratchBefore, 10_000, 'the half upload');
    await server.kill();
    server = undefined;
    expect(await half).toBe('cut off');

    // The next start takes over the lock of the dead process and finds exactly the answered upload.
    reopened = await createTestApp({ database, env: { JWT_SECRET: secret } });
    const rows = await reopened.app.db
      .select()
      .from(submissionFiles)
      .where(eq(submissionFiles.task_id, task.id));
    expect(rows).toHaveLength(1);
    const content = await reopened.app.inject({
      method: 'GET',
      url: `/api/files/${rows[0]!.id}/content`,
      headers: bearer(token),
    });
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.length).toBe(rows[0]!.size);
    // The one file is the answered upload's, in the right student's submission.
    const [owner] = await reopened.app.db
      .select({ student: submissions.student_id })
      .from(submissions)
      .where(eq(submissions.id, rows[0]!.submission_id!));
    expect(owner).toEqual({ student: kept.user_id });
  }, 60_000);
});
