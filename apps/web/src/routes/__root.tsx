import {
  createRootRouteWithContext,
  Outlet,
  rootRouteId,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import { ErrorLayout } from '../components/layouts/ErrorLayout';
import { NotFoundPage } from '../components/NotFoundPage';
import { RouteErrorPage } from '../components/RouteErrorPage';
import { guardRoute } from '../features/auth';
import { ProfileColorScheme } from '../features/account';
import { RegistrationGate } from '../features/registration';
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

/** Every page, and once for all of them the registration dialog of signed-in users (PRODUCT.md §2). */
function Root() {
  return (
    <>
      <Outlet />
      <RegistrationGate />
      {/* The signed-in user's colour mode from their profile (PRODUCT.md §4 Account). */}
      <ProfileColorScheme />
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
