import { defineConfig } from 'tsup';

// One bundle per entry; workspace packages are inlined, npm dependencies stay in node_modules
// (PGlite loads its WASM files relative to its own module; the scan worker reads zxing-wasm's .wasm from
// there, domain/scans/decoders.ts).
export default defineConfig({
  // The TikZ and page workers are threads of their own, loaded from their own files (lib/tikz/renderer.ts,
  // domain/scans/pages.ts).
  entry: {
    server: 'src/server.ts',
    cli: 'src/cli.ts',
    'tikz-worker': 'src/lib/tikz/worker.ts',
    'scan-worker': 'src/lib/page-worker/worker.ts',
  },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: false,
  noExternal: ['@app/contract'],
  // The demo's photos, rendered once here instead of at every fresh start (src/domain/demo/photos.ts), and
  // the empty PGlite directory a fresh DATA_DIR starts from (src/db/pglite-template.ts).
  onSuccess: 'tsx src/domain/demo/write-photos.ts && tsx src/db/write-template.ts',
});
