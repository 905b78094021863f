import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type { createWorker } from 'tesseract.js';
import type { RgbaImage } from './pdf-pages';
import { pagePixels } from './read-page';

// What a page without a code shows (ADR 017): whether it is blank (an empty back of a sheet), and the text
// printed in its header, where the per-student worksheet has the student's name. Read on this server with
// Tesseract (WebAssembly, German model shipped with the npm package): the page never leaves the app for it.
// Runs in the page worker (worker.ts); the OCR engine starts with the first page that needs it and lives as
// long as that thread.

/** Long side the page is taken at: the 12 pt name is about 25 px high, which Tesseract reads best. */
const LONG_SIDE = 1800;
/** The worksheet's header (title, name field, due date) lies in the top sixth of an upright A4 page. */
const HEADER = 0.17;
/** Below this share of dark pixels a page counts as blank (a stray speck, a scanner's edge shadow). */
const BLANK_INK = 0.002;

type OcrWorker = Awaited<ReturnType<typeof createWorker>>;
let ocr: Promise<OcrWorker> | null = null;

function ocrWorker(): Promise<OcrWorker> {
  ocr ??= (async () => {
    const { createWorker, OEM } = await import('tesseract.js');
    const require = createRequire(import.meta.url);
    const langPath = path.join(
      path.dirname(require.resolve('@tesseract.js-data/deu/package.json')),
      '4.0.0_best_int',
    );
    return createWorker('deu', OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' });
  })();
  // A failed start is tried again with the next page.
  ocr.catch(() => (ocr = null));
  return ocr;
}

/** Share of pixels darker than mid-grey, on a grey version of the page. */
function inkShare(image: RgbaImage): number {
  let dark = 0;
  const pixels = image.width * image.height;
  for (let i = 0; i < pixels; i++) {
    const o = i * 4;
    const grey = 0.299 * image.data[o]! + 0.587 * image.data[o + 1]! + 0.114 * image.data[o + 2]!;
    if (grey < 128 && image.data[o + 3]! > 127) dark++;
  }
  return pixels ? dark / pixels : 0;
}

/** The top `share` of the page as a grey PNG; with `upsideDown` the bottom band, turned over. */
function band(image: RgbaImage, share: number, upsideDown: boolean): Promise<Buffer> {
  const height = Math.max(1, Math.round(image.height * share));
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .extract({ left: 0, top: upsideDown ? image.height - height : 0, width: image.width, height })
    .rotate(upsideDown ? 180 : 0)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .normalise()
    .png()
    .toBuffer();
}

export interface PageInspection {
  blank: boolean;
  /** The header's text, upright and upside down (the page's orientation is unknown without its code). */
  text: string;
}

/** Whether the page is blank, and otherwise the text of its header. */
export async function inspectPage(bytes: Uint8Array, mime: string): Promise<PageInspection> {
  const page = await pagePixels(bytes, mime, LONG_SIDE);
  if (inkShare(page) < BLANK_INK) return { blank: true, text: '' };
  const worker = await ocrWorker();
  const texts: string[] = [];
  for (const upsideDown of [false, true]) {
    const { data } = await worker.recognize(await band(page, HEADER, upsideDown));
    texts.push(data.text);
  }
  return { blank: false, text: texts.join('\n') };
}
