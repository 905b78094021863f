import { UPLOAD_LIMITS, UPLOAD_MAX_PIXELS } from '@app/contract';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PDFDocument as PdfDocument } from 'pdf-lib';
import type { Sharp } from 'sharp';
import type { Storage } from '../storage';
import { AppError } from '../app-error';
import { loadSharp } from '../sharp';
import { withExtension } from './filename';
import { decodeHeic, HeicDecodeError } from './heic';
import { Semaphore } from './semaphore';
import type { UploadKind } from './sniff';

// What happens to a received file before it is stored (ARCHITECTURE.md §8, ADR 008):
// - photos (JPEG, PNG, WebP, HEIC) are decoded and re-encoded as JPEG: auto-rotated by their EXIF
//   orientation, transparency flattened onto white, all metadata (EXIF with GPS, camera, XMP) dropped, at
//   most UPLOAD_MAX_PIXELS pixels;
// - PDFs are stored byte for byte once they parse, are not encrypted and have at least one page; one that only
//   a reader opens (an owner password, a damaged cross-reference table) is stored as a redrawn copy (ADR 031);
//   a teacher's stack (`splitPdf`) is stored as one single-page PDF per page instead, so that pages can go to
//   students.
// The SHA-256 is taken over the bytes as stored: re-encoding is deterministic, so the same photo sent twice
// gives the same hash.

/** JPEG quality of re-encoded photos: handwriting stays crisp, a 12 MP photo ends up around 2–4 MB. */
export const JPEG_QUALITY = 82;
/**
 * Huffman optimisation makes libjpeg keep all DCT coefficients of the image for a second pass (~15 MB for
 * 5 MP) and costs time; without it files are a few per cent larger and memory stays flatter (ADR 008).
 */
const OPTIMISE_CODING = false;

// sharp is loaded on the first photo (lib/sharp.ts, ADR 023), with one libvips thread per image and no
// operation cache: memory stays flat under many parallel uploads, and parallelism comes from PROCESSING_SLOTS
// instead (ADR 008, tests/bench/uploads.ts).

/**
 * How many files are decoded and re-encoded at once, across all requests: one core stays for the event loop
 * (and PGlite), at most two re-encodes run together. More parallelism buys little and costs memory.
 */
export const PROCESSING_SLOTS = Math.max(1, Math.min(2, availableParallelism() - 1));
const slots = new Semaphore(PROCESSING_SLOTS);

export interface StoredFile {
  key: string;
  original_name: string;
  mime: string;
  size: number;
  sha256: string;
  pages: number | null;
}

/** SHA-256 and byte count of what passes through. */
class Digest extends Transform {
  private readonly hash = createHash('sha256');
  size = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.hash.update(chunk);
    this.size += chunk.length;
    callback(null, chunk);
  }
  hex(): string {
    return this.hash.digest('hex');
  }
}

/**
 * Streams `source` through a digest into storage. A failure of the source is reported as `mapSourceError`
 * says (decoding errors), a failure of the storage as it is; either way nothing stays under `key`.
 */
async function storeStream(
  storage: Storage,
  key: string,
  source: Readable,
  mapSourceError: (err: Error) => Error,
): Promise<{ size: number; sha256: string }> {
  const digest = new Digest();
  let sourceError: Error | undefined;
  source.once('error', (err) => (sourceError = err));
  const [piped, stored] = await Promise.allSettled([pipeline(source, digest), storage.put(key, digest)]);
  if (sourceError) throw mapSourceError(sourceError);
  if (stored.status === 'rejected') throw stored.reason;
  if (piped.status === 'rejected') throw piped.reason;
  return { size: digest.size, sha256: digest.hex() };
}

function imageError(details: unknown) {
  return (err: Error): Error => {
    if (err instanceof AppError) return err;
    if (/pixel limit/i.test(err.message)) return new AppError('UPLOAD_IMAGE_TOO_LARGE', details);
    return new AppError('UPLOAD_IMAGE_UNREADABLE', details, { cause: err });
  };
}

