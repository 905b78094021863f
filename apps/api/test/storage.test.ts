import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { ZListFilesResponse } from '@app/contract';
import { eq } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateStorage, runStorageCommand } from '../src/cli/storage';
import { submissionFiles } from '../src/db/schema';
import { loadEnv } from '../src/env';
import { createFsStorage, openS3Storage, StorageObjectNotFound, type Storage } from '../src/lib/storage';
import { createS3Storage, type S3Storage } from '../src/lib/storage/s3';
import { createTestApp, type TestApp } from './helpers/app';
import { classroom } from './helpers/classroom';
import { startS3Server, type TestS3Server } from './helpers/s3-server';
import { errorOf, signIn } from './helpers/tokens';

// The storage interface (ARCHITECTURE.md §8, ADR 021) on both stores: the filesystem and an S3-compatible
// server on loopback (test/helpers/s3-server.ts). Then the download route's ranges, an app on S3 end to end
// and `pnpm cli storage migrate`.

const MB = 1024 * 1024;

/** `size` pseudo-random bytes in 64 KiB chunks, produced as the reader asks (never one big buffer). */
function streamed(size: number, seed = 1): { body: Readable; sha256: Promise<string> } {
  const hash = createHash('sha256');
  let sent = 0;
  let state = seed;
  const body = new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const chunk = Buffer.alloc(Math.min(64 * 1024, size - sent));
      for (let i = 0; i < chunk.length; i++) {
        if (i % 4 === 0) state = (state * 1103515245 + 12345) >>> 0;
        chunk[i] = (state >>> ((i % 4) * 8)) & 0xff;
      }
      sent += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  const sha256 = new Promise<string>((resolve) => body.once('end', () => resolve(hash.digest('hex'))));
  return { body, sha256 };
}

const sha256Of = async (stream: Readable) =>
  createHash('sha256')
    .update(await buffer(stream))
    .digest('hex');

let s3Server: TestS3Server;
beforeAll(async () => {
  s3Server = await startS3Server();
});
afterAll(async () => {
  await s3Server?.close();
});

async function s3Store(bucket = s3Server.bucket): Promise<S3Storage> {
  return createS3Storage({
    endpoint: s3Server.endpoint,
    bucket,
    region: 'us-east-1',
    credentials: {
      accessKeyId: s3Server.env.S3_ACCESS_KEY_ID!,
      secretAccessKey: s3Server.env.S3_SECRET_ACCESS_KEY!,
    },
    forcePathStyle: true,
  });
}

interface Driver {
  name: string;
  open(): Promise<{ storage: Storage; extraCheck?: () => Promise<void>; close(): Promise<void> }>;
}

