import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { repoRoot } from './server';

/**
 * Printed worksheets on their way back (PRODUCT.md §4 "Scans zuordnen"): rendered as a scanner would, the QR
 * code of a page decoded or covered, and the scans put together into one PDF, the teacher's stack.
 */

const run = promisify(execFile);

// jsQR and pdf-lib live in the API's dependencies (not the tests').
const apiRequire = createRequire(path.join(repoRoot, 'apps/api/package.json'));
const jsQR = apiRequire('jsqr') as (
  data: Uint8ClampedArray,
  width: number,
  height: number,
) => { data: string } | null;
interface PdfLib {
  PDFDocument: {
    create(): Promise<{
      embedJpg(bytes: Uint8Array): Promise<unknown>;
      addPage(size: [number, number]): {
        drawImage(image: unknown, box: { x: number; y: number; width: number; height: number }): void;
      };
      save(): Promise<Uint8Array>;
    }>;
  };
}
const { PDFDocument } = apiRequire('pdf-lib') as PdfLib;

/** Every page of `pdf` as a JPEG at `dpi`, as a scanner delivers it (pdftoppm). */
export async function scanPages(pdf: Buffer, dpi = 150): Promise<Buffer[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'scan-'));
  try {
    await writeFile(path.join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', ['-r', String(dpi), '-jpeg', path.join(dir, 'in.pdf'), path.join(dir, 'p')]);
    const files = (await readdir(dir)).filter((f) => f.endsWith('.jpg')).sort();
    return Promise.all(files.map((f) => readFile(path.join(dir, f))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The top right quarter of a page, where the worksheet prints its QR code. */
async function codeArea(page: Buffer) {
  const { width, height } = await sharp(page).metadata();
  return { left: Math.floor(width / 2), top: 0, width: Math.ceil(width / 2), height: Math.floor(height / 4) };
}

/** The QR code of a scanned page, or null. */
export async function pageCode(page: Buffer): Promise<string | null> {
  const { data, info } = await sharp(page)
    .extract(await codeArea(page))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

/** The page with its QR code covered by a white label (as a torn corner or a sticker would). */
export async function coverCode(page: Buffer): Promise<Buffer> {
  const area = await codeArea(page);
  const label = await sharp({
    create: { width: area.width, height: area.height, channels: 3, background: '#ffffff' },
  })
    .png()
    .toBuffer();
  return sharp(page)
    .composite([{ input: label, left: area.left, top: area.top }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The scanned pages as one A4 PDF, in order: what a school copier sends. */
export async function stackOf(pages: Buffer[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (const page of pages) {
    const image = await doc.embedJpg(page);
    doc.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
  }
  return Buffer.from(await doc.save());
}
