import { createRootRouteWithContext, type ErrorComponentProps } from '@tanstack/react-router';
import { ErrorLayout } from '../components/layouts/ErrorLayout';
import { NotFoundPage } from '../components/NotFoundPage';
import { RouteErrorPage } from '../components/RouteErrorPage';
import type { RouterContext } from '../routerContext';

export const Route = createRootRouteWithContext<RouterContext>()({
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
