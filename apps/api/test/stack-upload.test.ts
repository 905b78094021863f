import {
  UPLOAD_LIMITS,
  ZApiError,
  ZClass,
  ZListFilesResponse,
  ZSubject,
  ZTask,
  ZUploadReceipt,
  type Task,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionFiles } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { baseUrlOf } from './helpers/classroom';
import { drivers } from './helpers/database';
import { bearer, signIn, type SignedIn } from './helpers/tokens';

// Stack upload, `/submissions/add`: a teacher's scanned stack (one multi-page PDF) becomes one single-page
// PDF per page, each its own submission_files row, so that pages can be assigned to students one by one.

/** A PDF whose page n is (200 + n) points wide: the order of the pages can be read back. */
async function stack(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 1; i <= pages; i++) doc.addPage([200 + i, 300]);
  return Buffer.from(await doc.save());
}

const errorCode = (body: unknown) => ZApiError.parse(body).error.code;

describe.each(drivers)('A teacher’s scanned stack on %s', (driver) => {
  let t: TestApp;
  let base: string;
  let owner: SignedIn;
  let intruder: SignedIn;
  let task: Task;

  const storedFiles = () => {
    try {
      return readdirSync(path.join(t.app.config.DATA_DIR, 'files'), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && !e.parentPath.includes('.tmp'))
        .map((e) => e.name);
    } catch {
      return [];
    }
  };
  const rows = () => t.app.db.select().from(submissionFiles).where(eq(submissionFiles.task_id, task.id));

  async function upload(
    files: Array<{ name: string; bytes: Uint8Array; type?: string }>,
    options: { token?: string; url?: string; fields?: Record<string, string> } = {},
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    for (const f of files)
      form.append('files', new Blob([f.bytes], { type: f.type ?? 'application/pdf' }), f.name);
    const res = await fetch(`${base}${options.url ?? `/api/submissions/teacherupload/${task.id}`}`, {
      method: 'POST',
      body: form,
      headers: bearer(options.token ?? owner.token),
    });
    const body: unknown = await res.json();
    return { status: res.status, body };
  }

  beforeAll(async () => {
    t = await createTestApp({ driver });
    base = await baseUrlOf(t.app);
    owner = await signIn(t.app);
    intruder = await signIn(t.app);
    const subject = ZSubject.parse((await owner.call('POST', '/api/subjects', { name: 'Chemie' })).json());
    const klass = ZClass.parse(
      (await owner.call('POST', '/api/classes', { name: '8b', grade: '8', subject_id: subject.id })).json(),
    );
    task = ZTask.parse(
      (
        await owner.call('POST', '/api/tasks', {
          class_id: klass.id,
          title: 'Redoxreaktionen',
          status: 'published',
        })
      ).json(),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('splits a 3-page PDF into 3 single-page files, in order, each stored and listed unmatched', async () => {
    const before = storedFiles().length;
    const res = await upload([{ name: 'scan.pdf', bytes: await stack(3) }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const receipt = ZUploadReceipt.parse(res.body);
    expect(receipt.duplicates).toBe(0);
    expect(receipt.received.map((f) => [f.original_name, f.pages, f.mime, f.duplicate])).toEqual([
      ['scan.pdf – Seite 1', 1, 'application/pdf', false],
      ['scan.pdf – Seite 2', 1, 'application/pdf', false],
      ['scan.pdf – Seite 3', 1, 'application/pdf', false],
    ]);
    expect(storedFiles().length).toBe(before + 3);
    expect(await rows()).toHaveLength(3);

    // The list is in page order, unmatched, without an uploader label (a teacher's upload).
    const listed = ZListFilesResponse.parse(
      (await owner.call('GET', `/api/files?taskId=${task.id}`)).json(),
    ).files;
    const ids = receipt.received.map((f) => f.id);
    expect(listed.filter((f) => ids.includes(f.id)).map((f) => f.id)).toEqual(ids);
    for (const f of listed) expect(f).toMatchObject({ submission_id: null, uploader_label: null, pages: 1 });

    // Each stored file is a PDF of exactly that page.
    const widths = [];
    for (const id of ids) {
      const content = await owner.call('GET', `/api/files/${id}/content`);
      expect(content.statusCode).toBe(200);
      expect(content.headers['content-type']).toBe('application/pdf');
      const doc = await PDFDocument.load(content.rawPayload);
      expect(doc.getPageCount()).toBe(1);
      widths.push(Math.round(doc.getPage(0).getWidth()));
    }
    expect(widths).toEqual([201, 202, 203]);
  });

  it('recognises the same stack sent again page by page and stores nothing new', async () => {
    const before = storedFiles().length;
    const rowsBefore = (await rows()).length;
    const res = await upload([{ name: 'nochmal.pdf', bytes: await stack(3) }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const receipt = ZUploadReceipt.parse(res.body);
    expect(receipt.duplicates).toBe(3);
    expect(receipt.received.every((f) => f.duplicate)).toBe(true);
    expect(receipt.received.map((f) => f.original_name)).toEqual([
      'scan.pdf – Seite 1',
      'scan.pdf – Seite 2',
      'scan.pdf – Seite 3',
    ]);
    expect(storedFiles().length).toBe(before);
    expect((await rows()).length).toBe(rowsBefore);
  });

  it('keeps a single-page PDF as one file under its own name', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([333, 444]);
    const res = await upload([{ name: 'einzeln.pdf', bytes: Buffer.from(await doc.save()) }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ZUploadReceipt.parse(res.body).received).toEqual([
      expect.objectContaining({ original_name: 'einzeln.pdf', pages: 1, duplicate: false }),
    ]);
  });

  it('refuses a broken PDF with a German 415 and stores nothing, not even the good stack sent with it', async () => {
    const before = storedFiles().length;
    const rowsBefore = (await rows()).length;
    const good = await stack(2);
    // Cut off in the middle: the cross-reference table and %%EOF are missing.
    const broken = good.subarray(0, Math.floor(good.length / 2));
    const res = await upload([
      { name: 'ok.pdf', bytes: await stack(4) },
      { name: 'kaputt.pdf', bytes: broken },
    ]);
    expect(res.status).toBe(415);
    expect(errorCode(res.body)).toBe('UPLOAD_PDF_BROKEN');
    expect(ZApiError.parse(res.body).error.message).toBe(
      'Die PDF-Datei ist beschädigt oder unvollständig und konnte nicht gelesen werden.',
    );
    expect(storedFiles().length).toBe(before);
    expect((await rows()).length).toBe(rowsBefore);
  });

  it(`refuses a stack of more than ${UPLOAD_LIMITS.maxStackPdfPages} pages with a German 413 and stores nothing`, async () => {
    const before = storedFiles().length;
    const res = await upload([
      { name: 'riesig.pdf', bytes: await stack(UPLOAD_LIMITS.maxStackPdfPages + 1) },
    ]);
    expect(res.status).toBe(413);
    expect(errorCode(res.body)).toBe('UPLOAD_PDF_TOO_MANY_PAGES');
    expect(ZApiError.parse(res.body).error.message).toMatch(/zu viele Seiten \(höchstens 200\)/);
    expect(storedFiles().length).toBe(before);
  });

  it('answers another teacher with 404 and stores nothing', async () => {
    const before = storedFiles().length;
    const rowsBefore = (await rows()).length;
    const res = await upload([{ name: 'fremd.pdf', bytes: await stack(3) }], { token: intruder.token });
    expect(res.status).toBe(404);
    expect(errorCode(res.body)).toBe('TASK_NOT_FOUND');
    expect(storedFiles().length).toBe(before);
    expect((await rows()).length).toBe(rowsBefore);
  });

  it('leaves a multi-page PDF from the public link as one file', async () => {
    const res = await upload([{ name: 'heft.pdf', bytes: await stack(5) }], {
      url: `/api/submissions/studentupload/${task.id}`,
      fields: { studentName: 'Neu Hier' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ZUploadReceipt.parse(res.body).received).toEqual([
      expect.objectContaining({ original_name: 'heft.pdf', pages: 5 }),
    ]);
  });
});
