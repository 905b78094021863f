import { defineConfig } from 'tsup';

// One bundle per entry; workspace packages are inlined, npm dependencies stay in node_modules
// (PGlite loads its WASM files relative to its own module).
export default defineConfig({
  entry: { server: 'src/server.ts', cli: 'src/cli.ts' },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: false,
  noExternal: ['@app/contract'],
});
