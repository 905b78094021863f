import { defineConfig } from 'tsup';

// One bundle per entry; workspace packages are inlined, npm dependencies stay in node_modules
// (PGlite loads its WASM files relative to its own module).
export default defineConfig({
  // The TikZ worker is a thread of its own, loaded from its own file (lib/tikz/renderer.ts).
  entry: { server: 'src/server.ts', cli: 'src/cli.ts', 'tikz-worker': 'src/lib/tikz/worker.ts' },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: false,
  noExternal: ['@app/contract'],
  // The demo's photos, rendered once here instead of at every fresh start (src/domain/demo/photos.ts).
  onSuccess: 'tsx src/domain/demo/write-photos.ts',
});
