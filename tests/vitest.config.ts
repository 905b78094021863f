import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['deploy/**/*.test.ts', 'fixtures/**/*.test.ts', 'lint/**/*.test.ts'],
    // The first lint test loads ESLint with the whole config; with the other packages' unit tests running
    // beside it on two cores that took over vitest's default 5 s.
    testTimeout: 30_000,
  },
});
