import {
  createRootRouteWithContext,
  Outlet,
  rootRouteId,
  useRouterState,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ErrorLayout } from '../components/layouts/ErrorLayout';
import { NotFoundPage } from '../components/NotFoundPage';
import { RouteErrorPage } from '../components/RouteErrorPage';
import { ServerRetryNotice } from '../components/ServerRetryNotice';
import { guardRoute, useSession } from '../features/auth';
import { configQueryOptions } from '../features/config/queries';
import { isChildrensPage } from '../lib/childrensPages';
import type { RouterContext } from '../routerContext';

export const Route = createRootRouteWithContext<RouterContext>()({
  // PRODUCT.md §4 route guards, in one place for every path (features/auth/guard.ts).
  beforeLoad: ({ context, location, matches, preload }) =>
    guardRoute({
      auth: context.auth,
      location,
      // An unknown path matches only the root route: it gets the 404 page, not a sign-in redirect.
      knownRoute: matches.some((match) => match.routeId !== rootRouteId),
      preload,
    }),
  component: Root,
  notFoundComponent: RootNotFound,
  errorComponent: RootError,
});

// Signed-in users only: the public pages (the submit page above all) never load its chunk (ADR 012).
const SignedInExtras = lazy(() => import('../pages/SignedInExtras'));
// Never loaded on the children's pages: analytics (only when the operator configured it, PRODUCT.md §1) and
// the service worker with the install offer (ADR 019).
const Analytics = lazy(() => import('../features/analytics/Analytics'));
const Pwa = lazy(() => import('../features/pwa/Pwa'));

/**
 * Whether the first page has shown and the browser has a quiet moment: what every page adds (registration
 * dialog, profile colour mode, service worker, analytics) waits for it, so that a phone spends its few
 * connections and its CPU on the page's own code and data first (ADR 035).
 */
function useFirstPageShown(): boolean {
  const settled = useRouterState({ select: (state) => state.status === 'idle' && !state.isLoading });
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown || !settled) return;
    const done = () => setShown(true);
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(done, 200);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(done, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }, [settled, shown]);
  return shown;
}

/**
 * Every page, plus the registration dialog and the profile's colour mode for signed-in users, and analytics
 * and the installable app once a page that is not a child's was shown (they then stay; analytics skips the
 * children's pages itself).
 */
function Root() {
  const { session, role } = useSession();
  const userId = session?.user?.id;
  const posthog = useQuery(configQueryOptions).data?.posthog ?? null;
  const path = useRouterState({ select: (state) => state.location.pathname });
  const [grownUps, setGrownUps] = useState(false);
  if (!grownUps && !isChildrensPage(path)) setGrownUps(true);
  const extras = useFirstPageShown();
  return (
    <>
      <Outlet />
      <ServerRetryNotice />
      {extras && grownUps && (
        <Suspense fallback={null}>
          <Pwa />
          {posthog && <Analytics config={posthog} userId={userId ?? null} />}
        </Suspense>
      )}
      {extras && userId && (
        <Suspense fallback={null}>
          <SignedInExtras userId={userId} hasRole={Boolean(role)} />
        </Suspense>
      )}
    </>
  );
}

function RootNotFound() {
  return (
    <ErrorLayout>
      <NotFoundPage />
    </ErrorLayout>
  );
}

function RootError(props: ErrorComponentProps) {
  return (
    <ErrorLayout>
      <RouteErrorPage {...props} />
    </ErrorLayout>
  );
}
