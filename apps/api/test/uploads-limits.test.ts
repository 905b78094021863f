import { ZApiError } from '@app/contract';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { baseUrlOf, until } from './helpers/classroom';
import { drivers } from './helpers/database';
import {
  classWithTask,
  errorCode,
  fileRows,
  leftoverFiles,
  newTask,
  post,
  storedFiles,
  uploadPhoto,
} from './helpers/public-uploads';
import { signIn } from './helpers/tokens';

// Submissions, public side: the limits of an upload through /api/submissions/studentupload/{taskId} — 20 MB a
// file, 20 files, a phone that loses its connection mid-stream (a raw http.request), UPLOAD_RATE_LIMIT per IP
// and task. A refused or aborted upload leaves no row, no stored file and no temp file.

describe.each(drivers)('Upload limits on %s', (driver) => {
  let t: TestApp;
  let base: string;
  let dataDir: string;
  const stored = () => storedFiles(dataDir);
  const leftovers = () => leftoverFiles(dataDir);
  const rowsOf = (taskId: string) => fileRows(t.app, taskId);

  beforeAll(async () => {
    t = await createTestApp({ driver });
    base = await baseUrlOf(t.app);
    dataDir = t.app.config.DATA_DIR;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a file over 20 MB with 413 and leaves no row, no file and no temp file', async () => {
    const teacher = await signIn(t.app);
    const { task, students } = await classWithTask(teacher);
    const before = stored().length;
    const big = Buffer.alloc(21 * 1024 * 1024, 0x41);
    (await uploadPhoto(4)).copy(big);
    const res = await post(
      base,
      `/api/submissions/studentupload/${task.id}`,
      [
        { name: 'klein.jpg', bytes: await uploadPhoto(5) },
        { name: 'riesig.jpg', bytes: big },
      ],
      { studentId: students[0]!.user_id },
    );
    expect(res.status).toBe(413);
    expect(errorCode(res.body)).toBe('UPLOAD_FILE_TOO_LARGE');
    expect(await rowsOf(task.id)).toEqual([]);
    expect(stored()).toHaveLength(before);
    expect(leftovers()).toEqual([]);
  });

  it('refuses more than 20 files with 413 and stores none of them', async () => {
    const teacher = await signIn(t.app);
    const { task } = await classWithTask(teacher);
    const before = stored().length;
    const files = await Promise.all(
      Array.from({ length: 21 }, async (_, i) => ({ name: `s${i}.jpg`, bytes: await uploadPhoto(100 + i) })),
    );
    const res = await post(base, `/api/submissions/studentupload/${task.id}`, files, {
      studentName: 'Neue Schülerin',
    });
    expect(res.status).toBe(413);
    expect(errorCode(res.body)).toBe('UPLOAD_TOO_MANY_FILES');
    expect(await rowsOf(task.id)).toEqual([]);
    expect(stored()).toHaveLength(before);
    expect(leftovers()).toEqual([]);
  });

  it('leaves no row and no file when the upload is aborted mid-stream', async () => {
    const teacher = await signIn(t.app);
    const { task, students } = await classWithTask(teacher);
    const before = stored().length;
    const boundary = `----kz${randomUUID()}`;
    const first = await uploadPhoto(6, { width: 400, height: 300 });
    const second = await uploadPhoto(7, { width: 400, height: 300 });
    const head = (name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n';
    const opening = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="studentId"\r\n\r\n${students[0]!.user_id}\r\n`,
      ),
      Buffer.from(head('eins.jpg')),
      first,
      Buffer.from(`\r\n${head('zwei.jpg')}`),
    ]);
    const { port } = t.app.server.address() as AddressInfo;
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/submissions/studentupload/${task.id}`,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(opening.length + second.length + 200),
      },
    });
    request.on('error', () => {});
    request.write(opening);
    request.write(second.subarray(0, second.length / 2));
    // The first photo is converted and stored while the second is still arriving…
    await until(() => stored().length === before + 1, 10_000, 'erstes Foto gespeichert');
    // …and then the phone loses its connection.
    request.destroy();
    await until(
      () => t.logs.some((l) => l.code === 'MALFORMED_BODY' && l.msg === 'request rejected'),
      10_000,
      'Abbruch verarbeitet',
    );
    expect(stored()).toHaveLength(before);
    expect(leftovers()).toEqual([]);
    expect(await rowsOf(task.id)).toEqual([]);
    const [submission] = await t.app.db
      .select()
      .from(submissions)
      .where(eq(submissions.student_id, students[0]!.user_id));
    expect(submission?.status).toBe('offen');
  });
});

describe('Upload rate limit', () => {
  it('answers 429 after UPLOAD_RATE_LIMIT uploads per IP and task within 10 minutes', async () => {
    const t = await createTestApp({ env: { UPLOAD_RATE_LIMIT: '3' } });
    try {
      const base = await baseUrlOf(t.app);
      const teacher = await signIn(t.app);
      const { task, klass } = await classWithTask(teacher);
      const other = await newTask(teacher, klass.id);
      const send = async (taskId: string, seed: number) =>
        post(
          base,
          `/api/submissions/studentupload/${taskId}`,
          [{ name: 'a.jpg', bytes: await uploadPhoto(seed) }],
          {
            studentName: 'Ida Ilse',
          },
        );
      for (let i = 0; i < 3; i++) expect((await send(task.id, i)).status).toBe(200);
      const limited = await send(task.id, 3);
      expect(limited.status).toBe(429);
      expect(ZApiError.parse(limited.body).error).toMatchObject({
        code: 'UPLOAD_RATE_LIMITED',
        message: expect.stringContaining('Zu viele Uploads') as string,
      });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another task of the same class is counted on its own.
      expect((await send(other.id, 4)).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
