import { createFileRoute, Outlet } from '@tanstack/react-router';
import { ErrorLayout } from '../components/layouts/ErrorLayout';

export const Route = createFileRoute('/_error')({
  component: ErrorLayoutRoute,
});

function ErrorLayoutRoute() {
  return (
    <ErrorLayout>
      <Outlet />
    </ErrorLayout>
  );
}
