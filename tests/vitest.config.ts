import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['deploy/**/*.test.ts', 'fixtures/**/*.test.ts', 'lint/**/*.test.ts'] },
});
