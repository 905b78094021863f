import sharp from 'sharp';
import { drawPage, withDocument } from './pdf-pages';

// A clean copy of a PDF that only a reader's repairs open (ADR 031): owner-password restrictions, a damaged
// cross-reference table, a broken page tree. pdfjs opens such a file as poppler does; pdf-lib, which stores
// and splits uploads, cannot. Each page is drawn again as a JPEG at scanner resolution and put on a page of
// the same size. Runs in the page worker (worker.ts), under its memory and time limits.

/** Long side of a redrawn page: 200 dpi on A4, legible for the teacher and the AI. */
const LONG_SIDE = 2339;
const JPEG_QUALITY = 85;

/** How many pages pdfjs finds; throws pdfjs's PasswordException when the file needs a password. */
export function pdfPageCount(bytes: Uint8Array): Promise<number> {
  return withDocument(bytes, (doc) => Promise.resolve(doc.numPages));
}

export interface RedrawnPage {
  jpeg: Uint8Array;
  /** Size in points as a reader shows the page (rotation applied). */
  width: number;
  height: number;
}

/** Every page drawn again as a JPEG; fails when one cannot be drawn (a file cut off, say). */
export function redrawPages(bytes: Uint8Array): Promise<RedrawnPage[]> {
  return withDocument(bytes, async (doc) => {
    const pages: RedrawnPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const { width, height } = (await doc.getPage(n)).getViewport({ scale: 1 });
      const pixels = await drawPage(doc, n, LONG_SIDE, (target, w, h) => ({
        data: Buffer.from(target.canvas.data()),
        w,
        h,
      }));
      const jpeg = await sharp(pixels.data, { raw: { width: pixels.w, height: pixels.h, channels: 4 } })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: JPEG_QUALITY })
        .toBuffer();
      pages.push({ jpeg: new Uint8Array(jpeg), width, height });
    }
    return pages;
  });
}
