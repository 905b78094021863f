import { routerPlugin } from './vite.router';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The server's renderers (ADR 034, 036), bundled with React, react-dom's server renderer and the pages into
 * `dist/.ssr/`, which the API imports at the first page that needs them (it needs no React of its own):
 * - `src/feedback.server.tsx`, the public feedback page (KaTeX in a chunk of its own, loaded with the first
 *   formula);
 * - `src/app.server.tsx`, the teacher app's first visit of its main pages, split by route like the browser's
 *   build.
 * File names carry a hash of their content and `dist/.ssr/.vite/manifest.json` names the entries, so a new
 * build is a new module for the running API. Built after the app (`vite build`), into the app's output, which
 * the API serves without its dot folders. CSS modules get the class names of the app's build (they follow
 * from the CSS alone), so the markup fits the page's stylesheet and its hydration.
 */
export default defineConfig({
  plugins: [routerPlugin(), react()],
  define: { __BUILD_ID__: JSON.stringify('server') },
  build: {
    ssr: true,
    outDir: 'dist/.ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    target: 'node20',
    minify: false,
    manifest: true,
    rollupOptions: {
      input: { feedback: 'src/feedback.server.tsx', app: 'src/app.server.tsx' },
      output: { entryFileNames: '[name]-[hash].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
  ssr: { noExternal: true },
});
