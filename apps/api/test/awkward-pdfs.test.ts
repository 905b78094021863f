import { PREVIEW_UNAVAILABLE_LINES, ZApiError, ZUploadReceipt } from '@app/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { damagedXref, deepTreePdf, encryptedPdf, selfDrawingPdf } from './helpers/awkward-pdfs';
import { baseUrlOf, classroom, type Classroom } from './helpers/classroom';
import { difference, imagePdf, popplerPage } from './helpers/scan-pdfs';
import { bearer, signIn, type SignedIn } from './helpers/tokens';

// PDFs as they come from the world (ADR 031): a content stream that draws itself, a deep page tree, an
// owner password that only restricts printing, a damaged cross-reference table, a CMYK JPEG page, a very wide
// page. Each is uploaded by a student (one file) and by the teacher (a stack), then its thumbnail is asked
// for. Nothing a reader opens without a password is refused; every thumbnail has the page's aspect and looks
// like poppler's rendering; the page that would exhaust a reader gets the placeholder, and the server's
// memory grows by less than MEMORY_CEILING_MB meanwhile.

/** Most the process may grow while the self-drawing page is tried (without the ceiling: gigabytes). */
const MEMORY_CEILING_MB = 300;
/** Grey difference from poppler's rendering (mean of 255, blurred): redrawn pages are JPEGs of the page. */
const LIKE_POPPLER = 6;

