import type sharpType from 'sharp';

// sharp (libvips, about 25 MB resident) is loaded on the first image, not at start (ARCHITECTURE.md §4,
// ADR 023). Every user in the API's thread goes through here so that the settings below apply before the
// first image, wherever it comes from.

let loaded: Promise<typeof sharpType> | undefined;

/** sharp, configured: one libvips thread per image and no operation cache (ADR 008). */
export function loadSharp(): Promise<typeof sharpType> {
  loaded ??= import('sharp').then(
    ({ default: sharp }) => {
      // Memory stays flat under many parallel uploads; parallelism comes from PROCESSING_SLOTS instead
      // (lib/uploads/process.ts, tests/bench/uploads.ts).
      sharp.cache(false);
      sharp.concurrency(1);
      return sharp;
    },
    (err: unknown) => {
      loaded = undefined;
      throw err;
    },
  );
  return loaded;
}
