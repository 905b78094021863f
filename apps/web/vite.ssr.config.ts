import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The server's renderer of the public feedback page (ADR 034): `src/feedback.server.tsx` with React, react-dom's
 * server renderer and the page bundled into `dist/.ssr/` (KaTeX in a chunk of its own, loaded with the first
 * formula), which the API imports at the first `/feedback/{token}` (it needs no React of its own). File names
 * carry a hash of their content and `dist/.ssr/.vite/manifest.json` names the entry, so a new build is a new
 * module for the running API. Built after the app (`vite build`), into the app's output, which the API serves
 * without its dot folders. CSS modules get the class names of the app's build (they follow from the CSS
 * alone), so the markup fits the page's stylesheet and its hydration.
 */
export default defineConfig({
  plugins: [react()],
  build: {
    ssr: 'src/feedback.server.tsx',
    outDir: 'dist/.ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    target: 'node20',
    minify: false,
    manifest: true,
    rollupOptions: { output: { entryFileNames: '[name]-[hash].js', chunkFileNames: '[name]-[hash].js' } },
  },
  ssr: { noExternal: true },
});
