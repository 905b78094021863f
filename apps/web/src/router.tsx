import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { PagePending } from './components/PagePending';
import { RouteErrorPage } from './components/RouteErrorPage';
import type { AuthController } from './features/auth';
import { routeTree } from './routeTree.gen';

export function createAppRouter(
  queryClient: QueryClient,
  auth: AuthController,
  options: {
    history?: RouterHistory;
    /**
     * false on the server (app.server.tsx): the router would put an inline script for the scroll position into
     * the page, which the Content Security Policy does not run; the browser's router restores it as always.
     */
    scrollRestoration?: boolean;
  } = {},
) {
  return createRouter({
    routeTree,
    context: { queryClient, auth },
    history: options.history,
    defaultPreload: 'intent',
    // Freshness is TanStack Query's business: loaders run on every preload and read from its cache.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteErrorPage,
    // A page whose data (or code) takes a moment shows a loader at once, inside its layout; the previous page
    // stays for the first 200 ms of a navigation so that quick ones do not flicker.
    defaultPendingComponent: PagePending,
    defaultPendingMs: 200,
    defaultPendingMinMs: 300,
    // Unknown paths always get the root's 404 page (error layout), never a half-matched layout.
    notFoundMode: 'root',
    scrollRestoration: options.scrollRestoration ?? true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
