import { errorCatalog, ZListFilesResponse, ZSubmitPageResponse, ZUploadReceipt } from '@app/contract';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionFiles } from '../src/db/schema';
import { scratchDir } from '../src/lib/uploads/receive';
import { createTestApp, type TestApp } from './helpers/app';
import { baseUrlOf, classroom, photo, until } from './helpers/classroom';
import { startPostgresCluster, type PostgresCluster } from './helpers/postgres-cluster';
import { startS3Server } from './helpers/s3-server';
import { signIn, type SignedIn } from './helpers/tokens';
import { upload } from './helpers/uploads-in-flight';

// A database outage (ADR 004): while PostgreSQL is stopped every answer that needs it is 503
// DATABASE_UNAVAILABLE with Retry-After and the German message, the built-in auth answers 503 in GoTrue's
// shape, an upload stores nothing; once it runs again the same requests succeed and a repeated upload lands
// once. The cluster is the test's own (initdb in a temp directory), stopped and started by the test.

const MESSAGE = errorCatalog.DATABASE_UNAVAILABLE.message;

function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(503);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toMatchObject({ error: { code: 'DATABASE_UNAVAILABLE', message: MESSAGE } });
}

/** Every stored object under DATA_DIR/files (not temp files), as `<taskId>/<id>`. */
async function storedKeys(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((key) => !key.startsWith('.tmp'))
    .sort();
}

