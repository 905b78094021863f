import {
  ZApiError,
  ZClass,
  ZCreateStudentsResponse,
  ZListFilesResponse,
  ZListSubmissionsResponse,
  ZSubject,
  ZSubmitPageResponse,
  ZTask,
  ZUploadReceipt,
  type Task,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionFiles, submissions } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { drivers } from './helpers/database';
import { bearer, type SignedIn as Teacher, signIn } from './helpers/tokens';

// Submissions, public side: students hand in photos and PDFs through /api/submissions/studentupload/{taskId}
// without an account. Bodies are real multipart requests (FormData + fetch, or a raw http.request for the
// aborted upload) against a listening server, so busboy, limits and disconnects behave as in production.

// ---- fixtures -------------------------------------------------------------------------------------------

/** A JPEG photo of `width`×`height` whose pixels depend on `seed` (so two seeds never hash the same). */
async function photo(
  seed: number,
  options: { width?: number; height?: number; orientation?: number } = {},
): Promise<Buffer> {
  const { width = 120, height = 80 } = options;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7 + seed * 31) % 251;
  let image = sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 });
  if (options.orientation) {
    image = image
      .withExif({ IFD0: { Copyright: 'Geheime Kamera', Make: 'Schulhandy' } })
      .withMetadata({ orientation: options.orientation });
  }
  return image.toBuffer();
}

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

// ---- helpers --------------------------------------------------------------------------------------------

/** A class with three students and a task in it (published unless said otherwise). */
async function classroom(teacher: Teacher, task: Record<string, unknown> = {}) {
  const subject = ZSubject.parse((await teacher.call('POST', '/api/subjects', { name: 'Kunst' })).json());
  const klass = ZClass.parse(
    (await teacher.call('POST', '/api/classes', { name: '6b', grade: '6', subject_id: subject.id })).json(),
  );
  const { students } = ZCreateStudentsResponse.parse(
    (
      await teacher.call('POST', '/api/createStudents', {
        class_id: klass.id,
        names: ['Greta Glück', 'Max Müller', 'Max Meier'],
      })
    ).json(),
  );
  const created = await newTask(teacher, klass.id, task);
  return { klass, students, task: created };
}

async function newTask(
  teacher: Teacher,
  classId: string,
  extra: Record<string, unknown> = {},
): Promise<Task> {
  const res = await teacher.call('POST', '/api/tasks', {
    class_id: classId,
    title: 'Stillleben zeichnen',
    status: 'published',
    data: { type: 'doc', content: [] },
    ...extra,
  });
  expect(res.statusCode).toBe(201);
  return ZTask.parse(res.json());
}

