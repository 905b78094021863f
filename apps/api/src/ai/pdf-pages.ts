// Renders PDF pages offline: pdfjs-dist's legacy build for Node draws with @napi-rs/canvas. Used for vision
// models (openai provider), reading the teacher's scanned stack and thumbnails (domain/scans). Imported
// lazily, only when a PDF is rendered; pdfjs itself (about 30 MB) is imported at the first document, because
// the server bundle inlines this module (ADR 023).
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Long side of a page rendered for a vision model: legible handwriting at a size models accept. */
const LONG_SIDE = 1600;

interface NodeCanvas {
  canvas: { toBuffer(mime: 'image/png'): Buffer };
  context: {
    getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  };
}
interface CanvasFactory {
  create(width: number, height: number): NodeCanvas;
  destroy(canvas: NodeCanvas): void;
}

/** RGBA pixels, 8 bits a channel. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

async function withDocument<T>(bytes: Uint8Array, use: (doc: PDFDocumentProxy) => Promise<T>): Promise<T> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({
    // pdfjs takes ownership of (detaches) the buffer: give it a copy.
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    return await use(doc);
  } finally {
    await doc.destroy();
  }
}

/** Draws page `n` (1-based) with its long side `longSide` pixels and hands the canvas to `take`. */
async function drawPage<T>(
  doc: PDFDocumentProxy,
  n: number,
  longSide: number,
  take: (target: NodeCanvas, width: number, height: number) => T,
): Promise<T> {
  const factory = (doc as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
  const page = await doc.getPage(n);
  try {
    const unscaled = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: longSide / Math.max(unscaled.width, unscaled.height) });
    const width = Math.ceil(viewport.width);
    const height = Math.ceil(viewport.height);
    const target = factory.create(width, height);
    try {
      // The Node canvas stands in for the DOM types pdfjs declares.
      const params = { canvas: target.canvas, canvasContext: target.context, viewport };
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed where the DOM lib is loaded (tests/)
      await page.render(params as unknown as Parameters<typeof page.render>[0]).promise;
      return take(target, width, height);
    } finally {
      factory.destroy(target);
    }
  } finally {
    page.cleanup();
  }
}

/** PNG bytes of the first `maxPages` pages. */
export async function renderPdfPages(bytes: Uint8Array, maxPages: number): Promise<Uint8Array[]> {
  return withDocument(bytes, async (doc) => {
    const pages: Uint8Array[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, maxPages); n++)
      pages.push(
        await drawPage(doc, n, LONG_SIDE, (target) => new Uint8Array(target.canvas.toBuffer('image/png'))),
      );
    return pages;
  });
}

/** The pixels of the first page, its long side `longSide` pixels. */
export async function renderFirstPage(bytes: Uint8Array, longSide: number): Promise<RgbaImage> {
  return withDocument(bytes, (doc) =>
    drawPage(doc, 1, longSide, (target, width, height) => ({
      width,
      height,
      data: target.context.getImageData(0, 0, width, height).data,
    })),
  );
}
