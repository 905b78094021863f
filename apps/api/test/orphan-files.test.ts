import { ZClass, ZSubject, ZTask, ZUploadReceipt } from '@app/contract';
import { eq } from 'drizzle-orm';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../src/domain/context';
import { ORPHAN_GRACE_MS, removeOrphanFiles } from '../src/domain/files';
import { submissionFiles } from '../src/db/schema';
import { apiRoot } from '../src/paths';
import { createTestApp, type TestApp } from './helpers/app';
import { drivers } from './helpers/database';
import { signIn, type SignedIn } from './helpers/tokens';

// Stored files without a row (ARCHITECTURE.md §8): a process killed in the middle of a multi-file upload has
// stored some files but written no row. They are removed once older than the grace period — at start and
// periodically — and a file with a row never is.

const photo = (seed: number) =>
  sharp({
    create: { width: 60 + seed, height: 40, channels: 3, background: { r: seed * 20, g: 90, b: 140 } },
  })
    .jpeg()
    .toBuffer();

/** Every stored object under DATA_DIR/files (not temp files), as `<taskId>/<id>`. */
function storedKeys(dataDir: string): string[] {
  const root = path.join(dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .filter((key) => !key.startsWith('.tmp'));
  } catch {
    return [];
  }
}

/** Writes an object straight into the store, as an interrupted upload leaves it, changed `ageMs` ago. */
async function putObject(dataDir: string, key: string, ageMs: number): Promise<string> {
  const file = path.join(dataDir, 'files', ...key.split('/'));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, await photo(1));
  const when = new Date(Date.now() - ageMs);
  await utimes(file, when, when);
  return file;
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Zeitüberschreitung: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function publishedTask(teacher: SignedIn) {
  const subject = ZSubject.parse((await teacher.call('POST', '/api/subjects', { name: 'Kunst' })).json());
  const klass = ZClass.parse(
    (await teacher.call('POST', '/api/classes', { name: '6b', grade: '6', subject_id: subject.id })).json(),
  );
  return ZTask.parse(
    (
      await teacher.call('POST', '/api/tasks', {
        class_id: klass.id,
        title: 'Stillleben',
        status: 'published',
      })
    ).json(),
  );
}

const HOUR = 60 * 60 * 1000;

describe.each(drivers)('Stored files without a row on %s', (driver) => {
  let dataDir: string;
  let t: TestApp;
  beforeAll(async () => {
    // What a crash left behind before this start: an old orphan and one from a minute ago.
    dataDir = await mkdtemp(path.join(tmpdir(), 'kz-orphans-'));
    await putObject(dataDir, 'AbCdEfGhIjKlMnOpQrStU/alt00000000000000000', 2 * HOUR);
    await putObject(dataDir, 'AbCdEfGhIjKlMnOpQrStU/neu00000000000000000', 60_000);
    t = await createTestApp({ driver, env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('removes an orphan older than the grace period at start and keeps a recent one', async () => {
    await until(
      () => !storedKeys(dataDir).includes('AbCdEfGhIjKlMnOpQrStU/alt00000000000000000'),
      'altes Waisen-Objekt entfernt',
    );
    expect(storedKeys(dataDir)).toContain('AbCdEfGhIjKlMnOpQrStU/neu00000000000000000');
  });

  it('never removes a file with a row, however old', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const teacher = await signIn(t.app);
    const task = await publishedTask(teacher);
    const form = new FormData();
    form.append('studentName', 'Jonas Schulz');
    form.append('files', new Blob([await photo(2)], { type: 'image/jpeg' }), 'seite1.jpg');
    const res = await fetch(`${base}/api/submissions/studentupload/${task.id}`, {
      method: 'POST',
      body: form,
    });
    expect(res.status).toBe(200);
    const [received] = ZUploadReceipt.parse(await res.json()).received;
    const [row] = await t.app.db.select().from(submissionFiles).where(eq(submissionFiles.id, received!.id));
    const kept = path.join(dataDir, 'files', ...row!.storage_key.split('/'));
    const old = new Date(Date.now() - 30 * 24 * HOUR);
    await utimes(kept, old, old);
    const orphan = await putObject(dataDir, `${task.id}/waise000000000000000`, ORPHAN_GRACE_MS + 60_000);

    const result = await removeOrphanFiles(systemContext(t.app, t.app.log));
    expect(result.removed).toBeGreaterThanOrEqual(1);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(kept)).toBe(true);
    // The teacher still gets the file.
    const content = await teacher.call('GET', `/api/files/${row!.id}/content`);
    expect(content.statusCode).toBe(200);
  });
});

/** A free TCP port on loopback. */
async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('A server killed in the middle of an upload', () => {
  let child: ChildProcess | undefined;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kz-sigkill-'));
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('leaves a stored file without a row, which the next start removes once old enough', async () => {
    // The task, made by an app on the data directory the server will use (PGlite keeps it there).
    const first = await createTestApp({ driver: 'pglite', env: { DATA_DIR: dataDir } });
    const task = await publishedTask(await signIn(first.app));
    await first.close();

    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot, 'src', 'server.ts')], {
      cwd: apiRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        DEMO: '0',
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    await until(
      async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
        } catch {
          return false;
        }
      },
      'Server gestartet',
      60_000,
    );

    // Two photos: the first arrives whole and is stored, the second never finishes.
    const boundary = `----kz${randomUUID()}`;
    const head = (name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n';
    const second = await photo(4);
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/submissions/studentupload/${task.id}`,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(100_000),
      },
    });
    request.on('error', () => {});
    request.write(
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="studentName"\r\n\r\nJonas\r\n`),
        Buffer.from(head('eins.jpg')),
        await photo(3),
        Buffer.from(`\r\n${head('zwei.jpg')}`),
        second.subarray(0, second.length / 2),
      ]),
    );
    await until(() => storedKeys(dataDir).length === 1, 'erstes Foto gespeichert');
    const [orphan] = storedKeys(dataDir);
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    request.destroy();
    child = undefined;

    // Next start, an hour and more later: no row names the file, so it goes; nothing else changes.
    const file = path.join(dataDir, 'files', ...orphan!.split('/'));
    const old = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
    await utimes(file, old, old);
    const next = await createTestApp({ driver: 'pglite', env: { DATA_DIR: dataDir } });
    try {
      expect(await next.app.db.select().from(submissionFiles)).toEqual([]);
      await until(() => !existsSync(file), 'Waise nach dem Neustart entfernt');
    } finally {
      await next.close();
    }
  });
});
