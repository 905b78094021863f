import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API (and the built-in auth at `/auth/v1`) during development: `pnpm --filter @app/api dev`. */
const apiOrigin = 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: apiOrigin },
  '/auth': { target: apiOrigin },
};

export default defineConfig({
  // The router plugin must come before the React plugin: it generates src/routeTree.gen.ts and
  // splits every route's loader and components into chunks of their own, so that the query options and
  // contract schemas of the teacher pages stay out of the entry chunk every page loads (e.g. /submit).
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader'],
          ['component'],
          ['errorComponent'],
          ['notFoundComponent', 'pendingComponent'],
        ],
      },
    }),
    react(),
  ],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Content-hashed file names under dist/assets/ (immutable caching by the API's static handler).
    assetsDir: 'assets',
    // Terser compresses about 3% smaller than esbuild: on the public submit page (≤ 150 KB of JavaScript,
    // issue 5) that is worth the slower build.
    minify: 'terser',
    terserOptions: { ecma: 2020, compress: { passes: 2 }, format: { comments: false } },
  },
});
