// Renders PDF pages to PNG for vision models (openai provider), fully offline: pdfjs-dist's legacy build
// for Node draws with @napi-rs/canvas. Imported lazily, only when a PDF is sent to the provider.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Long side of a rendered page in pixels: legible handwriting at a size vision models accept. */
const LONG_SIDE = 1600;

interface NodeCanvas {
  canvas: { toBuffer(mime: 'image/png'): Buffer };
  context: unknown;
}
interface CanvasFactory {
  create(width: number, height: number): NodeCanvas;
  destroy(canvas: NodeCanvas): void;
}

/** PNG bytes of the first `maxPages` pages. */
export async function renderPdfPages(bytes: Uint8Array, maxPages: number): Promise<Uint8Array[]> {
  const doc = await getDocument({
    // pdfjs takes ownership of (detaches) the buffer: give it a copy.
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    const factory = (doc as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
    const pages: Uint8Array[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, maxPages); n++) {
      const page = await doc.getPage(n);
      const unscaled = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: LONG_SIDE / Math.max(unscaled.width, unscaled.height) });
      const target = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
      // The Node canvas stands in for the DOM types pdfjs declares.
      const params = { canvas: target.canvas, canvasContext: target.context, viewport };
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed where the DOM lib is loaded (tests/)
      await page.render(params as unknown as Parameters<typeof page.render>[0]).promise;
      pages.push(new Uint8Array(target.canvas.toBuffer('image/png')));
      factory.destroy(target);
      page.cleanup();
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
