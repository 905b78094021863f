import { ZApiError, ZListFilesResponse, ZListSubmissionsResponse, ZUploadReceipt } from '@app/contract';
import { eq } from 'drizzle-orm';
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { baseUrlOf } from './helpers/classroom';
import { drivers } from './helpers/database';
import {
  classWithTask,
  errorCode,
  fileRows,
  leftoverFiles,
  newTask,
  type Part,
  post,
  storedFiles,
  uploadPhoto,
} from './helpers/public-uploads';
import { bearer, signIn } from './helpers/tokens';

// Submissions, public side: what becomes of the files students hand in through
// /api/submissions/studentupload/{taskId} — photos re-encoded and turned upright, HEIC converted, PDFs kept,
// forged, encrypted and broken files refused, duplicates ignored, typed names matched by the teacher, files
// removed with their task, class or account. The submit page itself and when a task takes uploads:
// uploads-submit-page.test.ts; size, count, aborted uploads and the rate limit: uploads-limits.test.ts.

// ---- fixtures -------------------------------------------------------------------------------------------

/** A JPEG just over the 40 MP limit. */
const bomb = () =>
  sharp({ create: { width: 8000, height: 5100, channels: 3, background: '#ffffff' } })
    .jpeg({ quality: 50 })
    .toBuffer();

