import {
  errorMessages,
  newId,
  ZListFilesResponse,
  ZListSubmissionsResponse,
  ZTask,
  ZUploadReceipt,
  type SubmissionFile,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mentions, type FakeServer } from '../../../tests/fixtures/fake-ai-control';
import { startFakeAiService } from '../../../tests/fixtures/fake-ai-service';
import { tasks } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { baseUrlOf, classroom, type Classroom } from './helpers/classroom';
import { drivers } from './helpers/database';
import {
  blankPage,
  codeCovered,
  filesOnceRead,
  rasterise,
  scannerPdf,
  shrunk,
  shuffled,
} from './helpers/scan-pages';
import { bearer, errorOf, signIn, type SignedIn } from './helpers/tokens';

// Reading the teacher's scanned stack (PRODUCT.md §7 "Scans zuordnen", ADR 017): the per-student worksheets
// are printed through the API, rasterised with poppler's pdftoppm as a scanner would, shuffled, one page
// turned upside down and one shrunk to 95 %, and uploaded as one PDF of JPEG pages. Every page must land on
// its student's submission by its QR code; a blank page and another task's sheet stay unmatched with their
// reading. The AI service (a loopback fake) reads handwritten names; it never gets the class list.

const PUBLIC_URL = 'https://schule.example';

// Long enough for several pages per student.
const CONTENT = {
  type: 'doc',
  content: Array.from({ length: 40 }, (_, i) => ({
    type: 'paragraph',
    content: [{ type: 'text', text: `Absatz ${i + 1}: ${'Wörter über Wörter '.repeat(12)}` }],
  })),
};

/** "stapel.pdf – Seite 7" → 7 */
const pageNumber = (file: SubmissionFile) => Number(/Seite (\d+)$/.exec(file.original_name)?.[1]);

