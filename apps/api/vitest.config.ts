import { defineConfig } from 'vitest/config';

// Integration tests open real databases (PGlite is CPU-heavy WASM); the build machines have 2 cores.
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});