const storageDrivers: Driver[] = [
  {
    name: 'the filesystem',
    async open() {
      const root = await mkdtemp(path.join(tmpdir(), 'kz-storage-'));
      const storage = createFsStorage(path.join(root, 'files'));
      return {
        storage,
        // Nothing half-written stays behind.
        extraCheck: async () => expect(await readdir(storage.tempDir)).toEqual([]),
        close: () => rm(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3',
    async open() {
      const storage = await s3Store();
      return {
        storage,
        async close() {
          for await (const o of storage.list()) await storage.delete(o.key);
          storage.client.destroy();
        },
      };
    },
  },
];

describe.each(storageDrivers)('File storage on $name', (driver) => {
  let storage: Storage;
  let opened: Awaited<ReturnType<Driver['open']>>;
  beforeAll(async () => {
    opened = await driver.open();
    storage = opened.storage;
  });
  afterAll(async () => {
    await opened.close();
  });

  it('stores, reads, checks and deletes an object under its key', async () => {
    const key = 'AbCdEfGhIjKlMnOpQrStU/file_1';
    expect(await storage.put(key, Readable.from([Buffer.from('Hallo '), Buffer.from('Welt')]))).toEqual({
      size: 10,
    });
    expect(await storage.exists(key)).toBe(true);
    expect(await text(await storage.get(key))).toBe('Hallo Welt');
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageObjectNotFound);
    await storage.delete(key); // deleting twice is fine
  });

  it('reads byte ranges: the start, the middle, the last byte', async () => {
    const key = 'ranges/abc';
    await storage.put(key, Readable.from([Buffer.from('0123456789')]));
    expect(await text(await storage.get(key, { start: 0, end: 3 }))).toBe('0123');
    expect(await text(await storage.get(key, { start: 4, end: 6 }))).toBe('456');
    expect(await text(await storage.get(key, { start: 9, end: 9 }))).toBe('9');
    await expect(storage.get('ranges/missing', { start: 0, end: 1 })).rejects.toBeInstanceOf(
      StorageObjectNotFound,
    );
  });

  it('answers for a key that was never stored: not there, nothing to read, deleting is fine', async () => {
    expect(await storage.exists('never/stored')).toBe(false);
    await expect(storage.get('never/stored')).rejects.toBeInstanceOf(StorageObjectNotFound);
    await storage.delete('never/stored');
  });

  it('streams a 12 MB file in and out unchanged (several parts on S3) and reads a range across parts', async () => {
    const key = 'large/file';
    const { body, sha256 } = streamed(12 * MB + 123);
    expect(await storage.put(key, body)).toEqual({ size: 12 * MB + 123 });
    expect(await sha256Of(await storage.get(key))).toBe(await sha256);
    // 5 MiB is the part size of the S3 store: this range spans the first two parts.
    const whole = await buffer(await storage.get(key));
    const part = await buffer(await storage.get(key, { start: 5 * MB - 10, end: 5 * MB + 9 }));
    expect(part.equals(whole.subarray(5 * MB - 10, 5 * MB + 10))).toBe(true);
    await storage.delete(key);
  });

  it('leaves nothing under the key when the stream fails half-way, also in the middle of a multipart upload', async () => {
    for (const [key, before] of [
      ['task/aborted', 64 * 1024],
      ['task/aborted_large', 7 * MB],
    ] as const) {
      const body = new PassThrough();
      const writing = storage.put(key, body);
      body.write(randomBytes(before));
      await new Promise((r) => setTimeout(r, 50));
      body.destroy(new Error('Verbindung weg'));
      await expect(writing).rejects.toThrow('Verbindung weg');
      expect(await storage.exists(key)).toBe(false);
    }
    await opened.extraCheck?.();
  });

  it('refuses keys that could leave its folder, lists objects with sizes and deletes a whole task by prefix', async () => {
    for (const bad of ['../etc/passwd', '/abs', 'a/../b', 'a//b', 'a/b.jpg', '']) {
      await expect(storage.put(bad, Readable.from([]))).rejects.toThrow('Ungültiger Speicherschlüssel');
      await expect(storage.get(bad)).rejects.toThrow('Ungültiger Speicherschlüssel');
    }
    await storage.put('taskA/one', Readable.from([Buffer.from('1')]));
    await storage.put('taskA/two', Readable.from([Buffer.from('22')]));
    await storage.put('taskB/one', Readable.from([Buffer.from('333')]));
    const listed = new Map<string, number>();
    for await (const o of storage.list()) {
      expect(o.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
      listed.set(o.key, o.size);
    }
    expect(listed).toEqual(
      new Map([
        ['ranges/abc', 10],
        ['taskA/one', 1],
        ['taskA/two', 2],
        ['taskB/one', 3],
      ]),
    );
    await storage.deletePrefix('taskA/');
    expect(await storage.exists('taskA/one')).toBe(false);
    expect(await storage.exists('taskA/two')).toBe(false);
    expect(await storage.exists('taskB/one')).toBe(true);
  });
});

describe('The S3 store', () => {
  it('skips objects it could not have written when listing', async () => {
    const storage = await s3Store();
    try {
      await storage.client.send(
        new PutObjectCommand({ Bucket: s3Server.bucket, Key: 'backups/db.sql.gz', Body: 'x' }),
      );
      await storage.put('taskC/one', Readable.from([Buffer.from('1')]));
      const keys: string[] = [];
      for await (const o of storage.list()) keys.push(o.key);
      expect(keys).toEqual(['taskC/one']);
      await storage.client.send(
        new DeleteObjectCommand({ Bucket: s3Server.bucket, Key: 'backups/db.sql.gz' }),
      );
      await storage.delete('taskC/one');
    } finally {
      storage.client.destroy();
    }
  });
});

describe('Storage configuration', () => {
  it('knows fs and s3; s3 needs a bucket and both halves of a key pair', () => {
    expect(loadEnv({}).STORAGE).toBe('fs');
    expect(loadEnv({}).UPLOAD_RATE_LIMIT).toBe(200);
    expect(() => loadEnv({ STORAGE: 'gcs' })).toThrow(/STORAGE: "fs" oder "s3" erwartet/);
    expect(() => loadEnv({ STORAGE: 's3' })).toThrow(/S3_BUCKET: nötig, wenn STORAGE=s3/);
    expect(() => loadEnv({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID und S3_SECRET_ACCESS_KEY nur zusammen setzen/,
    );
    expect(() => loadEnv({ S3_ENDPOINT: 'kein-url' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadEnv({ S3_FORCE_PATH_STYLE: 'ja' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(loadEnv({ STORAGE: 's3', S3_BUCKET: 'b' })).toMatchObject({
      STORAGE: 's3',
      S3_BUCKET: 'b',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
    });
    expect(() => loadEnv({ UPLOAD_RATE_LIMIT: '0' })).toThrow(/UPLOAD_RATE_LIMIT/);
  });
});

describe.each(['fs', 's3'] as const)('Downloads with STORAGE=%s', (kind) => {
  let t: TestApp;
  let teacher: Awaited<ReturnType<typeof signIn>>;
  let file: { id: string; size: number; storage_key: string; sha256: string };
  let whole: Buffer;
  beforeAll(async () => {
    t = await createTestApp({ env: kind === 's3' ? { STORAGE: 's3', ...s3Server.env } : {} });
    teacher = await signIn(t.app);
    const { task } = await classroom(t.app, teacher, { students: 1, rubric: false });
    const files = ZListFilesResponse.parse(
      (await teacher.call('GET', `/api/files?taskId=${task.id}`)).json(),
    ).files;
    const [row] = await t.app.db.select().from(submissionFiles).where(eq(submissionFiles.id, files[0]!.id));
    file = { id: row!.id, size: row!.size, storage_key: row!.storage_key, sha256: row!.sha256 };
    whole = (await teacher.call('GET', `/api/files/${file.id}/content`)).rawPayload;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores the upload in the chosen store', async () => {
    expect(createHash('sha256').update(whole).digest('hex')).toBe(file.sha256);
    expect(await t.app.storage.exists(file.storage_key)).toBe(true);
    if (kind === 's3') {
      const s3 = await s3Store();
      try {
        expect(await s3.exists(file.storage_key)).toBe(true);
      } finally {
        s3.client.destroy();
      }
    }
  });

  it('answers a Range with 206 and the bytes asked for, and says it accepts ranges', async () => {
    const url = `/api/files/${file.id}/content`;
    const full = await teacher.call('GET', url);
    expect(full.headers['accept-ranges']).toBe('bytes');

    const head = await teacher.call('GET', url, undefined, { range: 'bytes=0-99' });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-99/${file.size}`);
    expect(head.headers['content-length']).toBe('100');
    expect(head.rawPayload.equals(whole.subarray(0, 100))).toBe(true);

    const tail = await teacher.call('GET', url, undefined, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${file.size - 10}-${file.size - 1}/${file.size}`);
    expect(tail.rawPayload.equals(whole.subarray(file.size - 10))).toBe(true);

    const open = await teacher.call('GET', url, undefined, { range: `bytes=${file.size - 5}-` });
    expect(open.rawPayload.equals(whole.subarray(file.size - 5))).toBe(true);
  });

  it('answers 416 past the end, and the whole file for If-Range mismatches, several ranges or nonsense', async () => {
    const url = `/api/files/${file.id}/content`;
    const past = await teacher.call('GET', url, undefined, { range: `bytes=${file.size}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${file.size}`);
    expect(errorOf(past.json())).toMatchObject({
      code: 'RANGE_NOT_SATISFIABLE',
      message: 'Der angeforderte Bereich liegt außerhalb der Datei.',
    });
    for (const headers of [
      { range: 'bytes=0-9', 'if-range': '"eine-andere-version"' },
      { range: 'bytes=0-9,20-29' },
      { range: 'Zeilen=1-2' },
      { range: 'bytes=abc' },
    ]) {
      const res = await teacher.call('GET', url, undefined, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.rawPayload.equals(whole)).toBe(true);
    }
    const matching = await teacher.call('GET', url, undefined, {
      range: 'bytes=0-9',
      'if-range': `"${file.sha256}"`,
    });
    expect(matching.statusCode).toBe(206);
  });

  it('gives another teacher nothing, ranged or not', async () => {
    const other = await signIn(t.app);
    const res = await other.call('GET', `/api/files/${file.id}/content`, undefined, { range: 'bytes=0-9' });
    expect(res.statusCode).toBe(404);
  });

  it('removes the stored object when the teacher deletes the file', async () => {
    expect((await teacher.call('DELETE', `/api/files/${file.id}`)).statusCode).toBe(200);
    expect(await t.app.storage.exists(file.storage_key)).toBe(false);
    expect((await teacher.call('GET', `/api/files/${file.id}/content`)).statusCode).toBe(404);
  });
});

describe('An app with STORAGE=s3 that cannot reach its bucket', () => {
  it('does not start, and says why without the secret', async () => {
    await expect(
      createTestApp({ env: { STORAGE: 's3', ...s3Server.env, S3_BUCKET: 'gibt-es-nicht' } }),
    ).rejects.toThrow(/S3-Speicher: Bucket "gibt-es-nicht" auf http:\/\/127\.0\.0\.1:\d+ gibt es nicht/);
    const env = loadEnv({
      STORAGE: 's3',
      ...s3Server.env,
      S3_ACCESS_KEY_ID: 'FALSCH',
      S3_SECRET_ACCESS_KEY: 'streng-geheim-123',
    });
    const err = (await openS3Storage(env).catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(/verweigert den Zugriff \(S3_ACCESS_KEY_ID\/S3_SECRET_ACCESS_KEY prüfen\)/);
    expect(err.message).not.toContain('streng-geheim-123');
  });
});

describe('pnpm cli storage migrate', () => {
  let dataDir: string;
  let fs: ReturnType<typeof createFsStorage>;
  let s3: S3Storage;
  const run = async (...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const env = loadEnv({ DATA_DIR: dataDir, ...s3Server.env });
    const code = await runStorageCommand(['storage', ...args], env, {
      stdout: (s) => out.push(s),
      stderr: (s) => err.push(s),
    });
    return { code, stdout: out.join(''), stderr: err.join('') };
  };
  const s3Keys = async () => {
    const keys: string[] = [];
    for await (const o of s3.list()) keys.push(o.key);
    return keys.sort();
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kz-migrate-'));
    fs = createFsStorage(path.join(dataDir, 'files'));
    s3 = await s3Store();
    for await (const o of s3.list()) await s3.delete(o.key);
  });
  afterAll(async () => {
    for await (const o of s3.list()) await s3.delete(o.key);
    s3.client.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('copies what S3 lacks, skips what it has, leaves the source and can be run again', async () => {
    await fs.put('task1/a', Readable.from([Buffer.from('aaa')]));
    await fs.put('task1/b', Readable.from([Buffer.from('bb')]));
    const big = streamed(6 * MB, 7);
    await fs.put('task2/c', big.body);
    // Already there from an earlier, interrupted run.
    await s3.put('task1/a', Readable.from([Buffer.from('aaa')]));
    // Not an object (a stray file): not copied.
    await mkdir(path.join(dataDir, 'files', 'task1'), { recursive: true });
    await writeFile(path.join(dataDir, 'files', 'task1', 'notiz.txt'), 'x');

    const first = await run('migrate', '--to', 's3');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('task1/a schon vorhanden');
    expect(first.stdout).toMatch(/task2\/c kopiert \(6\.0 MB\)/);
    expect(first.stdout).toContain('Fertig: 2 kopiert (6.0 MB), 1 schon vorhanden');
    expect(first.stdout).toContain('Die Quelle bleibt unverändert');
    expect(await s3Keys()).toEqual(['task1/a', 'task1/b', 'task2/c']);
    expect(await sha256Of(await s3.get('task2/c'))).toBe(await big.sha256);
    expect(await fs.exists('task2/c')).toBe(true);

    const second = await run('migrate', '--to', 's3');
    expect(second.stdout).toContain('Fertig: 0 kopiert (0 B), 3 schon vorhanden');
  });

  it('copies again an object whose size differs and deletes the source only with --delete-source', async () => {
    await s3.put('task1/b', Readable.from([Buffer.from('b')]));
    const res = await run('migrate', '--to', 's3', '--delete-source');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Fertig: 1 kopiert (2 B), 2 schon vorhanden, 3 in der Quelle gelöscht');
    expect(await text(await s3.get('task1/b'))).toBe('bb');
    const left: string[] = [];
    for await (const o of fs.list()) left.push(o.key);
    expect(left).toEqual([]);
  });

  it('goes back to the filesystem with --to fs', async () => {
    const res = await run('migrate', '--to', 'fs');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Fertig: 3 kopiert');
    expect(await text(await fs.get('task1/b'))).toBe('bb');
    expect(await s3Keys()).toEqual(['task1/a', 'task1/b', 'task2/c']);
  });

  it('counts failed copies and keeps their source', async () => {
    const lines: string[] = [];
    const failing: Storage = {
      ...fs,
      put: async () => {
        throw new Error('Platte voll');
      },
    };
    // A target that lacks everything and refuses to write.
    const empty: Storage = { ...failing, list: async function* () {} };
    const failed = await migrateStorage(fs, empty, { deleteSource: true, print: (l) => lines.push(l) });
    expect(failed).toMatchObject({ copied: 0, failed: 3, deleted: 0 });
    expect(lines.at(-1)).toContain('3 fehlgeschlagen');
    expect(await fs.exists('task1/a')).toBe(true);
  });

  it('explains its usage for anything else', async () => {
    for (const args of [
      ['migrate'],
      ['migrate', '--to', 'gcs'],
      ['copy', '--to', 's3'],
      ['migrate', '--to', 's3', '--force'],
    ]) {
      const res = await run(...args);
      expect(res.code).toBe(2);
      expect(res.stderr).toContain('Verwendung: pnpm cli storage migrate --to <s3|fs> [--delete-source]');
    }
  });
});
