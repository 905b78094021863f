import { routerPlugin } from './vite.router';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
// A relative path: the config is bundled on its own, and the contract package is TypeScript source.
import { COLOR_SCHEME_SCRIPT } from '../../packages/contract/src/color-scheme-script';
import { APP_SHELL_HEADER } from '../../packages/contract/src/teacher-pages';

// The app's version is the API's (`GET /api/config`, `GET /api/health` report it).
const { version } = JSON.parse(readFileSync(new URL('../api/package.json', import.meta.url), 'utf8')) as {
  version: string;
};
/** Names this build; an open tab compares it with `builds/latest.json` to notice a newer one. */
const buildId = `${version}-${Date.now().toString(36)}`;

/** `builds/latest.json` (polled by open tabs) and `builds/meta/{buildId}.json`, written with every build. */
function buildMetadata(): Plugin {
  return {
    name: 'build-metadata',
    apply: 'build',
    generateBundle() {
      const source = JSON.stringify({ buildId, version, builtAt: new Date().toISOString() });
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source });
      this.emitFile({ type: 'asset', fileName: `builds/meta/${buildId}.json`, source });
    },
  };
}

/**
 * In development, `/submit/{taskId}` and `/feedback/{token}` are the public pages' own HTML entries, as the API
 * serves them in production (there with the page rendered inside, ADR 020, 034).
 */
function publicPagesInDevelopment(): Plugin {
  return {
    name: 'public-pages-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const match = req.url?.match(/^\/(submit|feedback)\/[^/?]+\/?(\?.*)?$/);
        if (match) req.url = `/${match[1]}.html${match[2] ?? ''}`;
        next();
      });
    },
  };
}

/**
 * The colour mode before the first paint, inline in the head of every HTML entry (index.html, submit.html,
 * feedback.html);
 * the API's Content Security Policy allows it by the hash of the same text.
 */
function colorSchemeBeforePaint(): Plugin {
  return {
    name: 'color-scheme-before-paint',
    transformIndexHtml: () => [{ tag: 'script', children: COLOR_SCHEME_SCRIPT, injectTo: 'head-prepend' }],
  };
}

/**
 * The interface pieces most teacher pages use — layout, menus, pop-overs, dialogs, tables, text inputs, selects
 * and what they are built on — in one file beside the entry, instead of some 30 files of 1–15 kB that a page
 * would request one after another's turn on a phone's few connections (ADR 035). Rarer components (number and
 * password inputs, file inputs, radio groups …) stay in the pages that use them.
 */
const SHARED_UI = new RegExp(
  String.raw`[\/]node_modules[\/](` +
    [
      String.raw`@mantine[\/](hooks|form)`,
      '@floating-ui',
      'react-remove-scroll',
      'react-remove-scroll-bar',
      'react-style-singleton',
      'use-callback-ref',
      'use-sidecar',
      'react-textarea-autosize',
      'tabbable',
      'get-nonce',
      'detect-node-es',
      String.raw`@mantine[\/]core[\/]esm[\/]components[\/](` +
        'AppShell|Menu|Popover|Tooltip|ScrollArea|Modal|ModalBase|Portal|FocusTrap|Overlay|Transition|Avatar|' +
        'ActionIcon|CloseButton|Badge|Table|SimpleGrid|Card|Paper|NavLink|Collapse|Indicator|Burger|Alert|List|' +
        'Divider|Checkbox|Tabs|Switch|Grid|Input|InputBase|TextInput|Textarea|Combobox|Select|Floating|' +
        'VisuallyHidden|CheckIcon)',
    ].join('|') +
    String.raw`)[\/]`,
);

/** The API (and the built-in auth at `/auth/v1`) during development: `pnpm --filter @app/api dev`. */
const apiOrigin = 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: apiOrigin },
  '/auth': { target: apiOrigin },
};

export default defineConfig({
  // The router plugin must come before the React plugin: it generates src/routeTree.gen.ts and splits
  // every route's components into one chunk of its own. The loaders stay in the entry, so that a page's
  // data requests leave together with its component chunk instead of after it (ADR 035); the public
  // pages have entries of their own and do not load this one (ADR 012, 034).
  plugins: [
    routerPlugin(),
    react(),
    buildMetadata(),
    publicPagesInDevelopment(),
    colorSchemeBeforePaint(),
    // The service worker (/sw.js, ADR 019): installable app, hashed assets cached on first use, pages from the
    // network first. Never an /api or /auth answer. Registered by features/pwa, not on the children's pages.
    VitePWA({
      injectRegister: false,
      registerType: 'autoUpdate',
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        name: 'Klassenzimmer – Aufgaben und Feedback',
        short_name: 'Klassenzimmer',
        description: 'Aufgaben, Abgaben und Rubrik-Feedback für Lehrkräfte',
        lang: 'de',
        start_url: '/classes',
        scope: '/',
        display: 'standalone',
        theme_color: '#12b886',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Only the small shell files up front: a phone should not download every page of the app.
        // index.html: the empty app for a page the network cannot bring (below).
        globPatterns: ['favicon.svg', 'icons/*.png', 'index.html'],
        navigateFallback: null,
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // Content-hashed, never changing: from the cache once fetched.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'assets',
              expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 },
            },
          },
          {
            // Pages: always the current build when online; offline the empty app as last seen (only the
            // server's APP_SHELL_HEADER pages: a teacher page rendered with its data, or a child's page, never),
            // else the one of this build.
            urlPattern: ({ request, url, sameOrigin }) =>
              sameOrigin && request.mode === 'navigate' && !/^\/(api|auth)(\/|$)/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'pages',
              networkTimeoutSeconds: 5,
              expiration: { maxEntries: 20 },
              cacheableResponse: { statuses: [200], headers: { [APP_SHELL_HEADER]: '1' } },
              precacheFallback: { fallbackURL: '/index.html' },
            },
          },
        ],
      },
    }),
    // Pre-compressed copies beside every asset (gzip -9 and brotli), served by the API with
    // @fastify/static's `preCompressed`: the submit page's JavaScript crosses the wire as ~130 kB, not ~470 kB.
    compression({
      include: /\.(js|css|html|svg|json|webmanifest)$/,
      threshold: 1024,
      algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress')],
      logLevel: 'silent',
    }),
  ],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Content-hashed file names under dist/assets/ (immutable caching by the API's static handler).
    assetsDir: 'assets',
    // dist/.vite/manifest.json: the API links the formulas' stylesheet from the public pages' HTML (ADR 034).
    manifest: true,
    // Terser compresses about 3% smaller than esbuild: on the public submit page (≤ 151 kB of JavaScript on
    // a phone) that is worth the slower build.
    minify: 'terser',
    terserOptions: { ecma: 2020, compress: { passes: 2 }, format: { comments: false } },
    // Chunks below ~4 KB are merged into their importers: on the submit page that is 24 → 15 files and
    // about 2 KiB less gzipped (each file is compressed on its own and pays its own request).
    // Three pages: the app (index.html) and the public pages with their own small entries: the submit page
    // (submit.html, ADR 012) and the feedback link (feedback.html, ADR 034).
    rollupOptions: {
      input: { main: 'index.html', submit: 'submit.html', feedback: 'feedback.html' },
      output: {
        experimentalMinChunkSize: 4096,
        // React is the one chunk both entries share; named, so the figures say what it is.
        manualChunks: (id) => {
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react';
          if (SHARED_UI.test(id)) return 'ui';
          return undefined;
        },
      },
    },
  },
});
