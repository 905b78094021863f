import { createRootRouteWithContext, rootRouteId, type ErrorComponentProps } from '@tanstack/react-router';
import { ErrorLayout } from '../components/layouts/ErrorLayout';
import { NotFoundPage } from '../components/NotFoundPage';
import { RouteErrorPage } from '../components/RouteErrorPage';
import { guardRoute } from '../features/auth';
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
  notFoundComponent: RootNotFound,
  errorComponent: RootError,
});

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