describe.each(drivers)('Reading a scanned stack on %s', (driver) => {
  let fake: FakeServer;
  let t: TestApp;
  let base: string;
  let owner: SignedIn;
  let other: SignedIn;
  let room: Classroom;
  /** The rasterised worksheet pages, each with the name of the student printed on it. */
  let printed: Array<{ jpeg: Buffer; student: string }>;

  /** Uploads a stack and waits until its pages are read (in the background), timing both. */
  async function upload(files: Array<{ name: string; bytes: Buffer; type: string }>) {
    const form = new FormData();
    for (const f of files)
      form.append('files', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
    const started = performance.now();
    const res = await fetch(`${base}/api/submissions/teacherupload/${room.task.id}`, {
      method: 'POST',
      body: form,
      headers: bearer(owner.token),
    });
    expect(res.status).toBe(200);
    const receipt = ZUploadReceipt.parse(await res.json());
    await filesOnceRead(
      owner,
      room.task.id,
      receipt.received.map((r) => r.id),
    );
    return { receipt, ms: performance.now() - started };
  }
  const taskFiles = async () =>
    ZListFilesResponse.parse((await owner.call('GET', `/api/files?taskId=${room.task.id}`)).json()).files;
  const submissionList = async () =>
    ZListSubmissionsResponse.parse(
      (await owner.call('GET', `/api/submissions/getAll?taskId=${room.task.id}`)).json(),
    ).data;
  /** Student id → "First Last", from the API. */
  const studentNames = async () =>
    new Map((await submissionList()).map((s) => [s.student_id!, `${s.name.first_name} ${s.name.last_name}`]));

  beforeAll(async () => {
    fake = await startFakeAiService({ prefix: '/aiapi' });
    t = await createTestApp({
      driver,
      env: {
        PUBLIC_URL,
        AI_PROVIDER: 'service',
        AI_SERVICE_URL: fake.url,
        AI_ROUTE_PREFIX: '/aiapi',
        AI_TIMEOUT_MS: '5000',
      },
    });
    base = await baseUrlOf(t.app);
    owner = await signIn(t.app);
    other = await signIn(t.app);
    room = await classroom(t.app, owner, { students: 5, rubric: false });
    await t.app.db.update(tasks).set({ data: CONTENT }).where(eq(tasks.id, room.task.id));
    const sheet = await owner.call('GET', `/api/tasks/${room.task.id}/worksheet.pdf?perStudent=1`);
    expect(sheet.statusCode).toBe(200);
    printed = (await rasterise(sheet.rawPayload)).map((page) => ({
      jpeg: page.jpeg,
      student: room.studentNames.find((name) => page.text.includes(name))!,
    }));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('assigns every page of a shuffled stack to its student by the code, upside down and shrunk too', async () => {
    // 5 students, the same number of pages each (at least 2: the content is long).
    const perSet = printed.length / 5;
    expect(Number.isInteger(perSet) && perSet >= 2).toBe(true);
    expect(printed.every((p) => p.student)).toBe(true);
    const stack = shuffled(printed, 7);
    stack[2] = { ...stack[2]!, jpeg: await sharp(stack[2]!.jpeg).rotate(180).jpeg().toBuffer() };
    stack[5] = { ...stack[5]!, jpeg: await shrunk(stack[5]!.jpeg) };
    const before = new Set((await taskFiles()).map((f) => f.id));

    fake.control.reset();
    const { receipt, ms } = await upload([
      { name: 'stapel.pdf', bytes: await scannerPdf(stack.map((p) => p.jpeg)), type: 'application/pdf' },
    ]);
    console.log(
      `scan matching: ${(ms / stack.length).toFixed(0)} ms per scanned page (${stack.length} pages, ${driver})`,
    );
    expect(receipt.received).toHaveLength(stack.length);
    // Every page was assigned by its code: the AI was not asked for a single name.
    expect(fake.control.calls.analyze_image ?? 0).toBe(0);

    const names = await studentNames();
    const scans = (await taskFiles()).filter((f) => !before.has(f.id));
    expect(scans).toHaveLength(stack.length);
    for (const file of scans) {
      const n = pageNumber(file);
      const submission = (await submissionList()).find((s) => s.id === file.submission_id);
      expect(submission, `page ${n}`).toBeDefined();
      expect(`${submission!.name.first_name} ${submission!.name.last_name}`, `page ${n}`).toBe(
        stack[n - 1]!.student,
      );
      expect(names.get(submission!.student_id!)).toBe(stack[n - 1]!.student);
      expect(file.scan).toEqual({
        outcome: 'qr',
        guess_student_id: null,
        confidence: null,
        reasons: [],
        candidates: [],
        stack_index: n - 1,
      });
    }
    // Every student got both their pages, and the grading view shows the reading too.
    for (const entry of await submissionList()) {
      const scanned = entry.files.filter((f) => f.scan !== null);
      expect(scanned, `${entry.name.first_name}`).toHaveLength(perSet);
    }
    // The student's own upload (a photo through the public link) was not read.
    expect((await submissionList()).flatMap((s) => s.files).filter((f) => f.scan === null)).toHaveLength(5);

    // Pages scanned again: read and assigned again, where the submission keeps the content it has.
    await upload([
      {
        name: 'nochmal.pdf',
        bytes: await scannerPdf(stack.slice(0, 3).map((p) => p.jpeg)),
        type: 'application/pdf',
      },
    ]);
    expect((await taskFiles()).filter((f) => !before.has(f.id))).toHaveLength(stack.length);
  }, 240_000);

  it('leaves another task’s sheet and a blank page unmatched and unguessed', async () => {
    const foreignTask = ZTask.parse(
      (
        await owner.call('POST', '/api/tasks', {
          class_id: room.task.class_id,
          title: 'Andere Aufgabe',
          status: 'published',
        })
      ).json(),
    );
    const foreignSheet = await owner.call('GET', `/api/tasks/${foreignTask.id}/worksheet.pdf?perStudent=1`);
    const foreign = (await rasterise(foreignSheet.rawPayload))[0]!.jpeg;
    // Student A's first page, a blank page, A's second page, another task's sheet.
    const student = room.studentNames[3]!;
    const [first, second] = printed.filter((p) => p.student === student);
    // Re-encoded: the same bytes as in the first stack would count as the content already there.
    const fresh = (jpeg: Buffer) => sharp(jpeg).jpeg({ quality: 75 }).toBuffer();

    fake.control.reset();
    // What the AI reads from the unassigned pages: no name.
    fake.control.respondWith({ text: 'Aufgabe 1: 3/4 + 1/4 = 1' });
    const { receipt } = await upload([
      {
        name: 'rest.pdf',
        bytes: await scannerPdf([
          await fresh(first!.jpeg),
          await blankPage(1),
          await fresh(second!.jpeg),
          foreign,
        ]),
        type: 'application/pdf',
      },
    ]);
    const files = new Map((await taskFiles()).map((f) => [f.id, f]));
    const [pageA1, blank, pageA2, other_] = receipt.received.map((r) => files.get(r.id)!);
    const names = await studentNames();
    const submissionOf = new Map((await submissionList()).map((s) => [s.id, s]));
    const nameOf = (id: string | null | undefined) => (id ? names.get(id) : undefined);

    expect(nameOf(submissionOf.get(pageA1!.submission_id!)?.student_id)).toBe(student);
    expect(nameOf(submissionOf.get(pageA2!.submission_id!)?.student_id)).toBe(student);
    expect(blank!.submission_id).toBeNull();
    // An empty page (a sheet's back) is nobody's page, whatever lies around it.
    expect(blank!.scan).toEqual({
      outcome: 'blank',
      guess_student_id: null,
      confidence: null,
      reasons: [],
      candidates: [],
      stack_index: 1,
    });
    expect(other_!.submission_id).toBeNull();
    // Another task's sheet is never proposed for a student, not even the one of the pages before it.
    expect(other_!.scan).toMatchObject({
      outcome: 'foreign_code',
      guess_student_id: null,
      reasons: [],
      stack_index: 3,
    });
    // Neither page went to the AI.
    expect(fake.control.calls.analyze_image ?? 0).toBe(0);
  }, 60_000);

  it('reads a handwritten name through the AI when no code is found, matched to the class list here', async () => {
    const student = room.studentNames[1]!; // "Ali Zander"
    const [last] = student.split(' ').slice(1);
    // The plain worksheet (an empty name field the student wrote in), its code covered.
    const plain = await owner.call('GET', `/api/tasks/${room.task.id}/worksheet.pdf`);
    const page = await codeCovered((await rasterise(plain.rawPayload))[0]!.jpeg);
    fake.control.reset();
    // Handwriting read with a typo: fuzzy matching still finds the student.
    fake.control.respondWith({ text: `Name: ${student.split(' ')[0]} ${last!.slice(0, -1)}e\nKlasse 7b` });
    const { receipt } = await upload([{ name: 'ohne-code.jpg', bytes: page, type: 'image/jpeg' }]);
    const file = (await taskFiles()).find((f) => f.id === receipt.received[0]!.id)!;
    expect(file.submission_id).toBeNull();
    expect(file.scan).toMatchObject({ outcome: 'no_code', stack_index: 0 });
    expect(file.scan!.reasons).toContain('name');
    expect((await studentNames()).get(file.scan!.guess_student_id!)).toBe(student);
    expect(file.scan!.confidence).toBeGreaterThan(0.5);
    expect(fake.control.calls.analyze_image).toBe(1);
    // The page went out, the class list did not.
    for (const name of room.studentNames)
      for (const part of name.split(' ')) expect(mentions(fake.control.sentText(), part)).toBe(false);
  });

  it('reads a photo of a page (JPEG, turned a quarter) and assigns it', async () => {
    const page = printed[4]!;
    const photo = await sharp(page.jpeg).rotate(90).resize({ width: 1200 }).jpeg({ quality: 70 }).toBuffer();
    fake.control.reset();
    const { receipt, ms } = await upload([{ name: 'foto.jpg', bytes: photo, type: 'image/jpeg' }]);
    console.log(`scan matching: ${ms.toFixed(0)} ms for one photo (${driver})`);
    const file = (await taskFiles()).find((f) => f.id === receipt.received[0]!.id)!;
    expect(file.scan).toMatchObject({ outcome: 'qr', stack_index: 0 });
    const submission = (await submissionList()).find((s) => s.id === file.submission_id)!;
    expect(`${submission.name.first_name} ${submission.name.last_name}`).toBe(page.student);
  });

  it('serves a thumbnail of a PDF page and of a photo, only to the owner', async () => {
    const files = await taskFiles();
    const pdf = files.find((f) => f.mime === 'application/pdf')!;
    const jpeg = files.find((f) => f.mime === 'image/jpeg')!;
    for (const file of [pdf, jpeg]) {
      const res = await owner.call('GET', `/api/files/${file.id}/thumbnail`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, max-age=86400');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(400);
      expect(Math.max(meta.width, meta.height)).toBeGreaterThanOrEqual(
        file.mime === 'application/pdf' ? 399 : 30,
      );
      // Revalidation without rendering.
      const again = await owner.call('GET', `/api/files/${file.id}/thumbnail`, undefined, {
        'if-none-match': res.headers.etag as string,
      });
      expect(again.statusCode).toBe(304);
    }
    // A PDF page is portrait and mostly white paper.
    const page = await sharp((await owner.call('GET', `/api/files/${pdf.id}/thumbnail`)).rawPayload).stats();
    expect(page.channels[0]!.mean).toBeGreaterThan(180);

    for (const id of [pdf.id, newId()]) {
      const res = await other.call('GET', `/api/files/${id}/thumbnail`);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res.json())).toMatchObject({
        code: 'FILE_NOT_FOUND',
        message: errorMessages.FILE_NOT_FOUND,
      });
    }
  });
});
