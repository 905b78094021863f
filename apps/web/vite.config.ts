import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** The API (and the built-in auth at `/auth/v1`) during development: `pnpm --filter @app/api dev`. */
const apiOrigin = 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: apiOrigin },
  '/auth': { target: apiOrigin },
};

export default defineConfig({
  // The router plugin must come before the React plugin: it generates src/routeTree.gen.ts and
  // splits every route's loader and components into one chunk of its own, so that the query options and
  // contract schemas of the teacher pages stay out of the entry chunk every page loads (e.g. /submit).
  // One chunk per route, not one per property: a page needs its loader and component together anyway, and
  // every extra chunk costs a request and a lazy stub in the entry (ADR 012).
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component', 'errorComponent', 'notFoundComponent', 'pendingComponent']],
      },
    }),
    react(),
    // Pre-compressed copies beside every asset (gzip -9 and brotli), served by the API with
    // @fastify/static's `preCompressed`: the submit page's JavaScript crosses the wire as ~130 kB, not ~470 kB.
    compression({
      include: /\.(js|css|html|svg|json|webmanifest)$/,
      threshold: 1024,
      algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress')],
      logLevel: 'silent',
    }),
  ],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Content-hashed file names under dist/assets/ (immutable caching by the API's static handler).
    assetsDir: 'assets',
    // Terser compresses about 3% smaller than esbuild: on the public submit page (≤ 151 kB of JavaScript on
    // a phone) that is worth the slower build.
    minify: 'terser',
    terserOptions: { ecma: 2020, compress: { passes: 2 }, format: { comments: false } },
    // Chunks below ~4 KB are merged into their importers: on the submit page that is 24 → 15 files and
    // about 2 KiB less gzipped (each file is compressed on its own and pays its own request).
    rollupOptions: { output: { experimentalMinChunkSize: 4096 } },
  },
});
