import {
  ZApiError,
  ZClass,
  ZCreateStudentsResponse,
  ZDeleteSubmissionResponse,
  ZListFilesResponse,
  ZListSubmissionsResponse,
  ZSubject,
  ZSubmission,
  ZTask,
  ZUploadReceipt,
  type Task,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { createHash, randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionFiles, submissions } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { drivers } from './helpers/database';
import { bearer, type SignedIn as Teacher, signIn } from './helpers/tokens';

// Submissions, teacher side: the hand-ins of a task in display form, the files, matching, status, downloads
// and deletes — each only for the teacher who owns the task (anyone else gets 404, as for every other
// resource).

async function photo(seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(60 * 40 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 13 + seed * 29) % 253;
  return sharp(raw, { raw: { width: 60, height: 40, channels: 3 } })
    .jpeg()
    .toBuffer();
}

async function pdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 300]);
  return Buffer.from(await doc.save());
}

const errorCode = (body: unknown) => ZApiError.parse(body).error.code;

describe.each(drivers)('The teacher’s view of hand-ins on %s', (driver) => {
  let t: TestApp;
  let base: string;
  let owner: Teacher;
  let task: Task;
  let students: Array<{ user_id: string; name: string }>;
  const storedFiles = () => {
    try {
      return readdirSync(path.join(t.app.config.DATA_DIR, 'files'), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && !e.parentPath.includes('.tmp'))
        .map((e) => e.name);
    } catch {
      return [];
    }
  };

  /** A multipart upload (FormData + fetch), as the student page or the teacher's stack upload sends it. */
  async function upload(
    url: string,
    files: Array<{ name: string; bytes: Uint8Array; type?: string }>,
    fields: Record<string, string> = {},
    token?: string,
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const f of files)
      form.append('files', new Blob([f.bytes], { type: f.type ?? 'image/jpeg' }), f.name);
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      body: form,
      headers: token ? bearer(token) : {},
    });
    return { status: res.status, body: await res.json() };
  }

  const studentUpload = async (studentId: string, seeds: number[]) => {
    const res = await upload(
      `/api/submissions/studentupload/${task.id}`,
      await Promise.all(seeds.map(async (s) => ({ name: `Seite ${s}.jpg`, bytes: await photo(s) }))),
      { studentId },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return ZUploadReceipt.parse(res.body);
  };
  const getAll = async (teacher: Teacher = owner, query = `?taskId=${task.id}`) =>
    ZListSubmissionsResponse.parse((await teacher.call('GET', `/api/submissions/getAll${query}`)).json())
      .data;

  beforeAll(async () => {
    t = await createTestApp({ driver });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await signIn(t.app);
    const subject = ZSubject.parse((await owner.call('POST', '/api/subjects', { name: 'Physik' })).json());
    const klass = ZClass.parse(
      (await owner.call('POST', '/api/classes', { name: '9c', grade: '9', subject_id: subject.id })).json(),
    );
    students = ZCreateStudentsResponse.parse(
      (
        await owner.call('POST', '/api/createStudents', {
          class_id: klass.id,
          names: ['Zoe Zander', 'Ali Acar', 'Björn Berg'],
        })
      ).json(),
    ).students;
    task = ZTask.parse(
      (
        await owner.call('POST', '/api/tasks', {
          class_id: klass.id,
          title: 'Hebelgesetz',
          status: 'published',
        })
      ).json(),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists one entry per student by name, with files, score, feedback and display status', async () => {
    const receipt = await studentUpload(students[0]!.user_id, [1, 2]);
    const data = await getAll();
    expect(data.map((e) => `${e.name.first_name} ${e.name.last_name}`)).toEqual([
      'Ali Acar',
      'Björn Berg',
      'Zoe Zander',
    ]);
    const zoe = data[2]!;
    expect(zoe).toMatchObject({
      task_id: task.id,
      student_id: students[0]!.user_id,
      status: 'abgegeben',
      display_status: 'abgegeben',
      score: null,
      feedback: [],
      created_by: owner.id,
    });
    expect(zoe.uploaded_at).not.toBeNull();
    expect(zoe.files.map((f) => f.id)).toEqual(receipt.received.map((r) => r.id));
    expect(zoe.files[0]).toMatchObject({ mime: 'image/jpeg', pages: 1, uploader_label: 'Zoe Z.' });
    expect(JSON.stringify(zoe)).not.toContain('storage_key');
    expect(data.slice(0, 2).map((e) => e.display_status)).toEqual(['offen', 'offen']);
    // Without taskId: every task of the teacher.
    expect((await getAll(owner, '')).length).toBeGreaterThanOrEqual(3);
  });

  it('sets the status and the recognised text; a correction request shows "in Korrektur"', async () => {
    const [entry] = (await getAll()).filter((e) => e.student_id === students[1]!.user_id);
    const res = await owner.call('PUT', '/api/submissions/status', {
      submissionId: entry!.id,
      status: 'inKorrektur',
      solution: 'F1 · l1 = F2 · l2',
    });
    expect(res.statusCode).toBe(200);
    expect(ZSubmission.parse(res.json())).toMatchObject({
      status: 'inKorrektur',
      solution: 'F1 · l1 = F2 · l2',
    });
    const after = (await getAll()).find((e) => e.id === entry!.id)!;
    expect(after).toMatchObject({ status: 'inKorrektur', display_status: 'in Korrektur' });
    // Without `solution` the text stays.
    await owner.call('PUT', '/api/submissions/status', { submissionId: entry!.id, status: 'offen' });
    expect((await getAll()).find((e) => e.id === entry!.id)).toMatchObject({
      status: 'offen',
      solution: 'F1 · l1 = F2 · l2',
    });
    const invalid = await owner.call('PUT', '/api/submissions/status', {
      submissionId: entry!.id,
      status: 'fertig',
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('serves a file to its owner with type, disposition, nosniff and a private cache policy', async () => {
    const receipt = await studentUpload(students[1]!.user_id, [3]);
    const fileId = receipt.received[0]!.id;
    const res = await owner.call('GET', `/api/files/${fileId}/content`);
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(submissionFiles).where(eq(submissionFiles.id, fileId));
    expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(row!.sha256);
    expect(res.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-length': String(row!.size),
      'content-disposition': `inline; filename="Seite 3.jpg"; filename*=UTF-8''Seite%203.jpg`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-cache',
      etag: `"${row!.sha256}"`,
    });
    expect(res.headers['content-security-policy']).toContain('sandbox');
    const again = await owner.call('GET', `/api/files/${fileId}/content`, undefined, {
      'if-none-match': `"${row!.sha256}"`,
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await owner.call('HEAD', `/api/files/${fileId}/content`);
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(row!.size));
    expect(head.rawPayload.length).toBe(0);

    // A PDF with a name that needs encoding (RFC 6266 / 5987).
    const pdfUpload = await upload(
      `/api/submissions/studentupload/${task.id}`,
      [{ name: 'Lösung (final)*.pdf', bytes: await pdf(2), type: 'application/pdf' }],
      { studentName: 'Ömer Öztürk' },
    );
    const pdfId = ZUploadReceipt.parse(pdfUpload.body).received[0]!.id;
    const pdfRes = await owner.call('GET', `/api/files/${pdfId}/content`);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    expect(pdfRes.headers['content-disposition']).toBe(
      `inline; filename="Losung (final)*.pdf"; filename*=UTF-8''L%C3%B6sung%20%28final%29%2A.pdf`,
    );
    expect(pdfRes.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('takes a teacher’s stack of scans unmatched (or for one student) and lists it apart from the link uploads', async () => {
    const stack = await upload(
      `/api/submissions/teacherupload/${task.id}`,
      [
        { name: 'scan.pdf', bytes: await pdf(4), type: 'application/pdf' },
        { name: 'nachzügler.jpg', bytes: await photo(40) },
      ],
      {},
      owner.token,
    );
    expect(stack.status, JSON.stringify(stack.body)).toBe(200);
    // The 4-page stack arrives as 4 single-page files (stack-upload.test.ts), then the photo.
    const received = ZUploadReceipt.parse(stack.body).received;
    expect(received).toHaveLength(5);
    const [scan, late] = [received[0], received[4]];
    expect(scan).toMatchObject({ pages: 1, mime: 'application/pdf', original_name: 'scan.pdf – Seite 1' });
    const files = ZListFilesResponse.parse(
      (await owner.call('GET', `/api/files?taskId=${task.id}`)).json(),
    ).files;
    expect(files.find((f) => f.id === scan!.id)).toMatchObject({ submission_id: null, uploader_label: null });
    const viaLink = ZListFilesResponse.parse(
      (await owner.call('GET', `/api/submissions/studentupload/${task.id}`)).json(),
    ).files.map((f) => f.id);
    expect(viaLink).not.toContain(scan!.id);
    expect(viaLink).not.toContain(late!.id);
    expect(viaLink.length).toBeGreaterThan(0);

    // Straight to one student, also for a closed task (the teacher hands in for the class).
    expect((await owner.call('PATCH', `/api/tasks/${task.id}`, { status: 'closed' })).statusCode).toBe(200);
    const direct = await upload(
      `/api/submissions/teacherupload/${task.id}`,
      [{ name: 'heft.jpg', bytes: await photo(41) }],
      { studentId: students[2]!.user_id },
      owner.token,
    );
    expect(direct.status).toBe(200);
    const bjoern = (await getAll()).find((e) => e.student_id === students[2]!.user_id)!;
    expect(bjoern).toMatchObject({ display_status: 'abgegeben' });
    expect(bjoern.files.map((f) => f.original_name)).toEqual(['heft.jpg']);
    const stranger = await upload(
      `/api/submissions/teacherupload/${task.id}`,
      [{ name: 'x.jpg', bytes: await photo(42) }],
      { studentId: randomUUID() },
      owner.token,
    );
    expect(stranger.status).toBe(404);
    expect((await owner.call('PATCH', `/api/tasks/${task.id}`, { status: 'published' })).statusCode).toBe(
      200,
    );
  });

  it('refuses to match a file of another task', async () => {
    const other = ZTask.parse(
      (
        await owner.call('POST', '/api/tasks', {
          class_id: task.class_id,
          title: 'Auftrieb',
          status: 'published',
        })
      ).json(),
    );
    const res = await upload(
      `/api/submissions/studentupload/${other.id}`,
      [{ name: 'a.jpg', bytes: await photo(50) }],
      { studentName: 'Irgendwer' },
    );
    const fileId = ZUploadReceipt.parse(res.body).received[0]!.id;
    const submissionId = (await getAll())[0]!.id;
    const match = await owner.call('POST', '/api/submissions/match', { submissionId, fileId });
    expect(match.statusCode).toBe(409);
    expect(errorCode(match.json())).toBe('FILE_TASK_MISMATCH');
  });

  it('hides everything from a second teacher: 404 for every id', async () => {
    const receipt = await studentUpload(students[2]!.user_id, [60]);
    const fileId = receipt.received[0]!.id;
    const submissionId = (await getAll()).find((e) => e.student_id === students[2]!.user_id)!.id;
    const intruder = await signIn(t.app);
    const probes: Array<[InjectOptions['method'], string, object | undefined, string]> = [
      ['GET', `/api/submissions/getAll?taskId=${task.id}`, undefined, 'TASK_NOT_FOUND'],
      ['GET', `/api/files?taskId=${task.id}`, undefined, 'TASK_NOT_FOUND'],
      ['GET', `/api/submissions/studentupload/${task.id}`, undefined, 'TASK_NOT_FOUND'],
      ['GET', `/api/files/${fileId}/content`, undefined, 'FILE_NOT_FOUND'],
      ['DELETE', `/api/files/${fileId}`, undefined, 'FILE_NOT_FOUND'],
      ['DELETE', `/api/submissions/${submissionId}`, undefined, 'SUBMISSION_NOT_FOUND'],
      ['PUT', '/api/submissions/status', { submissionId, status: 'korrigiert' }, 'SUBMISSION_NOT_FOUND'],
      ['POST', '/api/submissions/match', { submissionId, fileId }, 'SUBMISSION_NOT_FOUND'],
      ['POST', '/api/submissions/match/delete', { submissionId, fileId }, 'SUBMISSION_NOT_FOUND'],
    ];
    for (const [method, url, payload, code] of probes) {
      const res = await intruder.call(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(errorCode(res.json()), `${method} ${url}`).toBe(code);
      expect(res.body).not.toMatch(/Zander|Seite|Hebelgesetz/);
    }
    // Their own submission, someone else's file: still 404.
    const ownTask = ZTask.parse(
      (
        await intruder.call('POST', '/api/tasks', {
          class_id: ZClass.parse(
            (
              await intruder.call('POST', '/api/classes', {
                name: '1a',
                grade: '1',
                subject_id: ZSubject.parse(
                  (await intruder.call('POST', '/api/subjects', { name: 'Sport' })).json(),
                ).id,
              })
            ).json(),
          ).id,
          title: 'Eigene',
        })
      ).json(),
    );
    expect(ownTask.id).toBeTruthy();
    const stack = await upload(
      `/api/submissions/teacherupload/${task.id}`,
      [{ name: 'x.jpg', bytes: await photo(61) }],
      {},
      intruder.token,
    );
    expect(stack.status).toBe(404);
    expect(errorCode(stack.body)).toBe('TASK_NOT_FOUND');
    expect((await intruder.call('GET', '/api/submissions/getAll')).json()).toEqual({ data: [] });
    // The owner still has everything.
    expect((await owner.call('GET', `/api/files/${fileId}/content`)).statusCode).toBe(200);
  });

  it('deletes a file and a hand-in with their stored bytes; the student keeps an empty submission', async () => {
    const student = students[1]!.user_id;
    const receipt = await studentUpload(student, [70, 71]);
    const [first, second] = receipt.received;
    const keyOf = async (id: string) =>
      (await t.app.db.select().from(submissionFiles).where(eq(submissionFiles.id, id)))[0]!.storage_key;
    const firstKey = path.basename(await keyOf(first!.id));
    const secondKey = path.basename(await keyOf(second!.id));
    expect(storedFiles()).toEqual(expect.arrayContaining([firstKey, secondKey]));

    const del = await owner.call('DELETE', `/api/files/${first!.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ id: first!.id });
    expect(storedFiles()).not.toContain(firstKey);
    expect((await owner.call('GET', `/api/files/${first!.id}/content`)).statusCode).toBe(404);

    const entry = (await getAll()).find((e) => e.student_id === student)!;
    expect(entry.files.map((f) => f.id)).toContain(second!.id);
    const keys = await Promise.all(entry.files.map(async (f) => path.basename(await keyOf(f.id))));
    const res = await owner.call('DELETE', `/api/submissions/${entry.id}`);
    expect(res.statusCode).toBe(200);
    const body = ZDeleteSubmissionResponse.parse(res.json());
    expect(body.id).toBe(entry.id);
    for (const key of [...keys, secondKey]) expect(storedFiles()).not.toContain(key);
    expect(await t.app.db.select().from(submissions).where(eq(submissions.id, entry.id))).toEqual([]);
    const fresh = (await getAll()).find((e) => e.student_id === student)!;
    expect(fresh).toMatchObject({
      id: body.replacement_id,
      status: 'offen',
      files: [],
      display_status: 'offen',
    });
    expect((await owner.call('DELETE', `/api/submissions/${entry.id}`)).statusCode).toBe(404);
  });
});
