import sharp, { type Sharp } from 'sharp';
import { canvasPixels, pageSize, withDocument, withPage, type PixelArea, type RgbaImage } from './pdf-pages';
import { zxingDecode } from './decoders';
import { scannedJpeg, type ScannedJpeg } from './scanned-jpeg';

// Drawing one uploaded page and finding its printed QR code (ADR 017). Runs in the page worker (worker.ts),
// never on the API's event loop. A page is a single-page PDF (a split stack) or a JPEG (photos are stored as
// JPEG). A scanner's page is one JPEG covering the page: that JPEG is decoded directly (libjpeg, tens of ms),
// several times faster than drawing the page with pdfjs; any other PDF is drawn, as a reader shows it.
//
// The code is read with ZXing-C++ (decoders.ts; jsQR before it missed fax-like, faint and distant codes,
// measured in tests/bench/qr-decoders.ts): the code's corner, the whole page at most 1800 px long, then once
// more larger.

const FIRST_LONG_SIDE = 1800;
const SECOND_LONG_SIDE = 2600;
/** Long side of the image the AI service reads a name from: legible handwriting. */
const AI_LONG_SIDE = 1600;
const THUMBNAIL_LONG_SIDE = 400;

async function rgba(image: Sharp): Promise<RgbaImage> {
  // sRGB also for a grey image: four channels whatever the source had.
  const { data, info } = await image
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
  };
}

/** Decodes a photo (or any image sharp reads) to RGBA at most `longSide` pixels long, turned upright. */
async function imagePixels(
  bytes: Uint8Array,
  longSide: number,
  options: { enlarge?: boolean } = {},
): Promise<RgbaImage> {
  return rgba(
    sharp(bytes, { failOn: 'none' })
      .rotate()
      .resize(longSide, longSide, { fit: 'inside', withoutEnlargement: !options.enlarge }),
  );
}

/**
 * A scanner's page taken from its JPEG as a reader shows it: stretched over the page, at the page's aspect,
 * inverted by its /Decode, turned by the page's /Rotate; its long side `longSide`, or less when the JPEG has
 * fewer pixels (never enlarged: scaling 1754 px up to 1800 would cost five times the decoding). Inside a PDF
 * the JPEG's EXIF orientation and ICC profile count for nothing (the PDF's colour space does).
 */
async function scanPixels(scan: ScannedJpeg, longSide: number): Promise<RgbaImage> {
  const turned = scan.rotate % 180 !== 0;
  // The page unturned, as the image lies on it: pixels a point across and down.
  const [across, down] = turned ? [scan.height, scan.width] : [scan.width, scan.height];
  const own = Math.max(scan.pixels.width / across, scan.pixels.height / down) * Math.max(across, down);
  const ownSize = longSide >= Math.round(own);
  const size = pageSize(scan.width, scan.height, ownSize ? Math.round(own) : longSide);
  const [width, height] = turned ? [size.height, size.width] : [size.width, size.height];
  let image = sharp(scan.jpeg, { failOn: 'none', ignoreIcc: true });
  // At its own size, a pixel off by the rounding of the page's aspect (a 150 dpi A4 scan of 1241 × 1754 px
  // gives 1241 × 1755), the JPEG is taken as it is: stretching it by a pixel costs libvips a resampling
  // pass, four times the decoding.
  const near =
    ownSize && Math.abs(width - scan.pixels.width) <= 1 && Math.abs(height - scan.pixels.height) <= 1;
  if (!near && (width !== scan.pixels.width || height !== scan.pixels.height))
    image = image.resize(width, height, { fit: 'fill' });
  if (scan.invert) image = image.negate({ alpha: false });
  return rgba(image.rotate(scan.rotate));
}

function drawnPixels(bytes: Uint8Array, longSide: number): Promise<RgbaImage> {
  return withDocument(bytes, (doc) => withPage(doc, 1, (page) => page.draw(longSide, canvasPixels)));
}

