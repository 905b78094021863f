import { defineConfig } from 'vitest/config';

// Each file starts its own server and browser; run files one after another on the 2-core machines.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