/** A public upload whose body is held after its first half until `release()` is called. */
function heldUpload(url: string, studentId: string, file: Buffer) {
  const boundary = `kz${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="studentId"\r\n\r\n${studentId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="Seite.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const half = Math.floor(body.length / 2);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(new Uint8Array(body.subarray(0, half)));
      await released;
      controller.enqueue(new Uint8Array(body.subarray(half)));
      controller.close();
    },
  });
  const response = fetch(url, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: stream,
    duplex: 'half',
  });
  return { response, release };
}

describe('PostgreSQL stopped for a few seconds', () => {
  let cluster: PostgresCluster;
  let dataDir: string;
  let t: TestApp;
  let teacher: SignedIn;
  let base: string;
  let taskId: string;
  let studentId: string;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    dataDir = await mkdtemp(path.join(tmpdir(), 'kz-outage-'));
    t = await createTestApp({
      database: { env: { DATA_DIR: dataDir, DATABASE_URL: cluster.url }, cleanup: async () => {} },
    });
    teacher = await signIn(t.app);
    const room = await classroom(t.app, teacher, { students: 2, rubric: false });
    taskId = room.task.id;
    base = await baseUrlOf(t.app);
    const page = ZSubmitPageResponse.parse((await t.app.inject(`/api/submit/${taskId}`)).json());
    studentId = page.students[0]!.id;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await cluster?.remove();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After while it is down, stores nothing, and works again once it is back', async () => {
    const keysBefore = await storedKeys(dataDir);
    const rowsBefore = await t.app.db.select().from(submissionFiles);
    const newPhoto = await photo(42);

    // An upload under way when the database goes: the task was found, the file is arriving.
    const scratch = scratchDir(dataDir);
    const scratchBefore = (await readdir(scratch).catch(() => [])).length;
    const held = heldUpload(`${base}/api/submissions/studentupload/${taskId}`, studentId, newPhoto);
    await until(
      async () => (await readdir(scratch).catch(() => [])).length > scratchBefore,
      10_000,
      'upload',
    );

    const stoppedAt = Date.now();
    await cluster.stop();
    held.release();
    const cut = await held.response;
    expect(cut.status).toBe(503);
    expect(Number(cut.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await cut.json()).toMatchObject({ error: { code: 'DATABASE_UNAVAILABLE', message: MESSAGE } });

    // A new upload, the public page's data, the teacher's class list, the built-in auth.
    const refused = await upload(base, taskId, studentId, newPhoto);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: { code: 'DATABASE_UNAVAILABLE', message: MESSAGE } });
    expectUnavailable(await t.app.inject(`/api/submit/${taskId}`));
    expectUnavailable(await teacher.call('GET', '/api/classes'));
    const auth = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      headers: { 'x-supabase-api-version': '2024-01-01' },
      payload: { email: 'lehrerin@schule.example', password: 'ein langes Passwort 1' },
    });
    expect(auth.statusCode).toBe(503);
    expect(Number(auth.headers['retry-after'])).toBeGreaterThan(0);
    expect(auth.json()).toMatchObject({ code: 'unexpected_failure' });
    expect((await t.app.inject('/api/health')).statusCode).toBe(503);
    // Nothing half-stored: no file of the refused uploads is left in storage.
    expect(await storedKeys(dataDir)).toEqual(keysBefore);

    // A few seconds of outage, then the server comes back; the pool reconnects by itself.
    await new Promise((r) => setTimeout(r, Math.max(0, 3000 - (Date.now() - stoppedAt))));
    await cluster.start();
    await until(async () => (await t.app.inject('/api/health')).statusCode === 200, 30_000, 'health');

    expect((await t.app.inject(`/api/submit/${taskId}`)).statusCode).toBe(200);
    expect((await teacher.call('GET', '/api/classes')).statusCode).toBe(200);
    // The upload sent again lands; sent once more (an answer lost on the way) it is recognised, not doubled.
    const first = await upload(base, taskId, studentId, newPhoto);
    expect(first.status).toBe(200);
    expect(ZUploadReceipt.parse(await first.json()).received[0]!.duplicate).toBe(false);
    const again = await upload(base, taskId, studentId, newPhoto);
    expect(again.status).toBe(200);
    expect(ZUploadReceipt.parse(await again.json()).received[0]!.duplicate).toBe(true);

    const rows = await t.app.db.select().from(submissionFiles);
    expect(rows).toHaveLength(rowsBefore.length + 1);
    // Every stored file has its row and every row its file.
    expect(await storedKeys(dataDir)).toEqual(rows.map((r) => r.storage_key).sort());
    const landed = rows.filter((r) => !rowsBefore.some((b) => b.id === r.id));
    const [row] = await t.app.db.select().from(submissionFiles).where(eq(submissionFiles.id, landed[0]!.id));
    expect(row?.original_name).toBe('Seite.jpg');
  }, 120_000);
});

describe('The embedded database failing to answer', () => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 DATABASE_UNAVAILABLE while PGlite throws as when it died, and works again after', async () => {
    t = await createTestApp({ driver: 'pglite' });
    const teacher = await signIn(t.app);
    const room = await classroom(t.app, teacher, { students: 1, rubric: false });
    const client = (t.app.db as unknown as { $client: Record<string, unknown> }).$client;
    const original = { query: client.query, transaction: client.transaction, exec: client.exec };
    // How PGlite fails: its WebAssembly aborted (a RuntimeError from then on), or closed under the app.
    const { RuntimeError } = (globalThis as unknown as { WebAssembly: { RuntimeError: ErrorConstructor } })
      .WebAssembly;
    const failures: Array<() => Error> = [
      () => new RuntimeError('Aborted(). Build with -sASSERTIONS for more info.'),
      () => new Error('PGlite is closed'),
    ];
    for (const failure of failures) {
      for (const name of ['query', 'transaction', 'exec'] as const)
        client[name] = () => Promise.reject(failure());
      expectUnavailable(await t.app.inject(`/api/submit/${room.task.id}`));
      expectUnavailable(await teacher.call('GET', `/api/tasks/${room.task.id}`));
      Object.assign(client, original);
    }
    expect((await t.app.inject(`/api/submit/${room.task.id}`)).statusCode).toBe(200);
  }, 60_000);
});

describe('The S3 store gone while the database is up', () => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it('is no database outage: a download answers 503 SERVICE_UNAVAILABLE, without Retry-After', async () => {
    const s3 = await startS3Server();
    try {
      t = await createTestApp({ env: { STORAGE: 's3', ...s3.env } });
      const teacher = await signIn(t.app);
      const { task } = await classroom(t.app, teacher, { students: 1, rubric: false });
      const [file] = ZListFilesResponse.parse(
        (await teacher.call('GET', `/api/files?taskId=${task.id}`)).json(),
      ).files;
      const url = `/api/files/${file!.id}/content`;
      expect((await teacher.call('GET', url)).statusCode).toBe(200);
      await s3.close();

      // The AWS SDK's connection refused or reset (ECONNREFUSED, ECONNRESET) is the store's, not the database's.
      const res = await teacher.call('GET', url);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBeUndefined();
      expect(res.json()).toMatchObject({
        error: { code: 'SERVICE_UNAVAILABLE', message: errorCatalog.SERVICE_UNAVAILABLE.message },
      });
      expect((await teacher.call('GET', `/api/tasks/${task.id}`)).statusCode).toBe(200);
    } finally {
      await s3.close().catch(() => undefined);
    }
  }, 60_000);
});
