import { defineConfig } from 'vitest/config';

// Each file starts its own server and browser on free ports, so files can run side by side. Two at a time on
// the 2-core build machines: a file mostly waits for its browser or server, and the suite took 376 s instead
// of about 800 s; E2E_WORKERS=1 runs them one after another (to rule out load as the cause of a failure).
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    fileParallelism: workers > 1,
    maxWorkers: workers,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
