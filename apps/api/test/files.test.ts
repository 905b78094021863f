import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env';
import { cleanFileName, contentDisposition, withExtension } from '../src/lib/uploads/filename';
import { detectKind } from '../src/lib/uploads/sniff';
import { createFsStorage, StorageObjectNotFound } from '../src/plugins/app/storage';

// The storage interface (ARCHITECTURE.md §8) and the pieces of the upload pipeline that need no database.

describe('File storage on the filesystem', () => {
  let root: string;
  let storage: ReturnType<typeof createFsStorage>;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'kz-storage-'));
    storage = createFsStorage(path.join(root, 'files'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
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

  it('leaves nothing under the key, and no temp file, when the stream fails half-way', async () => {
    const key = 'task/aborted';
    const body = new PassThrough();
    const writing = storage.put(key, body);
    body.write(Buffer.alloc(64 * 1024, 1));
    await new Promise((r) => setTimeout(r, 20));
    body.destroy(new Error('Verbindung weg'));
    await expect(writing).rejects.toThrow('Verbindung weg');
    expect(await storage.exists(key)).toBe(false);
    expect(await readdir(storage.tempDir)).toEqual([]);
  });

  it('refuses keys that could leave its folder and deletes a whole task by prefix', async () => {
    for (const bad of ['../etc/passwd', '/abs', 'a/../b', 'a//b', 'a/b.jpg', '']) {
      await expect(storage.put(bad, Readable.from([]))).rejects.toThrow('Ungültiger Speicherschlüssel');
    }
    await storage.put('taskA/one', Readable.from([Buffer.from('1')]));
    await storage.put('taskA/two', Readable.from([Buffer.from('2')]));
    await storage.put('taskB/one', Readable.from([Buffer.from('3')]));
    await storage.deletePrefix('taskA/');
    expect(await storage.exists('taskA/one')).toBe(false);
    expect(await storage.exists('taskA/two')).toBe(false);
    expect(await storage.exists('taskB/one')).toBe(true);
  });
});

describe('Upload helpers', () => {
  it('tell the allowed kinds by their first bytes, whatever the name says', () => {
    const bytes = (...parts: Array<string | number[]>) =>
      Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
    expect(detectKind(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('jpeg');
    expect(detectKind(bytes([0x89], 'PNG\r\n\x1a\n'))).toBe('png');
    expect(detectKind(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
    expect(detectKind(bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0]))).toBe('heic');
    expect(detectKind(bytes([0, 0, 0, 0x18], 'ftypmif1', [0, 0, 0, 0]))).toBe('heic');
    expect(detectKind(bytes('%PDF-1.7\n'))).toBe('pdf');
    expect(detectKind(bytes([0, 0, 0, 0x18], 'ftypavif', [0, 0, 0, 0]))).toBeNull();
    expect(detectKind(bytes('<!doctype html>'))).toBeNull();
    expect(detectKind(bytes('GIF89a'))).toBeNull();
    expect(detectKind(Buffer.alloc(0))).toBeNull();
  });

  it('keep only a harmless last segment of a client’s file name', () => {
    expect(cleanFileName('C:\\Users\\Ana\\Desktop\\Blatt 1.jpg')).toBe('Blatt 1.jpg');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('..\u0000hidden\u202e.jpg')).toBe('hidden.jpg');
    expect(cleanFileName('')).toBe('datei');
    expect(cleanFileName(`${'a'.repeat(300)}.jpeg`)).toBe(`${'a'.repeat(195)}.jpeg`);
    expect(withExtension('IMG_1.HEIC', 'jpg')).toBe('IMG_1.jpg');
    expect(withExtension('foto', 'jpg')).toBe('foto.jpg');
    expect(withExtension('blatt.v2.png', 'jpg')).toBe('blatt.v2.jpg');
  });

  it('write Content-Disposition per RFC 6266 with an ASCII fallback', () => {
    expect(contentDisposition('inline', 'Übung 3 "final".pdf')).toBe(
      `inline; filename="Ubung 3 _final_.pdf"; filename*=UTF-8''%C3%9Cbung%203%20%22final%22.pdf`,
    );
    expect(contentDisposition('attachment', 'a.jpg')).toBe(
      `attachment; filename="a.jpg"; filename*=UTF-8''a.jpg`,
    );
  });
});

describe('Storage configuration', () => {
  it('knows only the filesystem store so far and says so', () => {
    expect(loadEnv({}).STORAGE).toBe('fs');
    expect(loadEnv({}).UPLOAD_RATE_LIMIT).toBe(200);
    expect(() => loadEnv({ STORAGE: 's3' })).toThrow(
      /STORAGE: "fs" erwartet \(S3 ist noch nicht eingebaut\)/,
    );
    expect(() => loadEnv({ UPLOAD_RATE_LIMIT: '0' })).toThrow(/UPLOAD_RATE_LIMIT/);
  });
});