describe('PDFs from the world', () => {
  let t: TestApp;
  let base: string;
  let teacher: SignedIn;
  let room: Classroom;

  beforeAll(async () => {
    t = await createTestApp();
    base = await baseUrlOf(t.app);
    teacher = await signIn(t.app);
    room = await classroom(t.app, teacher, { students: 2, rubric: false, title: 'Aufsatz' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function upload(
    name: string,
    pdf: Buffer,
    as: 'student' | 'teacher',
  ): Promise<{ status: number; body: unknown }> {
    const form = new FormData();
    if (as === 'student') form.append('studentName', 'Ольга Wąsowski');
    form.append('files', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), name);
    const res = await fetch(
      `${base}/api/submissions/${as === 'student' ? 'studentupload' : 'teacherupload'}/${room.task.id}`,
      { method: 'POST', body: form, headers: as === 'teacher' ? bearer(teacher.token) : {} },
    );
    return { status: res.status, body: await res.json() };
  }

  async function accepted(name: string, pdf: Buffer, as: 'student' | 'teacher') {
    const res = await upload(name, pdf, as);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return ZUploadReceipt.parse(res.body).received;
  }

  async function thumbnail(fileId: string) {
    const res = await fetch(`${base}/api/files/${fileId}/thumbnail`, { headers: bearer(teacher.token) });
    expect(res.status).toBe(200);
    return { type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
  }

  /** The thumbnail is a WebP at the aspect of `pdf`'s first page and close to poppler's rendering. */
  async function likePoppler(fileId: string, pdf: Buffer) {
    const ours = await thumbnail(fileId);
    expect(ours.type).toBe('image/webp');
    const reference = await popplerPage(pdf, 400);
    const [a, b] = await Promise.all([sharp(ours.body).metadata(), sharp(reference).metadata()]);
    expect(Math.abs(a.width - b.width), 'width').toBeLessThanOrEqual(1);
    expect(Math.abs(a.height - b.height), 'height').toBeLessThanOrEqual(1);
    const { blurred } = await difference(ours.body, reference);
    expect(blurred).toBeLessThan(LIKE_POPPLER);
  }

  it('keeps a page that draws itself, answers the placeholder for it, and stays within its memory', async () => {
    const pdf = selfDrawingPdf();
    const [file] = await accepted('kreis.pdf', pdf, 'student');
    // The worker thread started and pdfjs loaded by an ordinary page first: the growth is the page's.
    const plain = deepTreePdf(1, 1);
    const [ordinary] = await accepted('vorher.pdf', plain, 'student');
    await likePoppler(ordinary!.id, plain);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const started = performance.now();
    const first = await thumbnail(file!.id).finally(() => clearInterval(sampler));
    const grownMb = (peak - before) / 1e6;
    console.log(
      `self-drawing page: placeholder after ${((performance.now() - started) / 1000).toFixed(1)} s, memory +${grownMb.toFixed(0)} MB (ceiling ${MEMORY_CEILING_MB} MB)`,
    );
    expect(first.type).toBe('image/svg+xml');
    for (const line of PREVIEW_UNAVAILABLE_LINES) expect(first.body.toString()).toContain(line);
    expect(grownMb).toBeLessThan(MEMORY_CEILING_MB);
    // Asked again: answered at once, without drawing.
    const again = performance.now();
    expect((await thumbnail(file!.id)).type).toBe('image/svg+xml');
    expect(performance.now() - again).toBeLessThan(1000);
    // The file itself is kept as it was sent, and the worker draws the next page.
    const content = await fetch(`${base}/api/files/${file!.id}/content`, { headers: bearer(teacher.token) });
    expect(Buffer.from(await content.arrayBuffer()).equals(pdf)).toBe(true);
    const after = deepTreePdf(1, 2);
    const [next] = await accepted('danach.pdf', after, 'student');
    await likePoppler(next!.id, after);
  }, 120_000);

  it('takes a deep page tree in one short request and splits it page by page', async () => {
    const pdf = deepTreePdf(6, 500);
    const started = performance.now();
    const pages = await accepted('tief.pdf', pdf, 'teacher');
    const seconds = (performance.now() - started) / 1000;
    console.log(`deep page tree (500 levels, 6 pages): stack request ${seconds.toFixed(1)} s`);
    expect(pages.map((p) => p.original_name)).toEqual(
      Array.from({ length: 6 }, (_, i) => `tief.pdf – Seite ${i + 1}`),
    );
    expect(seconds).toBeLessThan(15);
    await likePoppler(pages[0]!.id, pdf);
  }, 60_000);

  it('accepts a PDF with only an owner password, as one file and as a stack', async () => {
    const original = deepTreePdf(3, 1);
    const restricted = await encryptedPdf(original);
    const [single] = await accepted('eingeschränkt.pdf', restricted, 'student');
    expect(single).toMatchObject({ original_name: 'eingeschränkt.pdf', pages: 3 });
    await likePoppler(single!.id, original);
    const a5 = deepTreePdf(3, 2, [420, 595]);
    const stack = await accepted('stapel.pdf', await encryptedPdf(a5), 'teacher');
    expect(stack.map((p) => p.original_name)).toEqual([1, 2, 3].map((n) => `stapel.pdf – Seite ${n}`));
    await likePoppler(stack[0]!.id, a5);
  }, 60_000);

  it('refuses a PDF that needs a password to open, in German', async () => {
    const res = await upload('geheim.pdf', await encryptedPdf(deepTreePdf(1, 1), 'Schulpasswort'), 'student');
    expect(res.status).toBe(415);
    expect(ZApiError.parse(res.body).error).toMatchObject({
      code: 'UPLOAD_PDF_ENCRYPTED',
      message: 'Die PDF-Datei ist passwortgeschützt. Bitte lade sie ohne Passwort hoch.',
    });
  });

  it('repairs a damaged cross-reference table as a reader does', async () => {
    const original = deepTreePdf(2, 1, [612, 792]);
    const [file] = await accepted('scan-kaputt.pdf', damagedXref(original), 'student');
    expect(file).toMatchObject({ pages: 2 });
    await likePoppler(file!.id, original);
  }, 60_000);

  it('draws a CMYK JPEG page and a very wide page at their aspect', async () => {
    const cmyk = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#2a6fdb' } })
      .toColourspace('cmyk')
      .jpeg({ quality: 90 })
      .toBuffer();
    const cmykPdf = await imagePdf({
      size: [612, 792],
      image: {
        bytes: cmyk,
        dict: { Width: 600, Height: 800, BitsPerComponent: 8, ColorSpace: 'DeviceCMYK', Filter: 'DCTDecode' },
      },
    });
    const [cmykFile] = await accepted('cmyk.pdf', cmykPdf, 'student');
    await likePoppler(cmykFile!.id, cmykPdf);
    const wide = deepTreePdf(1, 1, [500, 125]);
    const [wideFile] = await accepted('breit.pdf', wide, 'student');
    await likePoppler(wideFile!.id, wide);
  }, 60_000);
});