interface Part {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

/** POSTs a multipart form the way the submit page does (FormData + fetch). */
async function post(
  base: string,
  url: string,
  files: Part[],
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const f of files) form.append('files', new Blob([f.bytes], { type: f.type ?? 'image/jpeg' }), f.name);
  const res = await fetch(`${base}${url}`, { method: 'POST', body: form, headers });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

/** Every file under `dir`, recursively (relative paths). */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Zeitüberschreitung: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const errorCode = (body: unknown) => ZApiError.parse(body).error.code;

// ---- tests ----------------------------------------------------------------------------------------------

describe.each(drivers)('Students hand in files through the public link on %s', (driver) => {
  let t: TestApp;
  let base: string;
  let dataDir: string;
  /** What is stored: objects, storage temp files, upload scratch files. */
  const stored = () => filesUnder(path.join(dataDir, 'files')).filter((f) => !f.startsWith('.tmp'));
  const leftovers = () => [
    ...filesUnder(path.join(dataDir, 'files', '.tmp')),
    ...filesUnder(path.join(dataDir, 'tmp')),
  ];
  const rowsOf = (taskId: string) =>
    t.app.db.select().from(submissionFiles).where(eq(submissionFiles.task_id, taskId));

  beforeAll(async () => {
    t = await createTestApp({ driver });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    dataDir = t.app.config.DATA_DIR;
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the submit page with the task and the class list as first name + initial, nothing more', async () => {
    const teacher = await signIn(t.app);
    const { task, students } = await classroom(teacher);
    const res = await t.app.inject({ method: 'GET', url: `/api/submit/${task.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const page = ZSubmitPageResponse.parse(res.json());
    expect(page).toMatchObject({
      task: { id: task.id, title: 'Stillleben zeichnen', status: 'published', data: task.data },
      accepting: true,
      closed_reason: null,
      limits: { maxFileBytes: 20 * 1024 * 1024, maxFiles: 20 },
    });
    const byId = Object.fromEntries(students.map((s) => [s.user_id, s.name]));
    expect(page.students.map((s) => [byId[s.id], s.label])).toEqual([
      ['Greta Glück', 'Greta G.'],
      ['Max Meier', 'Max Me.'],
      ['Max Müller', 'Max Mü.'],
    ]);
    // No e-mail, no last name, no teacher id.
    expect(res.body).not.toMatch(/Glück|Müller|schueler\.invalid|created_by/);
    expect(res.body).not.toContain(teacher.id);

    const missing = await t.app.inject({ method: 'GET', url: '/api/submit/AbCdEfGhIjKlMnOpQrStU' });
    expect(missing.statusCode).toBe(404);
    expect(errorCode(missing.json())).toBe('TASK_NOT_FOUND');
    expect((await t.app.inject({ method: 'GET', url: '/api/submit/kaputt' })).statusCode).toBe(404);

    // A draft is not public: its page answers exactly as an unknown task's (nothing of it, not even the title).
    const draft = await newTask(teacher, task.class_id, { status: 'draft', title: 'Geheimer Entwurf' });
    const draftPage = await t.app.inject({ method: 'GET', url: `/api/submit/${draft.id}` });
    expect(draftPage.statusCode).toBe(404);
    expect(draftPage.headers['content-type']).toBe(missing.headers['content-type']);
    expect({ ...draftPage.json<object>(), requestId: '' }).toEqual({
      ...missing.json<object>(),
      requestId: '',
    });
    expect(draftPage.body).not.toContain('Geheimer Entwurf');

    // A closed task still shows its content, takes nothing and lists nobody.
    const closed = await newTask(teacher, task.class_id, { description: 'Bis Freitag' });
    expect((await teacher.call('PATCH', `/api/tasks/${closed.id}`, { status: 'closed' })).statusCode).toBe(
      200,
    );
    const closedPage = ZSubmitPageResponse.parse(
      (await t.app.inject({ method: 'GET', url: `/api/submit/${closed.id}` })).json(),
    );
    expect(closedPage).toMatchObject({
      accepting: false,
      closed_reason: 'closed',
      students: [],
      task: { title: 'Stillleben zeichnen', description: 'Bis Freitag', status: 'closed', data: closed.data },
    });
  });

  it('preselects the student whose printed worksheet code opened the page, and nobody for another code', async () => {
    const teacher = await signIn(t.app);
    const { klass, task, students } = await classroom(teacher);
    const [greta, maxMueller] = [students[0]!, students[1]!];
    const page = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/submit/${task.id}${query}` });
      return { status: res.statusCode, body: res.json<unknown>() };
    };
    const preselected = async (query: string) => {
      const res = await page(query);
      expect(res.status).toBe(200);
      return ZSubmitPageResponse.parse(res.body).preselected_student_id;
    };
    expect(await preselected('')).toBeNull();

    // Printing the per-student worksheet gives every submission its token (the code's `?s=`).
    expect((await teacher.call('GET', `/api/tasks/${task.id}/worksheet.pdf?perStudent=1`)).statusCode).toBe(
      200,
    );
    const tokens = new Map(
      (
        await t.app.db
          .select({ student_id: submissions.student_id, token: submissions.print_token })
          .from(submissions)
          .where(eq(submissions.task_id, task.id))
      ).map((row) => [row.student_id, row.token!]),
    );
    expect(tokens.size).toBe(3);
    expect(await preselected(`?s=${tokens.get(greta.user_id)}`)).toBe(greta.user_id);
    expect(await preselected(`?s=${tokens.get(maxMueller.user_id)}`)).toBe(maxMueller.user_id);

    // A well-formed token of no submission, or of another task's submission: nobody, and no error.
    expect(await preselected(`?s=${'A'.repeat(32)}`)).toBeNull();
    const other = await newTask(teacher, klass.id, { title: 'Andere Aufgabe' });
    expect((await teacher.call('GET', `/api/tasks/${other.id}/worksheet.pdf?perStudent=1`)).statusCode).toBe(
      200,
    );
    const [foreign] = await t.app.db
      .select({ token: submissions.print_token })
      .from(submissions)
      .where(eq(submissions.task_id, other.id));
    expect(await preselected(`?s=${foreign!.token}`)).toBeNull();

    // Not a token at all: too long, too short, other characters.
    for (const bad of ['A'.repeat(65), 'kurz', `${'A'.repeat(31)}%2B`, `${'A'.repeat(31)}%3C`]) {
      const res = await page(`?s=${bad}`);
      expect(res.status).toBe(400);
      expect(ZApiError.parse(res.body).error).toMatchObject({
        code: 'PRINT_TOKEN_INVALID',
        message:
          'Der Code auf dem Arbeitsblatt ist ungültig. Bitte scanne ihn noch einmal oder öffne den Abgabe-Link ohne Code.',
      });
    }

    // A student who left the class is not preselected (nor listed).
    expect(
      (await teacher.call('DELETE', `/api/classes/${klass.id}/students/${maxMueller.user_id}`)).statusCode,
    ).toBeLessThan(300);
    expect(await preselected(`?s=${tokens.get(maxMueller.user_id)}`)).toBeNull();

    // While the task takes no uploads, nobody is preselected.
    expect((await teacher.call('PATCH', `/api/tasks/${task.id}`, { status: 'closed' })).statusCode).toBe(200);
    expect(await preselected(`?s=${tokens.get(greta.user_id)}`)).toBeNull();
  });

  it('takes two photos and a PDF from a student: re-encoded, rotated, without metadata, status abgegeben', async () => {
    const teacher = await signIn(t.app);
    const { task, students } = await classroom(teacher);
    const greta = students[0]!;
    const upright = await photo(1);
    // Stored sideways with EXIF orientation 6 ("rotate 90° clockwise to show"), plus camera metadata.
    const sideways = await photo(2, { width: 120, height: 80, orientation: 6 });
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
    const { task, students } = await classroom(teacher);
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
    const { task, students } = await classroom(teacher);
    const before = stored().length;
    const res = await post(
      base,
      `/api/submissions/studentupload/${task.id}`,
      [
        { name: 'ok.jpg', bytes: await photo(3) },
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

  it('refuses a file over 20 MB with 413 and leaves no row, no file and no temp file', async () => {
    const teacher = await signIn(t.app);
    const { task, students } = await classroom(teacher);
    const before = stored().length;
    const big = Buffer.alloc(21 * 1024 * 1024, 0x41);
    (await photo(4)).copy(big);
    const res = await post(
      base,
      `/api/submissions/studentupload/${task.id}`,
      [
        { name: 'klein.jpg', bytes: await photo(5) },
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
    const { task } = await classroom(teacher);
    const before = stored().length;
    const files = await Promise.all(
      Array.from({ length: 21 }, async (_, i) => ({ name: `s${i}.jpg`, bytes: await photo(100 + i) })),
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
    const { task, students } = await classroom(teacher);
    const before = stored().length;
    const boundary = `----kz${randomUUID()}`;
    const first = await photo(6, { width: 400, height: 300 });
    const second = await photo(7, { width: 400, height: 300 });
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
    await until(() => stored().length === before + 1, 'erstes Foto gespeichert');
    // …and then the phone loses its connection.
    request.destroy();
    await until(
      () => t.logs.some((l) => l.code === 'MALFORMED_BODY' && l.msg === 'request rejected'),
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

  it('ignores a file sent twice and answers as if received', async () => {
    const teacher = await signIn(t.app);
    const { task, students } = await classroom(teacher);
    const bytes = await photo(8);
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
        { name: 'b.jpg', bytes: await photo(9) },
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

  it('refuses uploads to a closed and an overdue task, and to a draft as to an unknown task', async () => {
    const teacher = await signIn(t.app);
    const { task, klass } = await classroom(teacher);
    const overdue = await newTask(teacher, klass.id, { due_date: '2020-01-01T00:00:00.000Z' });
    const late = await newTask(teacher, klass.id, {
      due_date: '2020-01-01T00:00:00.000Z',
      allow_late_submissions: true,
    });
    const draft = await newTask(teacher, klass.id, { status: 'draft' });
    expect((await teacher.call('PATCH', `/api/tasks/${task.id}`, { status: 'closed' })).statusCode).toBe(200);
    // A draft is not public: an upload to it is answered as one to an unknown task.
    const toDraft = await post(
      base,
      `/api/submissions/studentupload/${draft.id}`,
      [{ name: 'x.jpg', bytes: await photo(10) }],
      { studentName: 'Zu Früh' },
    );
    expect(toDraft.status).toBe(404);
    expect(errorCode(toDraft.body)).toBe('TASK_NOT_FOUND');
    expect(await rowsOf(draft.id)).toEqual([]);
    for (const [id, reason] of [
      [task.id, 'closed'],
      [overdue.id, 'past_due'],
    ] as const) {
      const res = await post(
        base,
        `/api/submissions/studentupload/${id}`,
        [{ name: 'x.jpg', bytes: await photo(10) }],
        { studentName: 'Zu Spät' },
      );
      expect(res.status, reason).toBe(409);
      const { error } = ZApiError.parse(res.body);
      expect(error).toMatchObject({
        code: 'TASK_NOT_ACCEPTING',
        message: 'Diese Aufgabe nimmt gerade keine Abgaben an.',
        details: { reason },
      });
      expect(await rowsOf(id)).toEqual([]);
    }
    const accepted = await post(
      base,
      `/api/submissions/studentupload/${late.id}`,
      [{ name: 'x.jpg', bytes: await photo(10) }],
      { studentName: 'Zu Spät' },
    );
    expect(accepted.status).toBe(200);
    const unknown = await post(base, '/api/submissions/studentupload/AbCdEfGhIjKlMnOpQrStU', [
      { name: 'x.jpg', bytes: await photo(10) },
    ]);
    expect(unknown.status).toBe(404);
  });

  it('keeps a typed name unmatched until the teacher matches the file to a student', async () => {
    const teacher = await signIn(t.app);
    const { task, students } = await classroom(teacher);
    const res = await post(
      base,
      `/api/submissions/studentupload/${task.id}`,
      [
        {
          name: 'hausaufgabe.png',
          bytes: await sharp(await photo(11))
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
    const { task, students } = await classroom(teacher);
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
        [{ name: 'k.jpg', bytes: (await photo(12)).subarray(0, 200) }],
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
      [[{ name: 'a.jpg', bytes: await photo(13) }], {}, 400, 'UPLOAD_NAME_REQUIRED'],
      [[{ name: 'a.jpg', bytes: await photo(13) }], { studentName: 'A' }, 400, 'UPLOAD_NAME_REQUIRED'],
      [[{ name: 'a.jpg', bytes: await photo(13) }], { studentId: randomUUID() }, 404, 'STUDENT_NOT_FOUND'],
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
    const { task, klass, students } = await classroom(teacher);
    const second = await newTask(teacher, klass.id);
    const otherClass = await classroom(teacher);
    const upload = async (taskId: string, seed: number) =>
      post(base, `/api/submissions/studentupload/${taskId}`, [{ name: 'f.jpg', bytes: await photo(seed) }], {
        studentId: students[0]!.user_id,
      });
    for (const [id, seed] of [
      [task.id, 20],
      [second.id, 21],
    ] as const)
      expect((await upload(id, seed)).status).toBe(200);
    const other = await post(
      base,
      `/api/submissions/studentupload/${otherClass.task.id}`,
      [{ name: 'f.jpg', bytes: await photo(22) }],
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

describe('Upload rate limit', () => {
  it('answers 429 after UPLOAD_RATE_LIMIT uploads per IP and task within 10 minutes', async () => {
    const t = await createTestApp({ env: { UPLOAD_RATE_LIMIT: '3' } });
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const teacher = await signIn(t.app);
      const { task, klass } = await classroom(teacher);
      const other = await newTask(teacher, klass.id);
      const send = async (taskId: string, seed: number) =>
        post(
          base,
          `/api/submissions/studentupload/${taskId}`,
          [{ name: 'a.jpg', bytes: await photo(seed) }],
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
