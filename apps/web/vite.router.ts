import { tanstackRouter } from '@tanstack/router-plugin/vite';

/**
 * The router plugin of both builds (the browser's, vite.config.ts, and the server renderers',
 * vite.ssr.config.ts): it generates src/routeTree.gen.ts and splits every route's components into a chunk of
 * their own; the loaders stay in the entry (ADR 035). Must come before the React plugin.
 */
export const routerPlugin = () =>
  tanstackRouter({
    target: 'react',
    autoCodeSplitting: true,
    codeSplittingOptions: {
      defaultBehavior: [['component', 'errorComponent', 'notFoundComponent', 'pendingComponent']],
    },
  });