/** The re-encoding every photo goes through. */
const toJpeg = (image: Sharp) =>
  image
    .rotate()
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: JPEG_QUALITY, optimiseCoding: OPTIMISE_CODING });

/** sharp on the file as sent; it reads the file itself (not through the JS heap). */
const openImage = async (file: string) =>
  (await loadSharp())(file, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' });

async function heicSource(file: string, details: unknown): Promise<Sharp> {
  try {
    const { width, height, data } = await decodeHeic(file, UPLOAD_MAX_PIXELS);
    return (await loadSharp())(data, { raw: { width, height, channels: 4 } }).removeAlpha();
  } catch (err) {
    if (err instanceof HeicDecodeError && err.reason === 'pixels')
      throw new AppError('UPLOAD_IMAGE_TOO_LARGE', details);
    // Not HEVC (e.g. an AV1-coded HEIF): the prebuilt libvips reads those itself.
    const image = await openImage(file);
    try {
      await image.metadata();
    } catch {
      throw new AppError('UPLOAD_IMAGE_UNREADABLE', details, { cause: err });
    }
    return image;
  }
}

/** A PDF ready to store: pdf-lib's document, and the clean copy to store instead of the file when it was redrawn. */
interface LoadedPdf {
  doc: PdfDocument;
  copy: Uint8Array | null;
}

/**
 * The parsed PDF at `file`. A file pdf-lib parses whole (not encrypted, with pages and its end marker) is
 * taken as it is. Any other is opened as a reader opens it (ADR 031): pdfjs, in the page worker, without a
 * password, repairing a damaged cross-reference table or page tree as poppler does; every page is then drawn
 * again into a clean copy. Refused: a file that needs a password, one a reader cannot open or that has no
 * pages, and one with a page that cannot be drawn (a file cut off in the middle).
 */
async function loadPdf(file: string, details: unknown): Promise<LoadedPdf> {
  const bytes = await readFile(file);
  const { PDFDocument } = await import('pdf-lib');
  let encrypted = false;
  try {
    // Loaded despite encryption to tell "encrypted" from "broken" (pdf-lib's own error classes do not
    // survive its ES5 build for instanceof).
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    encrypted = doc.isEncrypted;
    // A file with a header and `%%EOF` but no page tree loads, then fails at the page count.
    if (!encrypted && hasEndMarker(bytes) && doc.getPageCount() >= 1) return { doc, copy: null };
  } catch {
    // Left to the reader below.
  }
  const copy = await redrawnCopy(bytes, details, encrypted);
  return { doc: await PDFDocument.load(copy, { updateMetadata: false }), copy };
}

/** A PDF ends with %%EOF (allowing for trailing garbage); without it the file was cut off or damaged. */
function hasEndMarker(bytes: Buffer): boolean {
  return bytes
    .subarray(Math.max(0, bytes.length - 1024))
    .toString('latin1')
    .includes('%%EOF');
}

/** Every page of a PDF only a reader opens, drawn again (page-worker/redraw.ts) onto a new PDF. */
async function redrawnCopy(bytes: Buffer, details: unknown, encrypted: boolean): Promise<Uint8Array> {
  const { pdfPageCount, redrawPdf, PdfNeedsPassword, PageWorkerUnavailable } = await import('../page-worker');
  const refuse = (err: unknown): never => {
    if (err instanceof AppError) throw err;
    if (err instanceof PageWorkerUnavailable)
      throw new AppError('SERVICE_UNAVAILABLE', undefined, { cause: err });
    // An encryption pdfjs cannot open without a password (or at all) is reported as such.
    if (err instanceof PdfNeedsPassword || encrypted)
      throw new AppError('UPLOAD_PDF_ENCRYPTED', details, { cause: err });
    throw new AppError('UPLOAD_PDF_BROKEN', details, { cause: err });
  };
  const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = await pdfPageCount(data).catch(refuse);
  if (count < 1) refuse(new Error('no pages'));
  if (count > UPLOAD_LIMITS.maxStackPdfPages) throw new AppError('UPLOAD_PDF_TOO_MANY_PAGES', details);
  const pages = await redrawPdf(data, count).catch(refuse);
  const { PDFDocument } = await import('pdf-lib');
  const copy = await PDFDocument.create({ updateMetadata: false });
  for (const { jpeg, width, height } of pages) {
    const image = await copy.embedJpg(jpeg);
    copy.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
  }
  return copy.save();
}

/** "scan.pdf – Seite 3": the name of one page of a split stack. */
function pageName(name: string, page: number): string {
  return `${name} – Seite ${page}`;
}

/**
 * Stores every page of a stack PDF as a PDF of its own, in order (`<key>-p<n>`). The pages are copied one at
 * a time (only one page's output is held at once), without new metadata, so the same scan sent again gives
 * the same bytes and is recognised as a duplicate. A page that cannot be copied refuses the whole file; the
 * pages stored before are removed again.
 */
async function storePdfPages(
  storage: Storage,
  input: { source: PdfDocument; key: string; name: string; details: unknown; signal: AbortSignal },
): Promise<StoredFile[]> {
  const { source, key, name, details, signal } = input;
  const count = source.getPageCount();
  if (count > UPLOAD_LIMITS.maxStackPdfPages) throw new AppError('UPLOAD_PDF_TOO_MANY_PAGES', details);
  const { PDFDocument } = await import('pdf-lib');
  const stored: StoredFile[] = [];
  try {
    for (let index = 0; index < count; index += 1) {
      signal.throwIfAborted();
      let bytes: Uint8Array;
      try {
        const single = await PDFDocument.create({ updateMetadata: false });
        const [page] = await single.copyPages(source, [index]);
        single.addPage(page);
        bytes = await single.save();
      } catch (err) {
        throw new AppError('UPLOAD_PDF_BROKEN', details, { cause: err });
      }
      const pageKey = `${key}-p${index + 1}`;
      const { size, sha256 } = await storeStream(storage, pageKey, Readable.from([bytes]), (err) => err);
      stored.push({
        key: pageKey,
        original_name: pageName(name, index + 1),
        mime: 'application/pdf',
        size,
        sha256,
        pages: 1,
      });
    }
  } catch (err) {
    await Promise.all(stored.map((f) => storage.delete(f.key).catch(() => undefined)));
    throw err;
  }
  return stored;
}

/**
 * Checks and converts the received file at `file` (already sniffed as `kind`) and stores the result under
 * `key` — or, for a PDF with `splitPdf` of more than one page, one file per page. Waits for one of
 * PROCESSING_SLOTS; `signal` skips the work when the upload has failed meanwhile. `details` goes into the
 * error body (which file it was).
 */
export async function processFile(
  storage: Storage,
  input: {
    key: string;
    file: string;
    kind: UploadKind;
    name: string;
    details: unknown;
    signal: AbortSignal;
    splitPdf?: boolean;
  },
): Promise<StoredFile[]> {
  const { key, file, kind, name, details, signal } = input;
  return slots.run(async () => {
    signal.throwIfAborted();
    if (kind === 'pdf') {
      const { doc, copy } = await loadPdf(file, details);
      const pages = doc.getPageCount();
      if (input.splitPdf && pages > 1) {
        return storePdfPages(storage, {
          source: doc,
          key,
          name: withExtension(name, 'pdf'),
          details,
          signal,
        });
      }
      const content = copy ? Readable.from([copy]) : createReadStream(file);
      const { size, sha256 } = await storeStream(storage, key, content, (err) => err);
      return [
        {
          key,
          original_name: withExtension(name, 'pdf'),
          mime: 'application/pdf',
          size,
          sha256,
          pages,
        },
      ];
    }
    const source = kind === 'heic' ? await heicSource(file, details) : await openImage(file);
    const { size, sha256 } = await storeStream(storage, key, toJpeg(source), imageError(details));
    return [{ key, original_name: withExtension(name, 'jpg'), mime: 'image/jpeg', size, sha256, pages: 1 }];
  });
}
