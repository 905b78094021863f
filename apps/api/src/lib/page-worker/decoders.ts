import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import jsQR from 'jsqr';
import type * as ZxingReader from 'zxing-wasm/reader';
import type { ReaderOptions } from 'zxing-wasm/reader';
import type { RgbaImage } from './pdf-pages';

// QR decoders (ADR 017, measured in tests/bench/qr-decoders.ts). The page worker reads with ZXing-C++ built
// for WebAssembly (zxing-wasm): it also reads fax-like 100 dpi scans and faint grey copies, where jsQR (pure
// JavaScript, the worker's decoder before) read none, in a third to half of jsQR's CPU. jsQR stays here for
// that comparison; it read nothing zxing missed.

let zxing: Promise<typeof ZxingReader> | null = null;

/**
 * zxing-wasm, its .wasm read from node_modules: by default it would fetch the file from a CDN, which a
 * server without internet (and a privacy-minded school) must not. Resolved from this module's location, so
 * the bundled dist/scan-worker.js (zxing-wasm stays external) finds it the same way as the source does.
 */
function loadZxing(): Promise<typeof ZxingReader> {
  zxing ??= (async () => {
    const reader = await import('zxing-wasm/reader');
    const wasmPath = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    const wasmBinary = await readFile(wasmPath);
    await reader.prepareZXingModule({
      overrides: {
        wasmBinary: wasmBinary.buffer.slice(
          wasmBinary.byteOffset,
          wasmBinary.byteOffset + wasmBinary.byteLength,
        ),
      },
      fireImmediately: true,
    });
    return reader;
  })().catch((error: unknown) => {
    zxing = null;
    throw error;
  });
  return zxing;
}

export type ZxingOptions = Pick<
  ReaderOptions,
  | 'tryHarder'
  | 'tryRotate'
  | 'tryInvert'
  | 'tryDownscale'
  | 'tryDenoise'
  | 'binarizer'
  | 'downscaleFactor'
  | 'downscaleThreshold'
>;

/** The text of the first QR code ZXing finds in the image, or null. */
export async function zxingDecode(image: RgbaImage, options: ZxingOptions = {}): Promise<string | null> {
  const reader = await loadZxing();
  // zxing reads width, height and data; where the DOM's ImageData type is loaded (the bench's tsconfig) it
  // wants more, elsewhere the assertion is moot.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  const results = await reader.readBarcodes(image as never, {
    formats: ['QRCode'],
    maxNumberOfSymbols: 1,
    ...options,
  });
  return results.find((r) => r.isValid)?.text ?? null;
}

/** The text of the QR code jsQR finds in the image, or null (the bench's comparison). */
export function jsqrDecode(
  image: RgbaImage,
  inversion: 'dontInvert' | 'attemptBoth' = 'dontInvert',
): string | null {
  return jsQR(image.data, image.width, image.height, { inversionAttempts: inversion })?.data ?? null;
}
