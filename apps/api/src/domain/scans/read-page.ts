import jsQR from 'jsqr';
import sharp from 'sharp';
import type { RgbaImage } from '../../ai/pdf-pages';

// Drawing one uploaded page and finding its printed QR code (ADR 017). Runs in the page worker (worker.ts),
// never on the API's event loop. A page is a single-page PDF (a split stack) or a JPEG (photos are stored as
// JPEG). A scanner's page is one JPEG inside the PDF: that JPEG is decoded directly (libjpeg, a few ms),
// which is ten times faster than drawing the page with pdfjs; any other PDF is drawn.
//
// jsQR looks for a code anywhere on the page, in any orientation. The worksheet's code is 80 pt wide
// (domain/pdfs/worksheet.ts): at a long side of 1200 px (≈ 100 dpi on A4) a module is 3 px, which reads
// reliably also on a page scanned upside down or shrunk to fit. Only when that fails is a second, sharper
// image tried, inverted too.

const FIRST_LONG_SIDE = 1800;
const SECOND_LONG_SIDE = 2600;
/** Long side of the image the AI service reads a name from: legible handwriting. */
const AI_LONG_SIDE = 1600;
const THUMBNAIL_LONG_SIDE = 400;

/**
 * The JPEG a scanner's page consists of: the page's only resource is one DCT-encoded image (no fonts, no
 * other images); null for anything else. With the page's rotation (degrees), which the JPEG does not carry.
 */
async function scannedJpeg(bytes: Uint8Array): Promise<{ jpeg: Uint8Array; rotate: number } | null> {
  const { PDFDocument, PDFDict, PDFName, PDFRawStream, PDFArray } = await import('pdf-lib');
  const doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  if (doc.getPageCount() !== 1) return null;
  const page = doc.getPage(0);
  const resources = page.node.Resources();
  if (!resources) return null;
  const fonts = resources.lookup(PDFName.of('Font'));
  if (fonts instanceof PDFDict ? fonts.entries().length > 0 : fonts !== undefined) return null;
  const xobjects = resources.lookup(PDFName.of('XObject'));
  if (!(xobjects instanceof PDFDict)) return null;
  const entries = xobjects.entries();
  if (entries.length !== 1) return null;
  const stream = doc.context.lookup(entries[0]![1]);
  if (!(stream instanceof PDFRawStream)) return null;
  if (stream.dict.lookup(PDFName.of('Subtype')) !== PDFName.of('Image')) return null;
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const dct = PDFName.of('DCTDecode');
  const only = filter instanceof PDFArray && filter.size() === 1 ? filter.lookup(0) : filter;
  if (only !== dct) return null;
  return { jpeg: stream.contents, rotate: page.getRotation().angle };
}

/** Decodes a JPEG (or any image sharp reads) to RGBA at most `longSide` pixels long, turned upright. */
async function imagePixels(
  bytes: Uint8Array,
  longSide: number,
  options: { rotate?: number; enlarge?: boolean } = {},
): Promise<RgbaImage> {
  let image = sharp(bytes, { failOn: 'none' }).rotate();
  if ((options.rotate ?? 0) % 360 !== 0) image = sharp(await image.toBuffer()).rotate(options.rotate);
  const { data, info } = await image
    .resize(longSide, longSide, { fit: 'inside', withoutEnlargement: !options.enlarge })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
  };
}

async function drawnPixels(bytes: Uint8Array, longSide: number): Promise<RgbaImage> {
  const { renderFirstPage } = await import('../../ai/pdf-pages');
  return renderFirstPage(bytes, longSide);
}

/** The page's pixels at `longSide` (a photo or scan is never enlarged). */
export async function pagePixels(bytes: Uint8Array, mime: string, longSide: number): Promise<RgbaImage> {
  if (mime !== 'application/pdf') return imagePixels(bytes, longSide);
  const scan = await scannedJpeg(bytes).catch(() => null);
  return scan ? imagePixels(scan.jpeg, longSide, { rotate: scan.rotate }) : drawnPixels(bytes, longSide);
}

const decode = (image: RgbaImage, inversion: 'dontInvert' | 'attemptBoth') =>
  jsQR(image.data, image.width, image.height, { inversionAttempts: inversion })?.data ?? null;

/** A rectangle of the image (copied rows). */
function crop(image: RgbaImage, left: number, top: number, width: number, height: number): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const from = ((top + y) * image.width + left) * 4;
    data.set(image.data.subarray(from, from + width * 4), y * width * 4);
  }
  return { width, height, data };
}

/**
 * The corners a printed code lies in, the likeliest first: top right (upright), bottom left (upside down),
 * then the two others (turned a quarter). Each a sixth of the page, across its short side by half.
 */
function corners(image: RgbaImage): RgbaImage[] {
  const portrait = image.height >= image.width;
  const w = Math.ceil(image.width / (portrait ? 2 : 3));
  const h = Math.ceil(image.height / (portrait ? 3 : 2));
  const right = image.width - w;
  const bottom = image.height - h;
  return [
    [right, 0],
    [0, bottom],
    [0, 0],
    [right, bottom],
  ].map(([left, top]) => crop(image, left!, top!, w, h));
}

/** The text of the QR code on the page, or null when none could be read. */
export async function readPageCode(bytes: Uint8Array, mime: string): Promise<string | null> {
  // jsQR's time grows with the pixels: the corners first (a sixth each), then the whole page.
  const page = await pagePixels(bytes, mime, FIRST_LONG_SIDE);
  for (const corner of corners(page)) {
    const code = decode(corner, 'dontInvert');
    if (code !== null) return code;
  }
  const first = decode(page, 'dontInvert');
  if (first !== null) return first;
  // Larger (a small photo enlarged: smoother edges for jsQR's thresholding), and inverted too; a PDF is
  // drawn this time, whatever it holds.
  const second =
    mime === 'application/pdf'
      ? await drawnPixels(bytes, SECOND_LONG_SIDE)
      : await imagePixels(bytes, SECOND_LONG_SIDE, { enlarge: true });
  return decode(second, 'attemptBoth');
}

function encode(image: RgbaImage) {
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 4 },
  }).flatten({ background: '#ffffff' });
}

/** A JPEG of the page for the AI service (reading the printed name). */
export async function pageJpeg(bytes: Uint8Array, mime: string): Promise<Uint8Array> {
  return encode(await pagePixels(bytes, mime, AI_LONG_SIDE))
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A WebP of the image or the first PDF page, its long side 400 px. */
export async function thumbnailWebp(bytes: Uint8Array, mime: string): Promise<Uint8Array> {
  return encode(await pagePixels(bytes, mime, THUMBNAIL_LONG_SIDE))
    .webp({ quality: 80 })
    .toBuffer();
}
