import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Two workers on the 2-core build machines (vitest's default leaves one core idle once the other packages'
    // unit tests are done); each test renders the app in jsdom, which takes seconds while both cores are busy.
    maxWorkers: 2,
    testTimeout: 15_000,
  },
});
