import {
  createRootRouteWithContext,
  Outlet,
  rootRouteId,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { ErrorLayout } from '../components/layouts/ErrorLayout';
import { NotFoundPage } from '../components/NotFoundPage';
import { RouteErrorPage } from '../components/RouteErrorPage';
import { guardRoute, useSession } from '../features/auth';
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
const SignedInExtras = lazy(() => import('../components/SignedInExtras'));

/** Every page, plus the registration dialog and the profile's colour mode for signed-in users. */
function Root() {
  const { session, role } = useSession();
  const userId = session?.user?.id;
  return (
    <>
      <Outlet />
      {userId && (
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
