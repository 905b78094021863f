import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  errorMessages,
  ZCreateStudentsResponse,
  ZPdfExportResponse,
  ZTask,
  type PdfExport,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfExports, skillFeedback, skillGroupFeedback, submissions } from '../src/db/schema';
import { systemContext } from '../src/domain/context';
import { removeOrphanFiles } from '../src/domain/files';
import { removeExpiredPdfExports } from '../src/domain/pdfs/exports';
import { createTestApp, type TestApp } from './helpers/app';
import { baseUrlOf, classroom, photo, type Classroom } from './helpers/classroom';
import { drivers } from './helpers/database';
import { errorOf, signIn, type SignedIn } from './helpers/tokens';
import { unzip } from './helpers/zip';

// The class export of the feedback sheets (PRODUCT.md §4 "PDF-Vorlagen"): a background job per export, its
// progress, the merged PDF and the ZIP with one PDF per student (read with yauzl and poppler's pdftotext),
// who may see it, and the removal after a day.

const run = promisify(execFile);
const STUDENTS = 30;

async function pdftotext(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftotext', ['-enc', 'UTF-8', join(dir, 'in.pdf'), join(dir, 'out.txt')]);
    return await readFile(join(dir, 'out.txt'), 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe.each(drivers)('class export of feedback sheets on %s', (driver) => {
  let t: TestApp;
  let owner: SignedIn;
  let other: SignedIn;
  let room: Classroom;
  /** The students with a sheet, sorted by last name as the export is. */
  let graded: string[];
  const ungraded = 4;

  const exportOf = async (id: string, who = owner) => {
    const res = await who.call('GET', `/api/pdf-exports/${id}`);
    expect(res.statusCode).toBe(200);
    return ZPdfExportResponse.parse(res.json()).export;
  };

  /** Polls the export every 100 ms until it ends; every state seen on the way. */
  const finish = async (id: string) => {
    const seen: PdfExport[] = [];
    const deadline = Date.now() + 60_000;
    for (;;) {
      const current = await exportOf(id);
      seen.push(current);
      if (current.status === 'done' || current.status === 'failed') return seen;
      if (Date.now() > deadline) throw new Error(`export still ${current.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const start = async (format: string, who = owner, taskId = room.task.id) =>
    who.call('POST', `/api/tasks/${taskId}/pdf-exports`, { format });

  beforeAll(async () => {
    t = await createTestApp({ driver });
    owner = await signIn(t.app);
    other = await signIn(t.app);
    room = await classroom(t.app, owner, { students: STUDENTS, title: 'Brüche: Teil 1/2' });
    const [ansatz, ergebnis] = room.skillIds as [string, string, string];
    // Every student is scored except `ungraded`; one of them has only a group text (that counts as graded),
    // another only an unscored row (that does not).
    const scored = room.submissionIds.filter((_, i) => i !== ungraded && i !== 5 && i !== 6);
    await t.app.db.insert(skillFeedback).values(
      scored.flatMap((submission_id, i) => [
        { skill_id: ansatz, submission_id, score: i % 4, reason: '', proof: [], created_by: owner.id },
        { skill_id: ergebnis, submission_id, score: 1, reason: '', proof: [], created_by: owner.id },
      ]),
    );
    await t.app.db.insert(skillGroupFeedback).values({
      skillGroup_id: room.groups[0]!.id,
      submission_id: room.submissionIds[5]!,
      feedback: 'Nur ein Text.',
      created_by: owner.id,
    });
    await t.app.db.insert(skillFeedback).values({
      skill_id: ansatz,
      submission_id: room.submissionIds[6]!,
      score: -1,
      reason: '',
      proof: [],
      created_by: owner.id,
    });
    // A second "Greta Gärtner" in the class: her file in the ZIP is "Greta Gärtner (2).pdf".
    const classId = ZTask.parse((await owner.call('GET', `/api/tasks/${room.task.id}`)).json()).class_id;
    const { students } = ZCreateStudentsResponse.parse(
      (
        await owner.call('POST', '/api/createStudents', { class_id: classId, names: ['Greta Gärtner'] })
      ).json(),
    );
    const form = new FormData();
    form.append('studentId', students[0]!.user_id);
    form.append('files', new Blob([new Uint8Array(await photo(99))], { type: 'image/jpeg' }), 'a.jpg');
    const upload = await fetch(`${await baseUrlOf(t.app)}/api/submissions/studentupload/${room.task.id}`, {
      method: 'POST',
      body: form,
    });
    expect(upload.status).toBe(200);
    const [twin] = await t.app.db
      .select({ id: submissions.id })
      .from(submissions)
      .where(eq(submissions.student_id, students[0]!.user_id));
    await t.app.db.insert(skillFeedback).values({
      skill_id: ansatz,
      submission_id: twin!.id,
      score: 2,
      reason: '',
      proof: [],
      created_by: owner.id,
    });
    const last = (name: string) => name.split(' ')[1]!;
    graded = [...room.studentNames.filter((_, i) => i !== ungraded && i !== 6), 'Greta Gärtner'].sort(
      (a, b) => last(a).localeCompare(last(b), 'de') || a.localeCompare(b, 'de'),
    );
  }, 120_000);
  afterAll(() => t?.close());

  it('answers a bad format with 400 and the German message', async () => {
    for (const body of [{ format: 'docx' }, {}]) {
      const res = await owner.call('POST', `/api/tasks/${room.task.id}/pdf-exports`, body);
      expect(res.statusCode).toBe(400);
      const error = errorOf(res.json());
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', message: errorMessages.VALIDATION_FAILED });
      expect(JSON.stringify(error.details)).toContain('Das Format muss „pdf“ (ein PDF) oder „zip“');
    }
  });

  it('makes a ZIP with one PDF per graded student, named after them, progress up to the total', async () => {
    const started = performance.now();
    const res = await start('zip');
    expect(res.statusCode).toBe(202);
    const created = ZPdfExportResponse.parse(res.json()).export;
    expect(created).toMatchObject({
      task_id: room.task.id,
      format: 'zip',
      done: 0,
      total: graded.length,
      file_name: null,
    });
    const seen = await finish(created.id);
    const ms = Math.round(performance.now() - started);
    const final = seen.at(-1)!;
    expect(final).toMatchObject({ status: 'done', done: graded.length, total: graded.length, error: null });
    expect(final.file_name).toBe('Feedbackbögen Brüche Teil 1 2.zip');
    // Progress only grows and was seen part-way.
    const done = seen.map((s) => s.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(seen.some((s) => s.status === 'running' && s.done > 0 && s.done < s.total)).toBe(true);

    const file = await owner.call('GET', `/api/pdf-exports/${created.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''Feedbackb%C3%B6gen");
    const entries = await unzip(file.rawPayload);
    const seenNames = new Set<string>();
    const unique = graded.map((name) => {
      const fileName = seenNames.has(name) ? `${name} (2).pdf` : `${name}.pdf`;
      seenNames.add(name);
      return fileName;
    });
    expect([...entries.keys()]).toEqual(unique);
    expect(unique).toContain('Greta Gärtner (2).pdf');
    for (const [fileName, pdf] of entries) {
      const text = await pdftotext(pdf);
      const name = fileName.replace(/( \(2\))?\.pdf$/, '');
      expect(text).toContain(`Name: ${name}`);
      expect(text).toContain('Feedbackbogen');
    }
    console.info(`ZIP export of ${graded.length} sheets on ${driver}: ${ms} ms`);
  }, 120_000);

  it('makes one PDF with every graded student’s sheet in name order', async () => {
    const started = performance.now();
    const res = await start('pdf');
    expect(res.statusCode).toBe(202);
    const { id } = ZPdfExportResponse.parse(res.json()).export;
    const final = (await finish(id)).at(-1)!;
    const ms = Math.round(performance.now() - started);
    expect(final).toMatchObject({ status: 'done', done: graded.length, total: graded.length });
    expect(final.file_name).toBe('Feedbackbögen Brüche Teil 1 2.pdf');

    const file = await owner.call('GET', `/api/pdf-exports/${id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(file.rawPayload);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(graded.length);
    const text = await pdftotext(file.rawPayload);
    const positions = graded.map((name) => text.indexOf(`Name: ${name}\n`));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(text).not.toContain(`Name: ${room.studentNames[ungraded]!}\n`);
    expect(text).toContain('Nur ein Text.');
    console.info(`PDF export of ${graded.length} sheets on ${driver}: ${ms} ms`);
  }, 120_000);

  it('prints a handed-back sheet as its feedback link shows it and marks the others as drafts', async () => {
    const [, ergebnis] = room.skillIds as [string, string, string];
    const name = room.studentNames[1]!;
    const submissionId = room.submissionIds[1]!;
    // Handed back with 2/9, changed to 3/9 since.
    expect(
      (await owner.call('POST', `/api/feedback/${submissionId}/release`, { allowUnscored: true })).statusCode,
    ).toBe(200);
    expect(
      (await owner.call('PUT', `/api/feedback/${submissionId}/skills/${ergebnis}`, { score: 2 })).statusCode,
    ).toBe(200);
    const { id } = ZPdfExportResponse.parse((await start('zip')).json()).export;
    expect((await finish(id)).at(-1)).toMatchObject({ status: 'done' });
    const entries = await unzip((await owner.call('GET', `/api/pdf-exports/${id}/file`)).rawPayload);
    const handedBack = await pdftotext(entries.get(`${name}.pdf`)!);
    expect(handedBack).toContain('Stand der Rückgabe vom');
    expect(handedBack).toContain('Gesamtpunktzahl: 2/9');
    expect(handedBack).not.toContain('Entwurf');
    const other = await pdftotext(entries.get(`${room.studentNames[2]!}.pdf`)!);
    expect(other).toContain('Entwurf – noch nicht ausgeteilt');
  }, 120_000);

  it('shows another teacher nothing: 404 for the task, the export and its file', async () => {
    const mine = ZPdfExportResponse.parse((await start('pdf')).json()).export;
    const theirs = await start('pdf', other);
    expect(theirs.statusCode).toBe(404);
    expect(errorOf(theirs.json()).code).toBe('TASK_NOT_FOUND');
    for (const url of [`/api/pdf-exports/${mine.id}`, `/api/pdf-exports/${mine.id}/file`]) {
      const res = await other.call('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(errorOf(res.json())).toMatchObject({
        code: 'PDF_EXPORT_NOT_FOUND',
        message: errorMessages.PDF_EXPORT_NOT_FOUND,
      });
    }
    await finish(mine.id);
  }, 60_000);

  it('refuses a task without any grading and a file that is not ready', async () => {
    const empty = await classroom(t.app, owner, { students: 2, title: 'Leer' });
    const res = await start('zip', owner, empty.task.id);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res.json())).toMatchObject({
      code: 'PDF_EXPORT_NOTHING_GRADED',
      message: errorMessages.PDF_EXPORT_NOTHING_GRADED,
    });
    const [running] = await t.app.db
      .insert(pdfExports)
      .values({ task_id: room.task.id, format: 'pdf', status: 'running', total: 3, created_by: owner.id })
      .returning();
    const early = await owner.call('GET', `/api/pdf-exports/${running!.id}/file`);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early.json()).code).toBe('PDF_EXPORT_NOT_READY');
    // Left running for longer than any export takes: its process died, the teacher is told so.
    await t.app.db
      .update(pdfExports)
      .set({ created_at: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(pdfExports.id, running!.id));
    expect(await exportOf(running!.id)).toMatchObject({
      status: 'failed',
      error: 'Der Export wurde unterbrochen und ist nicht fertig geworden. Bitte starte ihn erneut.',
    });
  }, 60_000);

  it('removes exports and their files after a day', async () => {
    const { id } = ZPdfExportResponse.parse((await start('zip')).json()).export;
    await finish(id);
    const [row] = await t.app.db.select().from(pdfExports).where(eq(pdfExports.id, id));
    expect(await t.app.storage.exists(row!.storage_key!)).toBe(true);
    const ctx = systemContext(t.app, t.app.log);
    // A fresh export stays, and the sweep of files without a row leaves it alone.
    await removeExpiredPdfExports(ctx);
    await removeOrphanFiles(ctx, { graceMs: 0, now: new Date(Date.now() + 1000) });
    expect(await t.app.storage.exists(row!.storage_key!)).toBe(true);
    await removeExpiredPdfExports(ctx, new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(await t.app.storage.exists(row!.storage_key!)).toBe(false);
    const gone = await owner.call('GET', `/api/pdf-exports/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone.json()).code).toBe('PDF_EXPORT_NOT_FOUND');
  }, 60_000);
});