/**
 * The page's pixels: a photo at most `longSide` long (never enlarged); a PDF page at its aspect and rotation,
 * its long side `longSide`, taken from its JPEG when it is a scanner's page (scanned-jpeg.ts; then at most
 * the JPEG's own pixels) and drawn otherwise.
 */
export async function pagePixels(bytes: Uint8Array, mime: string, longSide: number): Promise<RgbaImage> {
  if (mime !== 'application/pdf') return imagePixels(bytes, longSide);
  const scan = await scannedJpeg(bytes).catch(() => null);
  // A JPEG libjpeg refuses may still be drawn by pdfjs (its own decoder), as a reader would.
  if (scan) return scanPixels(scan, longSide).catch(() => drawnPixels(bytes, longSide));
  return drawnPixels(bytes, longSide);
}

/**
 * Where the worksheet prints its code on an upright page `width` × `height` px: the top right sixth (half the
 * short side across, a third of the long side down).
 */
function codeCorner(width: number, height: number): PixelArea {
  const portrait = height >= width;
  const w = Math.ceil(width / (portrait ? 2 : 3));
  const h = Math.ceil(height / (portrait ? 3 : 2));
  return { left: width - w, top: 0, width: w, height: h };
}

/** `area` of the image, copied out. */
function crop(image: RgbaImage, area: PixelArea): RgbaImage {
  const { left, top, width, height } = area;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const from = ((top + y) * image.width + left) * 4;
    data.set(image.data.subarray(from, from + width * 4), y * width * 4);
  }
  return { width, height, data };
}

/** The code on the code's corner of the image, else anywhere on it. */
async function codeOn(image: RgbaImage): Promise<string | null> {
  return (
    (await zxingDecode(crop(image, codeCorner(image.width, image.height)))) ?? (await zxingDecode(image))
  );
}

/** The text of the QR code on the page, or null when none could be read. */
export async function readPageCode(bytes: Uint8Array, mime: string): Promise<string | null> {
  // Scans are taken as scanned (a 100 dpi scan at its own 1169 px: enlarging it would blur the edges a
  // black-and-white scan has sharp). The code's corner first: half the CPU of the whole page on an upright
  // scan; every other place and orientation is then found on the whole page. Then more pixels: a photo
  // taken from afar (under 3 px a module at 1800 px) at up to 2600, a small photo enlarged, a PDF drawn at
  // 2600 whatever it holds.
  if (mime !== 'application/pdf')
    return (
      (await codeOn(await imagePixels(bytes, FIRST_LONG_SIDE))) ??
      zxingDecode(await imagePixels(bytes, SECOND_LONG_SIDE, { enlarge: true }))
    );
  const scan = await scannedJpeg(bytes).catch(() => null);
  // A JPEG libjpeg refuses may still be drawn by pdfjs (its own decoder), as a reader would.
  const scanned = scan && (await scanPixels(scan, FIRST_LONG_SIDE).catch(() => null));
  if (scanned) {
    const code = await codeOn(scanned);
    if (code !== null) return code;
  }
  // One document and one operator list for every drawing: fonts and content are read once.
  return withDocument(bytes, (doc) =>
    withPage(doc, 1, async (page) => {
      if (!scanned) {
        // Only the corner is drawn first (a sixth of the pixels to fill and copy), as the whole drawing shows
        // it (a few glyph edges antialiased differently, the code alike); the whole page only when the code
        // is not there.
        const { width, height } = page.size(FIRST_LONG_SIDE);
        const corner = await page.draw(FIRST_LONG_SIDE, canvasPixels, codeCorner(width, height));
        const code =
          (await zxingDecode(corner)) ?? (await zxingDecode(await page.draw(FIRST_LONG_SIDE, canvasPixels)));
        if (code !== null) return code;
      }
      return zxingDecode(await page.draw(SECOND_LONG_SIDE, canvasPixels));
    }),
  );
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
