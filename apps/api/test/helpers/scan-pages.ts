import { ZListFilesResponse, type SubmissionFile } from '@app/contract';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { SignedIn } from './tokens';

// Scanned pages made in the test from printed PDFs, as a school's copier or a phone gives them: rasterised
// by poppler, then skewed, thresholded, compressed, photographed, covered. Nothing comes from files in the
// repository.

const run = promisify(execFile);
/** A4 in points: the size a scanner gives its pages. */
export const A4: [number, number] = [595.28, 841.89];

/** Every page of the PDF as a JPEG at `dpi` (pdftoppm), with its text (pdftotext). */
export async function rasterise(pdf: Buffer, dpi = 150): Promise<Array<{ jpeg: Buffer; text: string }>> {
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
export async function shrunk(jpeg: Buffer): Promise<Buffer> {
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
export async function blankPage(seed: number): Promise<Buffer> {
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

/** The page turned by `degrees` on white (a sheet fed askew), cut back to its size. */
export async function skewed(jpeg: Buffer, degrees: number): Promise<Buffer> {
  const { width, height } = await sharp(jpeg).metadata();
  const turned = await sharp(jpeg)
    .rotate(degrees, { background: '#ffffff' })
    .toBuffer({ resolveWithObject: true });
  return sharp(turned.data)
    .extract({
      left: Math.floor((turned.info.width - width) / 2),
      top: Math.floor((turned.info.height - height) / 2),
      width,
      height,
    })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A fax-like scan: 100 dpi, black and white only (a PNG, as a copier's 1-bit page is not a JPEG). */
export async function thresholded(jpeg: Buffer, dpi = 100): Promise<Buffer> {
  const { width } = await sharp(jpeg).metadata();
  return sharp(jpeg)
    .resize({ width: Math.round((width * dpi) / 150) })
    .greyscale()
    .threshold(160)
    .png({ palette: true, colours: 2 })
    .toBuffer();
}

/** Strong JPEG compression. */
export const compressed = (jpeg: Buffer, quality = 40) => sharp(jpeg).jpeg({ quality }).toBuffer();

/**
 * A phone photo of the sheet: turned by `degrees`, leaning (a shear for the perspective), on a grey desk,
 * with a shadow falling across it from one side.
 */
export async function phonePhoto(jpeg: Buffer, degrees = 7): Promise<Buffer> {
  const { width, height } = await sharp(jpeg).metadata();
  const leaning = await sharp(jpeg)
    .affine(
      [
        [1, 0.04],
        [0.02, 0.97],
      ],
      { background: '#8a8578' },
    )
    .rotate(degrees, { background: '#8a8578' })
    .toBuffer({ resolveWithObject: true });
  const w = leaning.info.width;
  const h = leaning.info.height;
  const shadow = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="s" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0" stop-color="#000" stop-opacity="0.45"/><stop offset="0.55" stop-color="#000" stop-opacity="0.1"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#s)"/></svg>`,
  );
  return sharp(leaning.data)
    .composite([{ input: shadow, blend: 'multiply' }])
    .resize({ width: Math.round(width * 1.3), height: Math.round(height * 1.3), fit: 'inside' })
    .jpeg({ quality: 75 })
    .toBuffer();
}

/**
 * The worksheet's QR code covered (a sticky note over the top right corner) — the name field stays
 * readable. For pages at 150 dpi of the A4 worksheet (code 80 pt wide, 50 pt from the top right).
 */
export async function codeCovered(jpeg: Buffer): Promise<Buffer> {
  const { width } = await sharp(jpeg).metadata();
  const px = width / A4[0];
  const left = Math.round((A4[0] - 50 - 80 - 12) * px);
  const size = Math.round(104 * px);
  return sharp(jpeg)
    .composite([
      {
        input: { create: { width: size, height: size, channels: 3, background: '#fff3a0' } },
        left,
        top: Math.round(38 * px),
      },
    ])
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** One PDF with every image (JPEG or PNG) as a full A4 page: what a document scanner produces. */
export async function scannerPdf(pages: readonly Buffer[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (const bytes of pages) {
    const png = bytes[0] === 0x89 && bytes[1] === 0x50;
    const image = png ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
    doc.addPage(A4).drawImage(image, { x: 0, y: 0, width: A4[0], height: A4[1] });
  }
  return Buffer.from(await doc.save());
}

/** A fixed shuffle (deterministic, so that a failure can be reproduced). */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The task's files once every page of `fileIds` has been read (stacks are read in the background after the
 * upload returns): each has its reading (every page of a fresh stack gets one), or is gone (merged).
 */
export async function filesOnceRead(
  teacher: SignedIn,
  taskId: string,
  fileIds: readonly string[],
  ms = 240_000,
): Promise<SubmissionFile[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await teacher.call('GET', `/api/files?taskId=${taskId}`);
    if (res.statusCode !== 200) throw new Error(`files ${res.statusCode}: ${res.body}`);
    const files = ZListFilesResponse.parse(res.json()).files;
    const byId = new Map(files.map((f) => [f.id, f]));
    const unread = fileIds.filter((id) => {
      const file = byId.get(id);
      // Gone from the list: merged into a hand-in that already had the same content. A page is assigned
      // while the stack is read and gets its reading a moment later: only the reading says it is done.
      return file !== undefined && file.scan === null;
    });
    if (unread.length === 0) return files;
    if (Date.now() > deadline) throw new Error(`${unread.length} pages still unread`);
    // Slow enough for the API's rate limit over a long stack.
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
