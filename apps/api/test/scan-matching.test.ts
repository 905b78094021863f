import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
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
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mentions, type FakeServer } from '../../../tests/fixtures/fake-ai-control';
import { startFakeAiService } from '../../../tests/fixtures/fake-ai-service';
import { tasks } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { baseUrlOf, classroom, type Classroom } from './helpers/classroom';
import { drivers } from './helpers/database';
import { bearer, errorOf, signIn, type SignedIn } from './helpers/tokens';

// Reading the teacher's scanned stack (PRODUCT.md §7 "Scans zuordnen", ADR 017): the per-student worksheets
// are printed through the API, rasterised with poppler's pdftoppm as a scanner would, shuffled, one page
// turned upside down and one shrunk to 95 %, and uploaded as one PDF of JPEG pages. Every page must land on
// its student's submission by its QR code; a blank page and another task's sheet stay unmatched with their
// reading. The AI service (a loopback fake) reads printed names; it never gets the class list.

const run = promisify(execFile);
const PUBLIC_URL = 'https://schule.example';
/** A4 in points: the size a scanner gives its pages. */
const A4: [number, number] = [595.28, 841.89];

// Long enough for several pages per student.
const CONTENT = {
  type: 'doc',
  content: Array.from({ length: 40 }, (_, i) => ({
    type: 'paragraph',
    content: [{ type: 'text', text: `Absatz ${i + 1}: ${'Wörter über Wörter '.repeat(12)}` }],
  })),
};

/** Every page of the PDF as a JPEG at `dpi` (pdftoppm), with its text (pdftotext). */
async function rasterise(pdf: Buffer, dpi = 150): Promise<Array<{ jpeg: Buffer; text: string }>> {
  const dir = await mkdtemp(join(tmpdir(), 'scan-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', [
      '-r',
      String(dpi),
      '-jpeg',
      '-jpegopt',
      'quality=80',
      join(dir, 'in.pdf'),
      join(dir, 'p'),
    ]);
    await run('pdftotext', ['-enc', 'UTF-8', join(dir, 'in.pdf'), join(dir, 'out.txt')]);
    const texts = (await readFile(join(dir, 'out.txt'), 'utf8')).split('\f');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.jpg')).sort();
    return Promise.all(
      files.map(async (file, i) => ({ jpeg: await readFile(join(dir, file)), text: texts[i]! })),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The page shrunk to 95 % on a white sheet of the same size, as a scanner's "fit to page" does. */
async function shrunk(jpeg: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(jpeg).metadata();
  const small = await sharp(jpeg)
    .resize(Math.round(width * 0.95), Math.round(height * 0.95))
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([{ input: small, left: Math.round(width * 0.025), top: Math.round(height * 0.025) }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** An empty white page, with a little noise so that it is not the same content as another blank one. */
async function blankPage(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 1240, height: 1754, channels: 3, background: '#ffffff' } })
    .composite([
      {
        input: { create: { width: 4, height: 4, channels: 3, background: { r: seed * 40, g: 0, b: 0 } } },
        left: 600,
        top: 900,
      },
    ])
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** One PDF with every JPEG as a full A4 page: what a document scanner produces. */
async function scannerPdf(pages: readonly Buffer[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (const jpeg of pages) {
    const image = await doc.embedJpg(jpeg);
    doc.addPage(A4).drawImage(image, { x: 0, y: 0, width: A4[0], height: A4[1] });
  }
  return Buffer.from(await doc.save());
}

/** A fixed shuffle (deterministic, so that a failure can be reproduced). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

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
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    return { receipt: ZUploadReceipt.parse(await res.json()), ms };
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
        guess_source: null,
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
  }, 120_000);

  it('leaves another task’s sheet and a blank page unmatched, the blank one guessed from its neighbours', async () => {
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
    expect(blank!.scan).toMatchObject({ outcome: 'no_code', guess_source: 'neighbour', stack_index: 1 });
    expect(nameOf(blank!.scan!.guess_student_id)).toBe(student);
    // Both neighbours agree: the surest neighbour guess.
    expect(blank!.scan!.confidence).toBeGreaterThanOrEqual(0.8);
    expect(other_!.submission_id).toBeNull();
    expect(other_!.scan).toMatchObject({ outcome: 'foreign_code', stack_index: 3 });
    // After the student's pages: a weaker guess.
    expect(nameOf(other_!.scan!.guess_student_id)).toBe(student);
    expect(other_!.scan!.confidence).toBeLessThan(blank!.scan!.confidence!);
    // The two unassigned pages went to the AI; no student name left the app.
    expect(fake.control.calls.analyze_image).toBe(2);
    for (const name of room.studentNames)
      for (const part of name.split(' ')) expect(mentions(fake.control.sentText(), part)).toBe(false);
  }, 60_000);

  it('reads the printed name through the AI when no code is found, matched to the class list here', async () => {
    const student = room.studentNames[1]!; // "Ali Zander"
    const [last] = student.split(' ').slice(1);
    fake.control.reset();
    // Handwriting read with a typo: fuzzy matching still finds the student.
    fake.control.respondWith({ text: `Name: ${student.split(' ')[0]} ${last!.slice(0, -1)}e\nKlasse 7b` });
    const { receipt } = await upload([{ name: 'leer.jpg', bytes: await blankPage(2), type: 'image/jpeg' }]);
    const file = (await taskFiles()).find((f) => f.id === receipt.received[0]!.id)!;
    expect(file.submission_id).toBeNull();
    expect(file.scan).toMatchObject({ outcome: 'no_code', guess_source: 'name', stack_index: 0 });
    expect((await studentNames()).get(file.scan!.guess_student_id!)).toBe(student);
    expect(file.scan!.confidence).toBeGreaterThan(0.5);
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