async function pdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 300]).drawText(`Seite ${i + 1}`, { x: 20, y: 250 });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A PDF whose trailer names an encryption dictionary (as a password-protected PDF's does). */
async function encryptedPdf(): Promise<Buffer> {
  const text = (await pdf(1)).toString('latin1');
  return Buffer.from(
    text.replace('trailer\n<<', 'trailer\n<< /Encrypt << /Filter /Standard /V 1 /R 2 /P -4 >>'),
    'latin1',
  );
}

/** 64×48 HEIC (HEVC) made with libheif's heif-enc: what an iPhone sends when nothing converts it. */
const HEIC_64x48 = Buffer.from(
  'AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAa1tZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAAA5waXRtAAAAAAACAAAAEGlkYXQAAAAAAEAAMAAAADhpbG9jAQAAAERAAAIAAQAAAAAAAAHRAAEAAAAAAAAAVQACAAEAAAAAAAAAAQAAAAAAAAAIAAAAOGlpbmYAAAAAAAIAAAAVaW5mZQIAAAEAAQAAaHZjMQAAAAAVaW5mZQIAAAAAAgAAZ3JpZAAAAADYaXBycAAAALZpcGNvAAAAdmh2Y0MBA3AAAAAAAAAAAAAe8AD8/fj4AAAPAyAAAQAYQAEMAf//A3AAAAMAkAAAAwAAAwAeugJAIQABACpCAQEDcAAAAwCQAAADAAADAB6gIIEFlurkprm4EBAwIAAAAwAgAAADACEiAAEABkQBwXPAiQAAABRpc3BlAAAAAAAAAEAAAABAAAAAFGlzcGUAAAAAAAAAQAAAADAAAAAQcGl4aQAAAAADCAgIAAAAGmlwbWEAAAAAAAAAAgABAoECAAICA4QAAAAaaXJlZgAAAAAAAAAOZGltZwACAAEAAQAAAF1tZGF0AAAAUSgBr1jm//RPASqQFakFz54VniX17eu6yA27bnLCxcRiughJaplDMCDkCLta7TXzfjzlH1kxA2Y63bvxaObfEZJYeYRNIFGAZa7k23c/cHPO7Q==',
  'base64',
);

// ---- tests ----------------------------------------------------------------------------------------------

describe.each(drivers)('Students hand in files through the public link on %s', (driver) => {
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

  it('takes two photos and a PDF from a student: re-encoded, rotated, without metadata, status abgegeben', async () => {
    const teacher = await signIn(t.app);
    const { task, students } = await classWithTask(teacher);
    const greta = students[0]!;
    const upright = await uploadPhoto(1);
    // Stored sideways with EXIF orientation 6 ("rotate 90° clockwise to show"), plus camera metadata.
    const sideways = await uploadPhoto(2, { width: 120, height: 80, orientation: 6 });
    expect((await sharp(sideways).metadata()).exif).toBeDefined();
    const worksheet = await pdf(3);

    const res = await post(
      base,
      `/api/submissions/studentupload/${task.id}`,
      [
        { name: 'Seite 1.jpg', bytes: upright },
        { name: 'IMG_0815.JPG', bytes: sideways },
        { name: 'Arbeitsblatt.pdf', bytes: worksheet, type: 'application/pdf' },
      ],
      { studentId: greta.user_id },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const receipt = ZUploadReceipt.parse(res.body);
    expect(receipt.duplicates).toBe(0);
    expect(Date.now() - Date.parse(receipt.received_at)).toBeLessThan(60_000);
    expect(receipt.received).toMatchObject([
      { original_name: 'Seite 1.jpg', mime: 'image/jpeg', pages: 1, duplicate: false },
      { original_name: 'IMG_0815.jpg', mime: 'image/jpeg', pages: 1, duplicate: false },
      { original_name: 'Arbeitsblatt.pdf', mime: 'application/pdf', pages: 3, size: worksheet.length },
    ]);

    const rows = await rowsOf(task.id);
    expect(rows).toHaveLength(3);
    const [submission] = await t.app.db.select().from(submissions).where(eq(submissions.task_id, task.id));
    expect(rows.every((r) => r.uploader_label === 'Greta G.')).toBe(true);
    for (const row of rows) {
      const bytes = readFileSync(path.join(dataDir, 'files', ...row.storage_key.split('/')));
      expect(row.storage_key.startsWith(`${task.id}/`)).toBe(true);
      expect(row.storage_key).not.toMatch(/Seite|IMG|Arbeitsblatt/);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.sha256);
      expect(bytes.length).toBe(row.size);
    }
    const rowOf = (name: string) => rows.find((r) => r.original_name === name)!;
    const turned = readFileSync(path.join(dataDir, 'files', ...rowOf('IMG_0815.jpg').storage_key.split('/')));
    const meta = await sharp(turned).metadata();
    expect([meta.width, meta.height]).toEqual([80, 120]);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(turned.toString('latin1')).not.toContain('Geheime Kamera');
    // The PDF is kept byte for byte.
    expect(
      readFileSync(path.join(dataDir, 'files', ...rowOf('Arbeitsblatt.pdf').storage_key.split('/'))),
    ).toEqual(worksheet);

    const list = ZListSubmissionsResponse.parse(
      (await teacher.call('GET', `/api/submissions/getAll?taskId=${task.id}`)).json(),
    );
    const entry = list.data.find((e) => e.student_id === greta.user_id)!;
    expect(entry).toMatchObject({ id: submission!.id, status: 'abgegeben', display_status: 'abgegeben' });
    expect(entry.files.map((f) => f.id).sort()).toEqual(receipt.received.map((r) => r.id).sort());
    expect(list.data.filter((e) => e.display_status === 'offen')).toHaveLength(2);
    expect(leftovers()).toEqual([]);
  });

  it('decodes an iPhone HEIC photo to JPEG', async () => {
    const teacher = await signIn(t.app);
    const { task, students } = await classWithTask(teacher);
    const res = await post(
      base,
      `/api/submissions/studentupload/${task.id}`,
      [{ name: 'IMG_2024.HEIC', bytes: HEIC_64x48, type: 'image/heic' }],
      { studentId: students[1]!.user_id },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ZUploadReceipt.parse(res.body).received[0]).toMatchObject({
      original_name: 'IMG_2024.jpg',
      mime: 'image/jpeg',
    });
    const [row] = await rowsOf(task.id);
    const meta = await sharp(path.join(dataDir, 'files', ...row!.storage_key.split('/'))).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
  });

  it('refuses a .jpg that is HTML with 415 and stores nothing', async () => {
    const teacher = await signIn(t.app);
    const { task, students } = await classWithTask(teacher);
    const before = stored().length;
    const res = await post(
      base,
      `/api/submissions/studentupload/${task.id}`,
      [
        { name: 'ok.jpg', bytes: await uploadPhoto(3) },
        { name: 'foto.jpg', bytes: Buffer.from('<!doctype html><script>alert(1)</script>') },
        // Still on its way when the answer is ready: the client must get the 415, not a reset connection.
        { name: 'noch-mehr.jpg', bytes: Buffer.alloc(8 * 1024 * 1024, 0xff) },
      ],
      { studentId: students[0]!.user_id },
    );
    expect(res.status).toBe(415);
    const { error } = ZApiError.parse(res.body);
    expect(error).toMatchObject({
      code: 'UPLOAD_TYPE_NOT_ALLOWED',
      message: expect.stringContaining('Dateiformat wird nicht unterstützt') as string,
      details: { file: 'foto.jpg', index: 1 },
    });
    // The same server answers the next request on a fresh or reused connection.
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect(await rowsOf(task.id)).toEqual([]);
    expect(stored()).toHaveLength(before);
    expect(leftovers()).toEqual([]);
  });

  it('ignores a file sent twice and answers as if received', async () => {
    const teacher = await signIn(t.app);
    const { task, students } = await classWithTask(teacher);
    const bytes = await uploadPhoto(8);
    const url = `/api/submissions/studentupload/${task.id}`;
    const first = ZUploadReceipt.parse(
      (await post(base, url, [{ name: 'a.jpg', bytes }], { studentId: students[0]!.user_id })).body,
    );
    const storedAfterFirst = stored().length;
    // A retry after a lost answer, with the same photo twice and one new one.
    const res = await post(
      base,
      url,
      [
        { name: 'a.jpg', bytes },
        { name: 'a-kopie.jpg', bytes },
        { name: 'b.jpg', bytes: await uploadPhoto(9) },
      ],
      { studentId: students[0]!.user_id },
    );
    expect(res.status).toBe(200);
    const second = ZUploadReceipt.parse(res.body);
    expect(second.duplicates).toBe(2);
    expect(second.received.map((r) => [r.id === first.received[0]!.id, r.duplicate])).toEqual([
      [true, true],
      [true, true],
      [false, false],
    ]);
    expect(await rowsOf(task.id)).toHaveLength(2);
    expect(stored()).toHaveLength(storedAfterFirst + 1);
    expect(leftovers()).toEqual([]);
  });

  it('keeps a typed name unmatched until the teacher matches the file to a student', async () => {
    const teacher = await signIn(t.app);
    const { task, students } = await classWithTask(teacher);
    const res = await post(
      base,
      `/api/submissions/studentupload/${task.id}`,
      [
        {
          name: 'hausaufgabe.png',
          bytes: await sharp(await uploadPhoto(11))
            .png()
            .toBuffer(),
          type: 'image/png',
        },
      ],
      { studentName: '  Greta   Glück ' },
    );
    expect(res.status).toBe(200);
    const [fileId] = ZUploadReceipt.parse(res.body).received.map((r) => r.id);

    const files = ZListFilesResponse.parse(
      (await teacher.call('GET', `/api/files?taskId=${task.id}`)).json(),
    );
    expect(files.files).toMatchObject([
      { id: fileId, submission_id: null, uploader_label: 'Greta Glück', original_name: 'hausaufgabe.jpg' },
    ]);
    const viaLink = ZListFilesResponse.parse(
      (await teacher.call('GET', `/api/submissions/studentupload/${task.id}`)).json(),
    );
    expect(viaLink.files.map((f) => f.id)).toEqual([fileId]);
    const listed = async () =>
      ZListSubmissionsResponse.parse(
        (await teacher.call('GET', `/api/submissions/getAll?taskId=${task.id}`)).json(),
      ).data.find((e) => e.student_id === students[0]!.user_id)!;
    const before = await listed();
    expect(before).toMatchObject({ files: [], display_status: 'offen' });

    const match = await teacher.call('POST', '/api/submissions/match', {
      submissionId: before.id,
      fileId,
    });
    expect(match.statusCode).toBe(200);
    expect(match.json()).toEqual({ success: true, error: null });
    const after = await listed();
    expect(after).toMatchObject({ status: 'abgegeben', display_status: 'abgegeben' });
    expect(after.files.map((f) => f.id)).toEqual([fileId]);

    const undo = await teacher.call('POST', '/api/submissions/match/delete', {
      submissionId: before.id,
      fileId,
    });
    expect(undo.json()).toEqual({ success: true, error: null });
    expect(await listed()).toMatchObject({ files: [], status: 'offen', display_status: 'offen' });
    const again = await teacher.call('POST', '/api/submissions/match/delete', {
      submissionId: before.id,
      fileId,
    });
    expect(again.statusCode).toBe(404);
    expect(errorCode(again.json())).toBe('FILE_NOT_FOUND');
  });

  it('refuses encrypted and broken PDFs, unknown students and a missing name, storing nothing', async () => {
    const teacher = await signIn(t.app);
    const { task, students } = await classWithTask(teacher);
    const before = stored().length;
    const url = `/api/submissions/studentupload/${task.id}`;
    const cases: Array<[Part[], Record<string, string>, number, string]> = [
      [
        [{ name: 'g.pdf', bytes: await encryptedPdf() }],
        { studentName: 'Anna' },
        415,
        'UPLOAD_PDF_ENCRYPTED',
      ],
      [
        // A header and an end marker but no page tree.
        [{ name: 'leer.pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') }],
        { studentName: 'Anna' },
        415,
        'UPLOAD_PDF_BROKEN',
      ],
      [
        [{ name: 'k.pdf', bytes: (await pdf(2)).subarray(0, 400) }],
        { studentName: 'Anna' },
        415,
        'UPLOAD_PDF_BROKEN',
      ],
      [
        [{ name: 'k.jpg', bytes: (await uploadPhoto(12)).subarray(0, 200) }],
        { studentName: 'Anna' },
        415,
        'UPLOAD_IMAGE_UNREADABLE',
      ],
      [
        // 8000 × 5100 = 40.8 MP of white: a few hundred KB that would decode to 122 MB.
        [{ name: 'bombe.jpg', bytes: await bomb() }],
        { studentName: 'Anna' },
        413,
        'UPLOAD_IMAGE_TOO_LARGE',
      ],
      [[{ name: 'a.jpg', bytes: await uploadPhoto(13) }], {}, 400, 'UPLOAD_NAME_REQUIRED'],
      [[{ name: 'a.jpg', bytes: await uploadPhoto(13) }], { studentName: 'A' }, 400, 'UPLOAD_NAME_REQUIRED'],
      [
        [{ name: 'a.jpg', bytes: await uploadPhoto(13) }],
        { studentId: randomUUID() },
        404,
        'STUDENT_NOT_FOUND',
      ],
      [[], { studentId: students[0]!.user_id }, 400, 'UPLOAD_NO_FILES'],
    ];
    for (const [files, fields, status, code] of cases) {
      const res = await post(base, url, files, fields);
      expect(res.status, code).toBe(status);
      expect(errorCode(res.body)).toBe(code);
    }
    expect(await rowsOf(task.id)).toEqual([]);
    expect(stored()).toHaveLength(before);
    expect(leftovers()).toEqual([]);
    const notMultipart = await t.app.inject({ method: 'POST', url, payload: { files: [] } });
    expect(notMultipart.statusCode).toBe(415);
  });

  it('removes the stored files with a deleted task, class and account', async () => {
    const owner = await t.app.authAdmin.createUser({
      email: `lehrerin-${randomUUID()}@schule.example`,
      password: 'Sonnenblume42',
    });
    const teacher = await signIn(t.app, { id: owner.id });
    const { task, klass, students } = await classWithTask(teacher);
    const second = await newTask(teacher, klass.id);
    const otherClass = await classWithTask(teacher);
    const upload = async (taskId: string, seed: number) =>
      post(
        base,
        `/api/submissions/studentupload/${taskId}`,
        [{ name: 'f.jpg', bytes: await uploadPhoto(seed) }],
        {
          studentId: students[0]!.user_id,
        },
      );
    for (const [id, seed] of [
      [task.id, 20],
      [second.id, 21],
    ] as const)
      expect((await upload(id, seed)).status).toBe(200);
    const other = await post(
      base,
      `/api/submissions/studentupload/${otherClass.task.id}`,
      [{ name: 'f.jpg', bytes: await uploadPhoto(22) }],
      { studentName: 'Paul' },
    );
    expect(other.status).toBe(200);
    const under = (taskId: string) => stored().filter((f) => f.startsWith(`${taskId}${path.sep}`));
    expect(under(task.id)).toHaveLength(1);

    expect((await teacher.call('DELETE', `/api/tasks/${task.id}`)).statusCode).toBe(200);
    expect(under(task.id)).toEqual([]);
    expect(under(second.id)).toHaveLength(1);
    expect((await teacher.call('DELETE', `/api/classes/${klass.id}`)).statusCode).toBe(200);
    expect(under(second.id)).toEqual([]);
    expect(under(otherClass.task.id)).toHaveLength(1);

    const res = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: bearer(teacher.token) });
    expect(res.statusCode).toBe(200);
    expect(under(otherClass.task.id)).toEqual([]);
  });
});
