// Renders PDF pages offline: pdfjs-dist's legacy build for Node draws with @napi-rs/canvas. Used for vision
// models (openai provider), reading the teacher's scanned stack and thumbnails (domain/scans). Imported
// lazily, only when a PDF is rendered; pdfjs itself (about 30 MB) is imported at the first document, because
// the server bundle inlines this module (ADR 023).
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Long side of a page rendered for a vision model: legible handwriting at a size models accept. */
const LONG_SIDE = 1600;

export interface NodeCanvas {
  canvas: { toBuffer(mime: 'image/png'): Buffer; data(): Buffer };
  context: object;
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

/**
 * What pdfjs reads besides the PDF, from its own package: the decoders for JBIG2, CCITT fax and JPEG 2000
 * (copiers' black-and-white scans; WebAssembly), the 14 standard fonts (a PDF may name Helvetica or Times
 * without embedding them, as pdf-lib's standard fonts do) and the CMaps of CJK fonts. Without them such
 * images are drawn blank and such text with whatever fonts the system has (none in the image). Resolved
 * beside pdfjs-dist in node_modules, which the bundle keeps external and the image ships: the same paths
 * from source and from dist. pdfjs in Node reads them with fs: plain directories with a trailing separator.
 */
function assets() {
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const dir = (name: string) => path.join(root, name) + path.sep;
  return {
    wasmUrl: dir('wasm'),
    standardFontDataUrl: dir('standard_fonts'),
    cMapUrl: dir('cmaps'),
    cMapPacked: true,
  };
}

let assetDirs: ReturnType<typeof assets> | null = null;

/**
 * pdfjs's JPEG 2000 decoder is WebAssembly with relaxed SIMD, which V8 ships from Node 21 on. Node 20 (the
 * image's) has it behind a flag; without it pdfjs falls back to its JavaScript build, six times slower (3.7
 * instead of 0.6 s of CPU for an A4 page at 150 dpi). Process-wide like PGlite's `--liftoff-only` (ADR 023),
 * and only modules compiled afterwards see it: set before the first document.
 */
function enableRelaxedSimd(): void {
  if (Number(process.versions.node.split('.')[0]) < 21)
    v8.setFlagsFromString('--experimental-wasm-relaxed-simd');
}

export async function withDocument<T>(
  bytes: Uint8Array,
  use: (doc: PDFDocumentProxy) => Promise<T>,
): Promise<T> {
  if (!assetDirs) {
    enableRelaxedSimd();
    assetDirs = assets();
  }
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({
    // pdfjs takes ownership of (detaches) the buffer: give it a copy.
    data: new Uint8Array(bytes),
    ...assetDirs,
    // Glyphs are drawn as paths from the font data (embedded or standard), never with system fonts: the
    // same page looks the same on every server.
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

/** A rectangle of a page's drawing in its pixels (at the size it is drawn). */
export interface PixelArea {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** One page opened for several drawings (sizes or parts of it); see `withPage`. */
export interface OpenPage {
  /** Pixel size of the whole page drawn with its long side `longSide` (`pageSize` of its visible box). */
  size(longSide: number): { width: number; height: number };
  /**
   * Draws the page with its long side `longSide`, or only `area` of that drawing on a canvas of the area's
   * size (as the whole drawing shows it there, up to the antialiasing of a few glyph edges), and hands the
   * canvas to `take`.
   */
  draw<T>(
    longSide: number,
    take: (target: NodeCanvas, width: number, height: number) => T,
    area?: PixelArea,
  ): Promise<T>;
}

/**
 * Page `n` (1-based) of `doc` for `use`, which may draw it several times: the drawings share its operator
 * list (content and fonts are read once, not per drawing); it is freed afterwards.
 */
export async function withPage<T>(
  doc: PDFDocumentProxy,
  n: number,
  use: (page: OpenPage) => Promise<T>,
): Promise<T> {
  const factory = (doc as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
  const page = await doc.getPage(n);
  try {
    // The viewport applies the page's /Rotate and its crop box, as a reader shows the page.
    const unscaled = page.getViewport({ scale: 1 });
    const size = (longSide: number) => pageSize(unscaled.width, unscaled.height, longSide);
    return await use({
      size,
      async draw(longSide, take, area) {
        const viewport = page.getViewport({ scale: longSide / Math.max(unscaled.width, unscaled.height) });
        const { width, height } = size(longSide);
        const { left, top, width: w, height: h } = area ?? { left: 0, top: 0, width, height };
        const target = factory.create(w, h);
        try {
          // The Node canvas stands in for the DOM types pdfjs declares. The transform stretches the page by
          // the rounding of its short side, so that it fills the canvas to the edge, and moves the area to
          // the canvas's origin by whole pixels.
          const fill = [width / viewport.width, 0, 0, height / viewport.height, -left, -top];
          const params = { canvas: target.canvas, canvasContext: target.context, viewport, transform: fill };
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed where the DOM lib is loaded (tests/)
          await page.render(params as unknown as Parameters<typeof page.render>[0]).promise;
          return take(target, w, h);
        } finally {
          factory.destroy(target);
        }
      },
    });
  } finally {
    page.cleanup();
  }
}

/** Draws page `n` (1-based) with its long side `longSide` pixels and hands the canvas to `take`. */
export function drawPage<T>(
  doc: PDFDocumentProxy,
  n: number,
  longSide: number,
  take: (target: NodeCanvas, width: number, height: number) => T,
): Promise<T> {
  return withPage(doc, n, (page) => page.draw(longSide, take));
}

/**
 * The canvas's pixels, copied before the canvas is freed: its own RGBA (premultiplied, which changes nothing
 * on the opaque page pdfjs paints on white), half the time of getImageData's conversion.
 */
export function canvasPixels(target: NodeCanvas, width: number, height: number): RgbaImage {
  return { width, height, data: new Uint8ClampedArray(target.canvas.data()) };
}

/**
 * Pixel size of a page `width` × `height` (points, as shown) drawn with its long side `longSide`: the short
 * side rounded, at least 1 px (a page of 500 × 1 pt is still drawn). Also used for a scan's image taken as
 * the page (read-page.ts), so both ways give the same size.
 */
export function pageSize(width: number, height: number, longSide: number): { width: number; height: number } {
  const scale = longSide / Math.max(width, height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
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
  return withDocument(bytes, (doc) => drawPage(doc, 1, longSide, canvasPixels));
}
